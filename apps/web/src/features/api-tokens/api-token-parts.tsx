import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  API_SCOPE_DESCRIPTIONS,
  createApiTokenRequestSchema,
  type ApiScope,
  type ApiToken,
  type CreateApiTokenResponse,
} from '@punchclock/shared/contracts/api-tokens';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { formatBusinessDateTime, shiftDate } from '@punchclock/shared/domain/business-time';
import { formatDate } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxChoices } from '@/components/ui/checkbox-choices';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { ShownOnce } from '@/components/ui/shown-once';
import { useBusinessToday, useSession } from '@/lib/session';
import { useCreateApiToken } from './api';

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
  const { t } = useLingui();
  const today = useBusinessToday();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresOn, setExpiresOn] = useState(() => shiftDate(today, DEFAULT_DAYS));
  const [error, setError] = useState<string | undefined>();
  const create = useCreateApiToken(endpoint);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createApiTokenRequestSchema.safeParse({ name, scopes, expiresOn });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        setScopes([]);
        onCreated(created);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <Field id={`${idPrefix}-name`} label={t`Token name`}>
        <Input
          value={name}
          placeholder={t`Payroll sync`}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <CheckboxChoices
        legend={t`Scopes`}
        options={availableScopes}
        describe={(scope) => API_SCOPE_DESCRIPTIONS[scope]}
        chosen={scopes}
        onChange={setScopes}
      />
      <Field
        id={`${idPrefix}-expires`}
        label={t`Last day it works`}
        hint={t`At most a year from today.`}
      >
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
  const { t } = useLingui();
  const name = created.token.name;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, typed as is
  const header = 'Authorization: Bearer …';
  return (
    <ShownOnce
      id={`api-token-secret-${created.token.id}`}
      label={t`Token “${name}”`}
      value={created.secret}
    >
      <Trans>
        Shown this once: store it where the other system keeps secrets. Send it as{' '}
        <code className="text-xs">{header}</code>.
      </Trans>
    </ShownOnce>
  );
}

/** The last day a token works: it stops at midnight (business time) after it. */
function lastDay(expiresAt: string, timeZone: string): string {
  const lastInstant = new Date(Date.parse(expiresAt) - 1);
  return formatDate(lastInstant, 'MMM d, yyyy', { timeZone });
}

function tokenState(token: ApiToken): 'revoked' | 'expired' | 'active' {
  if (token.revokedAt) return 'revoked';
  if (Date.parse(token.expiresAt) <= Date.now()) return 'expired';
  return 'active';
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
  const { t } = useLingui();
  const { timeZone } = useSession();
  const state = tokenState(token);
  const stateLabel = { revoked: t`Revoked`, expired: t`Expired`, active: t`Active` }[state];
  const when = (iso: string) => formatBusinessDateTime(iso, timeZone);
  const ownerName = token.owner ? (token.owner.name ?? token.owner.email) : null;
  const creatorName = token.createdBy?.name ?? null;
  const owner =
    ownerName !== null
      ? t`Personal: ${ownerName}`
      : !token.createdBy
        ? t`Service token`
        : creatorName !== null
          ? t`Service token, made by ${creatorName}`
          : t`Service token, made by an admin`;
  const name = token.name;
  const made = when(token.createdAt);
  const worksThrough = lastDay(token.expiresAt, timeZone);
  const lastUsed = token.lastUsedAt ? when(token.lastUsedAt) : null;
  const lastUsedIp = token.lastUsedIp;
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm" data-testid="api-token-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{token.name}</span>
        <Badge variant={state === 'active' ? 'success' : 'outline'}>{stateLabel}</Badge>
      </div>
      {showOwner && <span className="text-muted-foreground">{owner}</span>}
      <span className="font-mono text-xs text-muted-foreground">{token.hint}</span>
      <span>{token.scopes.join(', ')}</span>
      <span className="text-muted-foreground">
        <Trans>
          Made {made} · works through {worksThrough}
        </Trans>
      </span>
      <span className="text-muted-foreground">
        {lastUsed === null
          ? t`Never used`
          : lastUsedIp
            ? t`Last used ${lastUsed} from ${lastUsedIp}`
            : t`Last used ${lastUsed}`}
      </span>
      {state === 'active' && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={isRevoking}
          onClick={() => onRevoke(token)}
        >
          <Trans>
            Revoke<span className="sr-only"> {name}</span>
          </Trans>
        </Button>
      )}
    </li>
  );
}
