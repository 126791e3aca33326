import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Passkey } from '@punchclock/shared/contracts/two-factor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import {
  addPasskey,
  confirmTotpSetup,
  myTwoFactorQueryKey,
  myTwoFactorQueryOptions,
  regenerateRecoveryCodes,
  removePasskey,
  removeTotp,
  renamePasskey,
  startTotpSetup,
} from './two-factor-api';

/** The ten codes, once: copy or download them, then they are gone from the screen. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const text = codes.join('\n');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t`Copied`);
    } catch {
      toast.error(t`Copy them from the list instead`);
    }
  }
  function download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    link.download = 'punchclock-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }
  return (
    <div className="grid gap-3 rounded-lg border bg-muted p-3" role="status">
      <p className="text-sm font-medium">
        <Trans>Save your recovery codes</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Each code signs you in once if you lose your phone. Keep them somewhere safe: they are
          shown only now.
        </Trans>
      </p>
      <ul
        className="grid grid-cols-2 gap-1 font-mono text-sm"
        aria-label={t`Recovery codes`}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> <Trans>Copy</Trans>
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden /> <Trans>Download</Trans>
        </Button>
        <Button type="button" onClick={onDone}>
          <Trans>I have saved them</Trans>
        </Button>
      </div>
    </div>
  );
}

/** How the person proves it is them before adding a factor: what `askProof` decides. */
interface ProofProps {
  /** Whether to ask (not in a setup-only session fresh from its password). */
  askProof: boolean;
  /** Whether a code from the app is also accepted (the app is on). */
  acceptsCode: boolean;
}

/** The password again (or a current code) before a factor is added or removed (decision 0056). */
function ProofField({
  id,
  acceptsCode,
  value,
  onChange,
  error,
}: {
  id: string;
  acceptsCode: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useLingui();
  return (
    <Field
      id={id}
      label={acceptsCode ? t`Your password or a current code` : t`Your password`}
      error={error}
    >
      <Input
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** The server asked for the password after all (a setup-only session past its first minutes). */
function asksForProof(failure: Error): boolean {
  return failure instanceof ApiError && failure.code === 'reauthentication_required';
}

function TotpSetup({
  onEnabled,
  askProof,
  acceptsCode,
}: ProofProps & { onEnabled: (codes: string[]) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [mustAsk, setMustAsk] = useState(false);
  const [startError, setStartError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const start = useMutation({
    meta: { showsOwnError: true },
    mutationFn: () => startTotpSetup(proof),
    onSuccess: () => setProof(''),
    onError: (failure) => {
      if (asksForProof(failure)) setMustAsk(true);
      setStartError(failure.message);
    },
  });
  const confirm = useMutation({
    meta: { showsOwnError: true },
    mutationFn: confirmTotpSetup,
    onSuccess: (reply) => onEnabled(reply.recoveryCodes),
    onError: (failure) => setError(failure.message),
  });
  if (!start.data) {
    return (
      <form
        className="grid gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setStartError(undefined);
          start.mutate();
        }}
      >
        {(askProof || mustAsk) && (
          <ProofField
            id="totp-setup-proof"
            acceptsCode={acceptsCode}
            value={proof}
            onChange={setProof}
          />
        )}
        {startError && (
          <p className="text-sm text-destructive" role="alert">
            {startError}
          </p>
        )}
        <Button type="submit" variant="outline" disabled={start.isPending}>
          <Trans>Set up authenticator app</Trans>
        </Button>
      </form>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    confirm.mutate(code);
  };
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Scan this QR code with your authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password…), then enter the 6-digit code it shows.
        </Trans>
      </p>
      <img
        src={start.data.qrCode}
        alt={t`QR code for your authenticator app`}
        className="size-44 rounded bg-white p-1"
      />
      <Field
        id="totp-secret"
        label={t`Or enter this key in the app`}
        hint={t`Time-based, 6 digits, every 30 seconds.`}
      >
        <Input
          readOnly
          value={start.data.secret}
          className="font-mono text-xs"
          data-testid="totp-secret"
        />
      </Field>
      <Field id="totp-confirm-code" label={t`Code from the app`} error={error}>
        <Input
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          onChange={(event) => setCode(event.target.value)}
        />
      </Field>
      <Button type="submit" disabled={confirm.isPending}>
        <Trans>Turn on</Trans>
      </Button>
    </form>
  );
}

function RemoveTotp({ onRemoved }: { onRemoved: () => void }) {
  const { t } = useLingui();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useMutation({
    meta: { showsOwnError: true },
    mutationFn: () => {
      const digits = proof.replace(/\s/g, '');
      return removeTotp(/^\d{6}$/.test(digits) ? { code: digits } : { password: proof });
    },
    onSuccess: () => {
      toast.success(t`Authenticator app removed`);
      setProof('');
      onRemoved();
    },
    onError: (failure) => setError(failure.message),
  });
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        if (proof) remove.mutate();
      }}
    >
      <ProofField
        id="totp-remove-proof"
        acceptsCode
        value={proof}
        onChange={setProof}
        error={error}
      />
      <Button type="submit" variant="outline" disabled={remove.isPending || !proof}>
        <Trans>Remove authenticator app</Trans>
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (newName: string) => renamePasskey(passkey.id, newName),
    onSuccess: () => {
      setName(null);
      onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => removePasskey(passkey.id),
    onSuccess: () => {
      toast.success(t`Passkey removed`);
      onChanged();
    },
  });
  const passkeyName = passkey.name;
  if (name !== null) {
    return (
      <li>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate(name);
          }}
        >
          <Field id={`passkey-name-${passkey.id}`} label={t`New name for ${passkeyName}`}>
            <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Button type="submit" size="sm" disabled={rename.isPending}>
            <Trans>Save</Trans>
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setName(null)}>
            <Trans>Cancel</Trans>
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2" data-testid="passkey">
      <span className="flex items-center gap-2 text-sm">
        {passkey.name}
        {passkey.isSynced && (
          <Badge variant="outline">
            <Trans>Synced</Trans>
          </Badge>
        )}
      </span>
      <span className="flex gap-1">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-label={t`Rename ${passkeyName}`}
          onClick={() => setName(passkey.name)}
        >
          <Trans>Rename</Trans>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-label={t`Remove ${passkeyName}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          <Trans>Remove</Trans>
        </Button>
      </span>
    </li>
  );
}

function AddPasskey({ onAdded, askProof, acceptsCode }: ProofProps & { onAdded: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [proof, setProof] = useState('');
  const [mustAsk, setMustAsk] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({
    meta: { showsOwnError: true },
    mutationFn: () => addPasskey(name.trim(), proof),
    onSuccess: () => {
      toast.success(t`Passkey added`);
      setName('');
      setProof('');
      onAdded();
    },
    onError: (failure) => {
      if (asksForProof(failure)) setMustAsk(true);
      setError(
        failure.name === 'NotAllowedError'
          ? t`The passkey was not made: the browser's request was cancelled or timed out.`
          : failure.message,
      );
    },
  });
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        if (!name.trim()) return setError(t`Name the passkey`);
        add.mutate();
      }}
    >
      <Field
        id="passkey-new-name"
        label={t`Passkey name`}
        hint={t`Which device or password manager holds it, e.g. "Work laptop".`}
        error={error}
      >
        <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
      </Field>
      {(askProof || mustAsk) && (
        <ProofField
          id="passkey-add-proof"
          acceptsCode={acceptsCode}
          value={proof}
          onChange={setProof}
        />
      )}
      <Button type="submit" variant="outline" disabled={add.isPending}>
        <Trans>Add passkey</Trans>
      </Button>
    </form>
  );
}

