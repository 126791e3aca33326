import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { firstIssueMessage, passwordSchema } from '@punchclock/shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { FullPageSpinner } from '@/components/ui/spinner';
import { passwordLinkQueryOptions, setPasswordWithLink } from './api';

/** The token travels after "#" so it never reaches a server log or a Referer header. */
function readToken(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

export default function SetPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [token] = useState(readToken);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | undefined>();
  const info = useQuery(passwordLinkQueryOptions(token));
  const submit = useMutation({
    meta: { showsOwnError: true },
    mutationFn: () => setPasswordWithLink({ token, password }),
    onSuccess: () => {
      toast.success(t`Password set. Sign in with your new password.`);
      void navigate('/auth', { replace: true });
    },
    onError: (failure) => setError(failure.message),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    if (password !== confirmation) return setError(t`The two passwords do not match`);
    setError(undefined);
    submit.mutate();
  };

  if (info.isPending) return <FullPageSpinner />;
  const email = info.data?.email;
  return (
    <main className="flex min-h-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <KeyRound className="size-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold">
            <Trans>Choose your password</Trans>
          </h1>
          <CardDescription>{info.data ? t`For ${email}` : 'Punchclock'}</CardDescription>
        </CardHeader>
        <CardContent>
          {info.isError ? (
            <div className="grid gap-4 text-center">
              <p role="alert" className="text-destructive">
                {info.error.message}
              </p>
              <Link to="/auth" className="font-medium text-primary underline underline-offset-4">
                <Trans>Go to sign in</Trans>
              </Link>
            </div>
          ) : (
            <form className="grid gap-4" onSubmit={onSubmit} noValidate>
              <Field
                id="new-password"
                label={t`New password`}
                hint={t`At least 8 characters, with an uppercase letter and a number.`}
                className="grid gap-2"
              >
                <Input
                  type="password"
                  autoComplete="new-password"
                  minLength={8}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </Field>
              <Field id="confirm-password" label={t`Repeat the password`} className="grid gap-2">
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={confirmation}
                  onChange={(event) => setConfirmation(event.target.value)}
                />
              </Field>
              <FieldError id="set-password-error" message={error} />
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? t`Saving...` : t`Set password`}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
