import { t } from '@lingui/core/macro';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  API_SCOPES,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  createApiTokenRequestSchema,
  SERVICE_ONLY_SCOPES,
  type ApiScope,
  type ApiToken,
  type ApiTokenKind,
  type CreateApiTokenResponse,
} from '@punchclock/shared/contracts/api-tokens';
import { endpointContract } from '@punchclock/shared/contracts/api-catalogue';
import {
  businessInstant,
  shiftDate,
  toBusinessDate,
} from '@punchclock/shared/domain/business-time';
import { hasRequiredRole, type Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { apiTokens, profiles, users } from '../../db/schema.ts';
import type { Access } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';

/**
 * The scopes that reach at least one endpoint a role may call: a personal token is limited to
 * its person's rights, so it is offered (and may hold) only these; never a service-only scope
 * (`scim`). Admins' service tokens may use every scope.
 */
export function scopesUsableBy(
  role: Role | null,
  routes: readonly { method: string; url: string; access: Access }[],
): ApiScope[] {
  const usable = new Set<ApiScope>();
  for (const route of routes) {
    const scope = endpointContract(`${route.method} ${route.url}`)?.scope;
    if (!scope || route.access === 'public' || SERVICE_ONLY_SCOPES.includes(scope)) continue;
    if (route.access === 'signed-in' || hasRequiredRole(role, route.access)) usable.add(scope);
  }
  return API_SCOPES.filter((scope) => usable.has(scope));
}

const owners = alias(users, 'owner');
const ownerProfiles = alias(profiles, 'owner_profile');
const makerProfiles = alias(profiles, 'maker_profile');

const tokenColumns = {
  id: apiTokens.id,
  kind: apiTokens.kind,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  hint: apiTokens.hint,
  ownerId: owners.id,
  ownerEmail: owners.email,
  ownerName: ownerProfiles.fullName,
  createdById: apiTokens.createdBy,
  createdByName: makerProfiles.fullName,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedIp: apiTokens.lastUsedIp,
  revokedAt: apiTokens.revokedAt,
};

function selectTokens(db: Db) {
  return db
    .select(tokenColumns)
    .from(apiTokens)
    .leftJoin(owners, eq(owners.id, apiTokens.userId))
    .leftJoin(ownerProfiles, eq(ownerProfiles.id, apiTokens.userId))
    .leftJoin(makerProfiles, eq(makerProfiles.id, apiTokens.createdBy));
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['execute']>>[number];

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    scopes: row.scopes.filter((scope): scope is ApiScope =>
      (API_SCOPES as readonly string[]).includes(scope),
    ),
    hint: row.hint,
    owner:
      row.ownerId && row.ownerEmail
        ? { id: row.ownerId, name: row.ownerName, email: row.ownerEmail }
        : null,
    createdBy: row.createdById ? { id: row.createdById, name: row.createdByName } : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** One person's personal tokens, or (no person) every token there is; newest first. */
export async function listApiTokens(db: Db, ownerId: string | null): Promise<ApiToken[]> {
  const rows = await selectTokens(db)
    .where(ownerId ? eq(apiTokens.userId, ownerId) : undefined)
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toApiToken);
}

export interface NewTokenFor {
  kind: ApiTokenKind;
  /** The admin or person making it; a personal token acts as them. */
  makerId: string;
  /** The scopes this maker may give the token. */
  allowedScopes: readonly ApiScope[];
}

/** Make a token. The secret is in the answer only: the database keeps its hash. */
export async function createApiToken(
  db: Db,
  timeZone: string,
  made: NewTokenFor,
  rawInput: unknown,
  meta: RequestMeta,
  now = new Date(),
): Promise<CreateApiTokenResponse> {
  const input = parseInput(createApiTokenRequestSchema, rawInput);
  const refused = input.scopes.find((scope) => !made.allowedScopes.includes(scope));
  if (refused) throw new Invalid(t`Your role cannot use the ${refused} scope`, 'scope_not_allowed');
  const today = toBusinessDate(now, timeZone);
  if (input.expiresOn < today) throw new Invalid(t`Choose an expiry date from today on`);
  if (input.expiresOn > shiftDate(today, API_TOKEN_MAX_DAYS)) {
    throw new Invalid(t`A token may last at most a year: choose an earlier expiry date`);
  }
  // It works to the end of its last day, business time.
  const expiresAt = businessInstant(shiftDate(input.expiresOn, 1), '00:00', timeZone);
  const secret = `${API_TOKEN_PREFIX}${generateToken()}`;
  const scopes = API_SCOPES.filter((scope) => input.scopes.includes(scope));

  const id = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        kind: made.kind,
        userId: made.kind === 'personal' ? made.makerId : null,
        name: input.name,
        scopes,
        tokenHash: hashToken(secret),
        hint: `${secret.slice(0, API_TOKEN_PREFIX.length + 6)}…`,
        createdBy: made.makerId,
        expiresAt,
      })
      .returning({ id: apiTokens.id });
    if (!inserted) throw new Error('insert into api_tokens returned no row');
    await writeAudit(tx, {
      actorId: made.makerId,
      action: 'api_token.create',
      entityType: 'api_token',
      entityId: inserted.id,
      after: { kind: made.kind, name: input.name, scopes, expiresAt: expiresAt.toISOString() },
      meta,
    });
    return inserted.id;
  });
  const [row] = await selectTokens(db).where(eq(apiTokens.id, id));
  if (!row) throw new Error('api token vanished');
  return { token: toApiToken(row), secret };
}

/** Stop a token at once. People revoke their own; admins any. Revoking twice is a no-op. */
export async function revokeApiToken(
  db: Db,
  caller: { userId: string; isAdmin: boolean },
  rawId: string,
  meta: RequestMeta,
): Promise<void> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new NotFound(t`No such API token`);
  await db.transaction(async (tx) => {
    const [token] = await tx
      .select({ userId: apiTokens.userId, name: apiTokens.name, revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(eq(apiTokens.id, id.data))
      .for('update');
    if (!token || (!caller.isAdmin && token.userId !== caller.userId)) {
      throw new NotFound(t`No such API token`);
    }
    if (token.revokedAt) return;
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id.data), isNull(apiTokens.revokedAt)));
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'api_token.revoke',
      entityType: 'api_token',
      entityId: id.data,
      before: { name: token.name },
      meta,
    });
  });
}