/**
 * Account → Security (#33 part 4): an authenticator app with recovery codes, and passkeys.
 * Also the whole of the "Set up two-step verification to continue" screen.
 */
export function TwoFactorSettings() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const factors = useQuery(myTwoFactorQueryOptions);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [regenerateProof, setRegenerateProof] = useState('');
  // A setup-only session fresh from its password is not asked again (the server decides).
  const askProof = useSession().data?.twoFactorSetupRequired !== true;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: myTwoFactorQueryKey });
    // A session that waited for a second factor is whole once there is one.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
  const regenerate = useMutation({
    meta: { showsOwnError: true },
    mutationFn: () => regenerateRecoveryCodes(regenerateProof),
    onSuccess: (reply) => {
      setRegenerateProof('');
      setRecoveryCodes(reply.recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: myTwoFactorQueryKey });
    },
  });
  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby="two-factor-heading">
      <div>
        <h3 id="two-factor-heading" className="font-medium">
          <Trans>Two-step verification</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            After your password, sign-in asks for a code from an app on your phone, or a passkey.
          </Trans>
        </p>
      </div>
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            refresh();
          }}
        />
      ) : (
        <QueryState query={factors}>
          {(data) => (
            <div className="grid gap-4">
              {data.isRequired && (
                <p className="text-sm">
                  <Trans>Your organization requires two-step verification.</Trans>
                </p>
              )}
              <div className="grid gap-2">
                <h4 className="flex items-center gap-2 text-sm font-medium">
                  <Trans>Authenticator app</Trans>
                  <Badge variant={data.totpEnabled ? 'success' : 'outline'}>
                    {data.totpEnabled ? t`On` : t`Off`}
                  </Badge>
                </h4>
                {data.totpEnabled ? (
                  <RemoveTotp onRemoved={refresh} />
                ) : (
                  <TotpSetup
                    askProof={askProof}
                    acceptsCode={false}
                    onEnabled={(codes) => setRecoveryCodes(codes)}
                  />
                )}
              </div>
              {(data.totpEnabled || data.passkeys.length > 0) && (
                <div className="grid gap-2">
                  <h4 className="text-sm font-medium">
                    <Trans>Recovery codes</Trans>
                  </h4>
                  <p className="text-sm text-muted-foreground" data-testid="recovery-codes-left">
                    {t`${data.recoveryCodesLeft} of 10 left.`}
                  </p>
                  <form
                    className="grid gap-2"
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      regenerate.mutate();
                    }}
                  >
                    <ProofField
                      id="recovery-codes-proof"
                      acceptsCode={data.totpEnabled}
                      value={regenerateProof}
                      onChange={setRegenerateProof}
                    />
                    {regenerate.error && (
                      <p className="text-sm text-destructive" role="alert">
                        {regenerate.error.message}
                      </p>
                    )}
                    <Button type="submit" variant="outline" disabled={regenerate.isPending}>
                      <Trans>New recovery codes</Trans>
                    </Button>
                  </form>
                </div>
              )}
              <div className="grid gap-2">
                <h4 className="text-sm font-medium">
                  <Trans>Passkeys</Trans>
                </h4>
                {data.passkeys.length > 0 ? (
                  <ul className="grid gap-2" aria-label={t`Your passkeys`}>
                    {data.passkeys.map((passkey) => (
                      <PasskeyRow key={passkey.id} passkey={passkey} onChanged={refresh} />
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    <Trans>
                      A passkey signs you in with your fingerprint, face or device PIN, without a
                      password.
                    </Trans>
                  </p>
                )}
                <AddPasskey askProof={askProof} acceptsCode={data.totpEnabled} onAdded={refresh} />
              </div>
            </div>
          )}
        </QueryState>
      )}
    </section>
  );
}

export default TwoFactorSettings;
