import { useMutation } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  API_SCOPE_DESCRIPTIONS,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  type ApiScope,
  type ApiToken,
  type CreateApiTokenResponse,
} from '@punchclock/shared/contracts/api-tokens';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { formatBusinessDateTime, shiftDate } from '@punchclock/shared/domain/business-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useBusinessToday, useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Where a new token's expiry starts: 90 days, a common default (GitHub offers 30–90). */
const DEFAULT_DAYS = 90;

/** Name, scopes and last day of a new token; the answer (with its secret) goes to `onCreated`. */
export function NewApiTokenForm({
  idPrefix,
  endpoint,
  availableScopes,
  submitLabel,
  onCreated,
}: {
  idPrefix: string;
  endpoint: '/api/api-tokens' | '/api/admin/api-tokens';
  availableScopes: readonly ApiScope[];
  submitLabel: string;
  onCreated: (created: CreateApiTokenResponse) => void;
}) {
  const today = useBusinessToday();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresOn, setExpiresOn] = useState(() => shiftDate(today, DEFAULT_DAYS));
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest(endpoint, { method: 'POST', body, schema: createApiTokenResponseSchema }),
    onSuccess: (created) => {
      setName('');
      setScopes([]);
      onCreated(created);
    },
    onError: (failure) => setError(failure.message),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createApiTokenRequestSchema.safeParse({ name, scopes, expiresOn });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    create.mutate(parsed.data);
  };
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) =>
      on ? [...current, scope] : current.filter((chosen) => chosen !== scope),
    );

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <Field id={`${idPrefix}-name`} label="Token name">
        <Input
          value={name}
          placeholder="Payroll sync"
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        {availableScopes.map((scope) => (
          <label key={scope} className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 accent-primary"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span>
              <code className="text-xs">{scope}</code>
              <span className="block text-muted-foreground">{API_SCOPE_DESCRIPTIONS[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Field id={`${idPrefix}-expires`} label="Last day it works" hint="At most a year from today.">
        <Input
          type="date"
          value={expiresOn}
          min={today}
          max={shiftDate(today, 366)}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
      </Field>
      <FieldError id={`${idPrefix}-error`} message={error} />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
        <KeyRound aria-hidden /> {submitLabel}
      </Button>
    </form>
  );
}

/** The secret, once: only its hash is kept, so it cannot be shown again. */
export function ShownSecret({ created }: { created: CreateApiTokenResponse }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Token copied');
    } catch {
      toast.error('Copy it from the box instead');
    }
  }
  const id = `api-token-secret-${created.token.id}`;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted p-3" role="status">
      <Label htmlFor={id}>Token “{created.token.name}”</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={created.secret} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Shown this once: store it where the other system keeps secrets. Send it as{' '}
        <code className="text-xs">Authorization: Bearer …</code>.
      </p>
    </div>
  );
}

/** The last day a token works: it stops at midnight (business time) after it. */
function lastDay(expiresAt: string, timeZone: string): string {
  const lastInstant = new Date(Date.parse(expiresAt) - 1);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(lastInstant);
}

function tokenState(token: ApiToken): { label: string; tone: 'success' | 'outline' } {
  if (token.revokedAt) return { label: 'Revoked', tone: 'outline' };
  if (Date.parse(token.expiresAt) <= Date.now()) return { label: 'Expired', tone: 'outline' };
  return { label: 'Active', tone: 'success' };
}

/** One token as a row of facts: what it may do, whose it is, when it was last used. */
export function ApiTokenSummary({
  token,
  showOwner,
  onRevoke,
  isRevoking,
}: {
  token: ApiToken;
  showOwner: boolean;
  onRevoke: (token: ApiToken) => void;
  isRevoking: boolean;
}) {
  const { timeZone } = useSession();
  const state = tokenState(token);
  const when = (iso: string) => formatBusinessDateTime(iso, timeZone);
  const owner = token.owner
    ? `Personal: ${token.owner.name ?? token.owner.email}`
    : `Service token${token.createdBy ? `, made by ${token.createdBy.name ?? 'an admin'}` : ''}`;
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm" data-testid="api-token-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{token.name}</span>
        <Badge variant={state.tone}>{state.label}</Badge>
      </div>
      {showOwner && <span className="text-muted-foreground">{owner}</span>}
      <span className="font-mono text-xs text-muted-foreground">{token.hint}</span>
      <span>{token.scopes.join(', ')}</span>
      <span className="text-muted-foreground">
        Made {when(token.createdAt)} · works through {lastDay(token.expiresAt, timeZone)}
      </span>
      <span className="text-muted-foreground">
        {token.lastUsedAt
          ? `Last used ${when(token.lastUsedAt)}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}`
          : 'Never used'}
      </span>
      {state.label === 'Active' && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={isRevoking}
          onClick={() => onRevoke(token)}
        >
          Revoke<span className="sr-only"> {token.name}</span>
        </Button>
      )}
    </li>
  );
}
