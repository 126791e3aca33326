import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  createUserRequestSchema,
  updateUserRequestSchema,
  type SetPasswordLink,
  type UserSummary,
} from '@punchclock/shared/contracts/users';
import { ROLE_LABELS, ROLES } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { contractResolver } from '@/lib/zod-resolver';
import { directoryQueryOptions, teamsQueryOptions, useCreateUser, useUpdateUser } from '../api';

interface UserFormValues {
  name: string;
  email: string;
  role: string;
  teamId: string;
  hireDate: string;
  password: string;
  ssoOnly: boolean;
  /** Roster positions, comma-separated ("Cashier, Stock"). */
  positions: string;
  /** Hours a week the auto-fill plans for them ("25", "7,5"); empty: the team's setting. */
  minWeekHours: string;
  maxWeekHours: string;
  /** Whom they report to; empty: nobody. */
  managerId: string;
}

/** "37,5" or "37.5" hours as minutes; empty is null (the team's setting); not a number is NaN. */
function hoursToMinutes(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const hours = Number(trimmed);
  return Number.isFinite(hours) ? Math.round(hours * 60) : Number.NaN;
}

const minutesToHours = (minutes: number | null | undefined) =>
  minutes == null ? '' : String(Math.round((minutes / 60) * 100) / 100);

/** "Cashier, Stock," as the list the contract takes: trimmed, empty and repeated ones dropped. */
function parsePositions(text: string): string[] {
  const positions = text
    .split(',')
    .map((position) => position.trim())
    .filter(Boolean);
  return [...new Set(positions)];
}

const toInput = ({ minWeekHours, maxWeekHours, ...values }: UserFormValues) => ({
  ...values,
  teamId: values.teamId || null,
  managerId: values.managerId || null,
  hireDate: values.hireDate || null,
  positions: parsePositions(values.positions),
  minWeekMinutes: hoursToMinutes(minWeekHours),
  maxWeekMinutes: hoursToMinutes(maxWeekHours),
});
const createResolver = contractResolver<UserFormValues>(createUserRequestSchema, toInput);
const updateResolver = contractResolver<UserFormValues>(updateUserRequestSchema, toInput);

interface UserFormDialogProps {
  isOpen: boolean;
  user: UserSummary | null;
  onClose: () => void;
  onLinkCreated: (link: SetPasswordLink, personName: string) => void;
}

