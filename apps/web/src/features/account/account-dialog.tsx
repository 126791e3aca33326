import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { firstIssueMessage, type SessionUser } from '@punchclock/shared/contracts/auth';
import {
  changeMyPasswordRequestSchema,
  updateMyProfileRequestSchema,
} from '@punchclock/shared/contracts/users';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { changeMyPassword, saveMyName } from './api';
import { KioskPinForm } from './kiosk-pin-form';
import { LanguageSettings } from './language-settings';
import { PushReminders } from './push-reminders';
import { PersonalApiTokens } from '@/features/api-tokens';
import { sessionQueryKey } from '@/lib/query-keys';

const EmailPreferences = lazy(() => import('./email-preferences'));
const TwoFactorSettings = lazy(() => import('./two-factor-settings'));
const SignedInSessions = lazy(() => import('./signed-in-sessions'));

/** The header's account control: change one's own name and password. */
export function AccountDialog({
  user,
  isOpen,
  onClose,
}: {
  user: SessionUser;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const saveName = useMutation({
    meta: { showsOwnError: true },
    mutationFn: saveMyName,
    onSuccess: () => {
      toast.success(t`Name saved`);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onError: (error) => setNameError(error.message),
  });
  const changePassword = useMutation({
    meta: { showsOwnError: true },
    mutationFn: changeMyPassword,
    onSuccess: () => {
      toast.success(t`Password changed. Your other sessions were signed out.`);
      setCurrentPassword('');
      setNewPassword('');
    },
    onError: (error) => setPasswordError(error.message),
  });

  const onSaveName = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateMyProfileRequestSchema.safeParse({ name });
    if (!parsed.success) return setNameError(firstIssueMessage(parsed.error));
    setNameError(undefined);
    saveName.mutate(parsed.data);
  };
  const onChangePassword = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeMyPasswordRequestSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) return setPasswordError(firstIssueMessage(parsed.error));
    setPasswordError(undefined);
    changePassword.mutate(parsed.data);
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-md overflow-y-auto">
        <DialogTitle>
          <Trans>Your account</Trans>
        </DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
        <form className="grid gap-3" onSubmit={onSaveName} noValidate>
          <Field id="account-name" label={t`Name`}>
            <Input
              value={name}
              autoComplete="name"
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <FieldError id="account-name-error" message={nameError} />
          <Button type="submit" variant="outline" disabled={saveName.isPending}>
            <Trans>Save name</Trans>
          </Button>
        </form>
        <form className="grid gap-3 border-t pt-4" onSubmit={onChangePassword} noValidate>
          <Field id="account-current-password" label={t`Current password`}>
            <Input
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
            />
          </Field>
          <Field
            id="account-new-password"
            label={t`New password`}
            hint={t`Changing it signs you out on your other devices and revokes your personal API tokens.`}
          >
            <Input
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </Field>
          <FieldError id="account-password-error" message={passwordError} />
          <Button type="submit" disabled={changePassword.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </form>
        <LanguageSettings />
        <KioskPinForm />
        <PushReminders />
        {/* Loaded when the dialog opens: the dashboard's first page stays lean (#16). */}
        <Suspense fallback={null}>
          <EmailPreferences />
          <TwoFactorSettings />
          <PersonalApiTokens />
          <SignedInSessions />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
