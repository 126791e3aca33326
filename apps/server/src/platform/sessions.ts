import type { Locale } from '@punchclock/shared/i18n/locales';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@punchclock/shared/domain/roles';
import type { ApiTokenCaller } from './api-token-auth.ts';
import type { Db } from '../db/client.ts';
import { param, preparedStatement } from '../db/prepared.ts';
import { profiles, sessions, userRoles, users } from '../db/schema.ts';
import type { RequestMeta } from './request-meta.ts';
import { generateToken, hashToken } from './tokens.ts';

/** Who is making the request, resolved from the session cookie on every request. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  email: string;
  name: string | null;
  role: Role | null;
  isSuspended: boolean;
  /** The person's chosen language; null: their browser's. */
  language: Locale | null;
  /** Set when the request was made with an API token instead of a session (decision 0032). */
  apiToken?: ApiTokenCaller;
  /**
   * The session may only set up two-step verification (the company requires it and the person
   * has none yet): access.ts refuses it every route not marked `duringTwoFactorSetup`.
   */
  mustSetUpTwoFactor?: boolean;
}

/** The sign-in method of a session opened with a password that must set up two-step verification. */
export const TWO_FACTOR_SETUP_SIGN_IN_METHOD = 'password:two-factor-setup';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

// Refreshing last_seen_at on every request would turn each read into a write.
const TOUCH_AFTER_SECONDS = 60;

/** 256 bits from the CSPRNG; only its SHA-256 is stored, so a database leak yields no sessions. */
export const generateSessionToken = generateToken;
export const hashSessionToken = hashToken;

export async function createSession(
  db: Db,
  userId: string,
  policy: SessionPolicy,
  meta: RequestMeta,
  /** How the person proved who they are ("password", "password+totp", "passkey", "sso:<slug>"…). */
  signInMethod: string | null = null,
): Promise<string> {
  const token = generateSessionToken();
  await db.insert(sessions).values({
    id: hashSessionToken(token),
    userId,
    expiresAt: sql`now() + make_interval(hours => ${policy.absoluteHours})`,
    ip: meta.ip,
    userAgent: meta.userAgent,
    signInMethod,
  });
  return token;
}

interface ActiveSessionRow {
  sessionId: string;
  userId: string;
  email: string;
  name: string | null;
  role: Role | null;
  isSuspended: boolean | null;
  language: Locale | null;
  mustSetUpTwoFactor: boolean;
  needsTouch: boolean;
}

// Every request runs this: prepared once (db/prepared.ts), as planning it cost more than running it.
const selectActiveSession = preparedStatement<
  ActiveSessionRow,
  { sessionId: string; idleMinutes: number }
>(
  'session_active',
  () => sql`
    select ${sessions.id} as "sessionId", ${users.id} as "userId", ${users.email} as "email",
      ${profiles.fullName} as "name", ${userRoles.role} as "role",
      ${profiles.isSuspended} as "isSuspended", ${profiles.language} as "language",
      coalesce(${sessions.signInMethod} = ${TWO_FACTOR_SETUP_SIGN_IN_METHOD}, false) as "mustSetUpTwoFactor",
      ${sessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS}) as "needsTouch"
    from ${sessions}
    inner join ${users} on ${users.id} = ${sessions.userId}
    left join ${profiles} on ${profiles.id} = ${users.id}
    left join ${userRoles} on ${userRoles.userId} = ${users.id}
    where ${sessions.id} = ${param('sessionId')}
      and ${sessions.revokedAt} is null
      and ${sessions.expiresAt} > now()
      and ${sessions.lastSeenAt} > now() - make_interval(mins => ${param('idleMinutes')}::int)`,
);

/** The live session behind a token: not revoked, within its absolute lifetime and idle limit. */
export async function findActiveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<AuthContext | null> {
  const sessionId = hashSessionToken(token);
  const [row] = await selectActiveSession(db, { sessionId, idleMinutes: policy.idleMinutes });
  if (!row) return null;
  if (row.needsTouch) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, sessionId));
  }
  const { needsTouch: _ignored, ...auth } = row;
  return { ...auth, isSuspended: auth.isSuspended ?? false };
}

/** Two-step verification is set up: the person's sessions that waited for it become whole. */
export async function liftTwoFactorSetup(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ signInMethod: 'password' })
    .where(
      and(eq(sessions.userId, userId), eq(sessions.signInMethod, TWO_FACTOR_SETUP_SIGN_IN_METHOD)),
    );
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Sign a user out everywhere (suspension, password change), except `keepSessionId` if given.
 * Returns how many were live.
 */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
