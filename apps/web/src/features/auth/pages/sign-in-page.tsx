import { Trans, useLingui } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { SessionUser } from '@punchclock/shared/contracts/auth';
import type { SecondFactorMethod } from '@punchclock/shared/contracts/two-factor';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { useSession } from '@/lib/session';
import {
  loadSignInContract,
  useAdoptSession,
  useSetupStatus,
  useSignIn,
  useSsoButtons,
} from '../api';

const SsoSignInOptions = lazy(() => import('../components/sso-sign-in-options'));
const SecondStep = lazy(() => import('../components/second-step'));
const SetupNotice = lazy(() => import('../components/setup-notice'));

/** Whether this browser can use passkeys at all (WebAuthn). */
const hasPasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

export function SignInPage() {
  const { t } = useLingui();
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [searchParams] = useSearchParams();
  const ssoErrorCode = searchParams.get('sso_error');
  const ssoButtons = useSsoButtons();
  const { needsSetup, organisationName } = useSetupStatus();
  const adoptSession = useAdoptSession();
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);
  const finishSignIn = (user: SessionUser) => {
    adoptSession(user);
    void navigate('/dashboard', { replace: true });
  };
  const passkeySignIn = useMutation({
    meta: { showsOwnError: true },
    mutationFn: () => import('../second-step-api').then((module) => module.signInWithPasskey()),
    onSuccess: ({ user }) => finishSignIn(user),
  });

  // The form shows at once, while the session is read (the first page paints without waiting
  // for the server); someone already signed in is sent on to the dashboard when it answers.
  if (session.user) return <Navigate to="/dashboard" replace />;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    // The contract check runs in the mutation; a refusal comes back as its error message.
    signIn.mutate(
      { email, password, name },
      {
        onSuccess: (reply) => {
          if ('twoFactor' in reply) {
            setPassword('');
            setSecondStep(reply.twoFactor.methods);
          } else void navigate('/dashboard', { replace: true });
        },
      },
    );
  };

  return (
    <main className="flex min-h-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Clock className="size-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold">Punchclock</h1>
          {organisationName && (
            <p className="font-medium" data-testid="organisation-name">
              {organisationName}
            </p>
          )}
          <CardDescription>
            <Trans>Sign in to track your time</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {needsSetup && (
            <Suspense fallback={null}>
              <SetupNotice />
            </Suspense>
          )}
          {secondStep ? (
            <Suspense fallback={null}>
              <SecondStep
                methods={secondStep}
                onSignedIn={finishSignIn}
                onStartOver={() => setSecondStep(null)}
              />
            </Suspense>
          ) : (
            <>
              {(ssoErrorCode || ssoButtons.length > 0) && (
                // Only where single sign-on is in use: the first page stays lean without it.
                <Suspense fallback={null}>
                  <SsoSignInOptions errorCode={ssoErrorCode} providers={ssoButtons} />
                </Suspense>
              )}
              <form
                className="grid gap-4"
                onSubmit={handleSubmit}
                onFocus={() => void loadSignInContract()}
                aria-label={t`Sign in`}
              >
                <Field id="email" label={t`Email`} className="grid gap-2">
                  <Input
                    name="email"
                    type="email"
                    autoComplete="username"
                    placeholder="you@company.com"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    required
                  />
                </Field>
                <Field id="password" label={t`Password`} className="grid gap-2">
                  <Input
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    minLength={8}
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    required
                  />
                </Field>
                <Field
                  id="name"
                  label={
                    <>
                      <Trans>
                        Name <span className="font-normal text-muted-foreground">(optional)</span>
                      </Trans>
                    </>
                  }
                  className="grid gap-2"
                >
                  <Input
                    name="name"
                    autoComplete="name"
                    value={name}
                    onChange={(event) => setName(event.target.value)}
                  />
                </Field>
                <Button type="submit" className="w-full" disabled={signIn.isPending}>
                  {signIn.isPending ? t`Signing In...` : t`Sign In`}
                </Button>
              </form>
              {hasPasskeys() && (
                <div className="grid gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    className="w-full"
                    disabled={passkeySignIn.isPending}
                    onClick={() => passkeySignIn.mutate()}
                  >
                    <Trans>Continue with a passkey</Trans>
                  </Button>
                  {passkeySignIn.error && passkeySignIn.error.name !== 'NotAllowedError' && (
                    <p role="alert" className="text-sm text-destructive">
                      {passkeySignIn.error.message}
                    </p>
                  )}
                </div>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
