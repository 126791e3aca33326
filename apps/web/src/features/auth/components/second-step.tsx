import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SessionUser } from '@punchclock/shared/contracts/auth';
import type { SecondFactorMethod } from '@punchclock/shared/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { finishWithCode, finishWithPasskey, finishWithRecoveryCode } from '../second-step-api';

/** A passkey prompt the person closed, or that timed out: not worth more than a line. */
function passkeyErrorMessage(error: Error, cancelled: string): string {
  return error.name === 'NotAllowedError' || error.name === 'AbortError'
    ? cancelled
    : error.message;
}

/**
 * The second step of a password sign-in (two-step verification): a code from the app, a
 * recovery code, or a passkey — whichever the person has.
 */
export function SecondStep({
  methods,
  onSignedIn,
  onStartOver,
}: {
  methods: SecondFactorMethod[];
  onSignedIn: (user: SessionUser) => void;
  onStartOver: () => void;
}) {
  const { t } = useLingui();
  const [mode, setMode] = useState<SecondFactorMethod>(methods[0] ?? 'totp');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [mode]);

  const onFailure = (failure: Error & { code?: string }) => {
    if (failure.code === 'second_factor_expired') return onStartOver();
    setError(passkeyErrorMessage(failure, t`The passkey was not used. Try again.`));
  };
  const submit = useMutation({
    meta: { showsOwnError: true },
    mutationFn: () => (mode === 'recovery' ? finishWithRecoveryCode(value) : finishWithCode(value)),
    onSuccess: ({ user }) => onSignedIn(user),
    onError: (failure) => {
      setValue('');
      onFailure(failure);
    },
  });
  const passkey = useMutation({
    meta: { showsOwnError: true },
    mutationFn: finishWithPasskey,
    onSuccess: ({ user }) => onSignedIn(user),
    onError: onFailure,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (value.trim()) submit.mutate();
  };
  const choose = (next: SecondFactorMethod) => {
    setError(undefined);
    setValue('');
    setMode(next);
  };

  return (
    <div className="grid gap-4">
      <div className="text-center">
        <h2 className="text-lg font-semibold">
          <Trans>Two-step verification</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          {mode === 'totp' && <Trans>Enter the 6-digit code from your authenticator app.</Trans>}
          {mode === 'recovery' && <Trans>Enter one of the recovery codes you saved.</Trans>}
          {mode === 'passkey' && <Trans>Use your passkey to finish signing in.</Trans>}
        </p>
      </div>
      {mode === 'passkey' ? (
        <div className="grid gap-2">
          <Button type="button" disabled={passkey.isPending} onClick={() => passkey.mutate()}>
            <Trans>Use your passkey</Trans>
          </Button>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label={t`Second step`}>
          {mode === 'totp' ? (
            <Field id="second-step-code" label={t`Authentication code`} error={error}>
              <Input
                ref={input}
                name="code"
                value={value}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                onChange={(event) => setValue(event.target.value)}
              />
            </Field>
          ) : (
            <Field id="second-step-recovery" label={t`Recovery code`} error={error}>
              <Input
                ref={input}
                name="recovery-code"
                value={value}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={20}
                onChange={(event) => setValue(event.target.value)}
              />
            </Field>
          )}
          <Button type="submit" className="w-full" disabled={submit.isPending}>
            <Trans>Verify</Trans>
          </Button>
        </form>
      )}
      <div className="grid gap-1">
        {mode !== 'totp' && methods.includes('totp') && (
          <Button type="button" variant="link" onClick={() => choose('totp')}>
            <Trans>Use your authenticator app</Trans>
          </Button>
        )}
        {mode !== 'passkey' && methods.includes('passkey') && (
          <Button type="button" variant="link" onClick={() => choose('passkey')}>
            <Trans>Use a passkey</Trans>
          </Button>
        )}
        {mode !== 'recovery' && methods.includes('recovery') && (
          <Button type="button" variant="link" onClick={() => choose('recovery')}>
            <Trans>Use a recovery code</Trans>
          </Button>
        )}
        <Button type="button" variant="link" onClick={onStartOver}>
          <Trans>Start over</Trans>
        </Button>
      </div>
    </div>
  );
}

export default SecondStep;