/** Add a person (with a password, or a one-time link) or edit one. */
export function UserFormDialog({ isOpen, user, onClose, onLinkCreated }: UserFormDialogProps) {
  const { t } = useLingui();
  const teams = useQuery({ ...teamsQueryOptions, enabled: isOpen });
  const directory = useQuery({ ...directoryQueryOptions, enabled: isOpen && user !== null });
  // Anyone active but the person, and whoever they report to now even if suspended since.
  const managers = (directory.data?.users ?? []).filter(
    (entry) => entry.id !== user?.id && (!entry.isSuspended || entry.id === user?.managerId),
  );
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<UserFormValues>({ resolver: user ? updateResolver : createResolver });
  const { register, handleSubmit, reset, formState, setError } = form;

  useEffect(() => {
    if (!isOpen) return;
    reset({
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: user?.role ?? 'employee',
      teamId: user?.teamId ?? '',
      hireDate: user?.hireDate ?? '',
      password: '',
      ssoOnly: user?.ssoOnly ?? false,
      positions: user?.positions.join(', ') ?? '',
      minWeekHours: minutesToHours(user?.minWeekMinutes),
      maxWeekHours: minutesToHours(user?.maxWeekMinutes),
      managerId: user?.managerId ?? '',
    });
  }, [isOpen, user, reset]);

  const onSubmit = handleSubmit((values) => {
    const onError = (error: Error) => setError('root', { message: error.message });
    if (user) {
      update.mutate(
        {
          id: user.id,
          input: {
            name: values.name,
            email: values.email,
            role: values.role as UserSummary['role'] & string,
            teamId: values.teamId || null,
            hireDate: values.hireDate || null,
            ssoOnly: values.ssoOnly,
            positions: parsePositions(values.positions),
            minWeekMinutes: hoursToMinutes(values.minWeekHours),
            maxWeekMinutes: hoursToMinutes(values.maxWeekHours),
            // Unchanged until the list of people has loaded (the select shows the current one).
            ...(directory.data ? { managerId: values.managerId || null } : {}),
          },
        },
        { onSuccess: onClose, onError },
      );
    } else {
      create.mutate(
        {
          name: values.name,
          email: values.email,
          role: values.role as 'employee',
          teamId: values.teamId || null,
          hireDate: values.hireDate || null,
          password: values.password || undefined,
        },
        {
          onSuccess: (result) => {
            onClose();
            if (result.setPasswordLink)
              onLinkCreated(result.setPasswordLink, result.user.name ?? result.user.email);
          },
          onError,
        },
      );
    }
  });

  const errors = formState.errors;
  // The hours fields are checked as the contract's minutes, so their errors carry those names.
  const contractErrors = errors as Record<string, { message?: string } | undefined>;
  const who = user ? (user.name ?? user.email) : '';
  const isPending = create.isPending || update.isPending;
  const field = (name: 'name' | 'email', label: string, type = 'text') => (
    <Field id={`user-${name}`} label={label} error={errors[name]?.message}>
      <Input type={type} autoComplete="off" {...register(name)} />
    </Field>
  );

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{user ? t`Edit ${who}` : t`Add a person`}</DialogTitle>
        <DialogDescription>
          {user
            ? t`Changes apply at once; a role change updates their open screens.`
            : t`They can sign in with this email.`}
        </DialogDescription>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          {field('name', t`Name`)}
          {field('email', t`Email`, 'email')}
          <div className="grid grid-cols-2 gap-3">
            <Field id="user-role" label={t`Role`}>
              <Select {...register('role')}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="user-team" label={t`Team`}>
              <Select {...register('teamId')}>
                <option value="">{t`No team`}</option>
                {teams.data?.teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field
            id="user-hire-date"
            label={t`Hire date (optional)`}
            hint={t`Vacation entitlement counts from it: 2 weeks a year, 3 after 5 years (Ontario ESA).`}
            error={errors.hireDate?.message}
          >
            <Input type="date" {...register('hireDate')} />
          </Field>
          {user && (
            <Field
              id="user-manager"
              label={t`Reports to (optional)`}
              hint={t`Shown with the person and in imports; approvals stay with their team's lead.`}
              error={contractErrors.managerId?.message}
            >
              <Select {...register('managerId')}>
                <option value="">{t`Nobody`}</option>
                {user.managerId && !directory.data && (
                  <option value={user.managerId}>{user.managerName ?? ''}</option>
                )}
                {managers.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name ?? entry.email}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {user && (
            <Field
              id="user-positions"
              label={t`Positions (optional)`}
              hint={t`What they may work on the roster, separated by commas, e.g. Cashier, Stock.`}
              error={errors.positions?.message}
            >
              <Input autoComplete="off" {...register('positions')} />
            </Field>
          )}
          {user && (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id="user-min-week-hours"
                label={t`Minimum hours a week (optional)`}
                hint={t`For the roster’s auto-fill; empty: the team’s setting.`}
                error={contractErrors.minWeekMinutes?.message}
              >
                <Input inputMode="decimal" autoComplete="off" {...register('minWeekHours')} />
              </Field>
              <Field
                id="user-max-week-hours"
                label={t`Maximum hours a week (optional)`}
                hint={t`For the roster’s auto-fill; empty: the team’s setting.`}
                error={contractErrors.maxWeekMinutes?.message}
              >
                <Input inputMode="decimal" autoComplete="off" {...register('maxWeekHours')} />
              </Field>
            </div>
          )}
          {!user && (
            <Field
              id="user-password"
              label={t`Initial password (optional)`}
              hint={t`Leave empty to get a one-time link they use to choose their own.`}
              error={errors.password?.message}
            >
              <Input type="password" autoComplete="new-password" {...register('password')} />
            </Field>
          )}
          {user && (
            <label className="flex cursor-pointer items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1 accent-primary" {...register('ssoOnly')} />
              <span>
                <Trans>Sign in only with single sign-on</Trans>
                <span className="block text-muted-foreground">
                  <Trans>
                    Their password no longer signs them in; they use your organization’s sign-in.
                  </Trans>
                </span>
              </span>
            </label>
          )}
          <FieldError id="user-form-error" message={errors.root?.message} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? t`Saving...` : user ? t`Save changes` : t`Add person`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
