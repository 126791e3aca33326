import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiScope, ApiTokenKind } from '@punchclock/shared/contracts/api-tokens';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../db/client.ts';
import { param, preparedStatement } from '../db/prepared.ts';
import { apiTokens, profiles, userRoles, users } from '../db/schema.ts';
import { hashToken } from './tokens.ts';

/** The token behind a request made with `Authorization: Bearer` (decision 0032). */
export interface ApiTokenCaller {
  id: string;
  kind: ApiTokenKind;
  name: string;
  scopes: readonly ApiScope[];
}

export interface ApiTokenIdentity {
  token: ApiTokenCaller;
  /** Who the token acts as: its owner, or for a service token the admin who made it. */
  userId: string;
  email: string;
  name: string | null;
  /** The owner's role now; a service token always acts with the admin role. */
  role: Role | null;
  isSuspended: boolean;
}

interface TokenRow {
  id: string;
  kind: ApiTokenKind;
  name: string;
  scopes: ApiScope[];
  userId: string | null;
  email: string | null;
  personName: string | null;
  role: Role | null;
  isSuspended: boolean | null;
  needsTouch: boolean;
}

// Last use is kept to the minute: writing it on every call would turn each read into a write.
const TOUCH_AFTER_SECONDS = 60;

// Every token call runs this, as every browser call runs the session's: prepared once.
const selectLiveToken = preparedStatement<TokenRow, { tokenHash: string }>(
  'api_token_live',
  () => sql`
    select ${apiTokens.id} as "id", ${apiTokens.kind} as "kind", ${apiTokens.name} as "name",
      ${apiTokens.scopes} as "scopes", ${users.id} as "userId", ${users.email} as "email",
      ${profiles.fullName} as "personName", ${userRoles.role} as "role",
      ${profiles.isSuspended} as "isSuspended",
      coalesce(${apiTokens.lastUsedAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}), true)
        as "needsTouch"
    from ${apiTokens}
    left join ${users} on ${users.id} = coalesce(${apiTokens.userId}, ${apiTokens.createdBy})
    left join ${profiles} on ${profiles.id} = ${users.id}
    left join ${userRoles} on ${userRoles.userId} = ${users.id}
    where ${apiTokens.tokenHash} = ${param('tokenHash')}
      and ${apiTokens.revokedAt} is null
      and ${apiTokens.expiresAt} > now()`,
);

/** The live token a bearer secret names: not revoked, not expired. Null otherwise. */
export async function findLiveApiToken(
  db: Db,
  secret: string,
  ip: string | null,
): Promise<ApiTokenIdentity | null> {
  const [row] = await selectLiveToken(db, { tokenHash: hashToken(secret) });
  // A service token whose maker's account is gone has no one to answer for it.
  if (!row?.userId || !row.email) return null;
  if (row.needsTouch) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
      .where(eq(apiTokens.id, row.id));
  }
  const isService = row.kind === 'service';
  return {
    token: { id: row.id, kind: row.kind, name: row.name, scopes: row.scopes },
    userId: row.userId,
    email: row.email,
    name: isService ? row.name : row.personName,
    role: isService ? 'admin' : row.role,
    // A service token belongs to the organisation: its maker's suspension does not stop it.
    isSuspended: isService ? false : (row.isSuspended ?? false),
  };
}

/** The secret of `Authorization: Bearer <secret>`, or null when the header is absent or another scheme. */
export function readBearerSecret(header: string | undefined): string | null {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Stop a person's personal tokens, as their sessions are stopped when an admin resets their
 * password or suspends them: a token made by whoever had the account must not outlive that.
 */
export async function revokeUserApiTokens(db: Db, userId: string): Promise<number> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}
