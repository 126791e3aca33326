import type { Locale } from '@punchclock/shared/i18n/locales';
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@punchclock/shared/domain/roles';
import type { ApiTokenCaller } from './api-token-auth.ts';
import type { Db } from '../db/client.ts';
import { param, preparedStatement } from '../db/prepared.ts';
import { authChallenges, profiles, sessions, userRoles, users } from '../db/schema.ts';
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

/**
 * Two-step verification is set up from `sessionId`: that session becomes whole, and the person's
 * other setup-only sessions end (anyone else who had only the password must now pass the second
 * step). Returns how many others ended.
 */
export async function liftTwoFactorSetup(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<number> {
  await db
    .update(sessions)
    .set({ signInMethod: 'password' })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        eq(sessions.signInMethod, TWO_FACTOR_SETUP_SIGN_IN_METHOD),
      ),
    );
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, sessionId),
        eq(sessions.signInMethod, TWO_FACTOR_SETUP_SIGN_IN_METHOD),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Whether the session was opened less than `minutes` ago (its password was just checked). */
export async function isSessionYoungerThan(
  db: Db,
  sessionId: string,
  minutes: number,
): Promise<boolean> {
  const [row] = await db
    .select({
      young: sql<boolean>`${sessions.createdAt} > now() - make_interval(mins => ${minutes})`,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.young === true;
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
  // A sign-in waiting for its second step ends too: it would open a session after this.
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, 'second_factor')));
  return revoked.length;
}

/**
 * The name a session is shown by (Account → Where you're signed in): a one-way hash of its stored
 * id, so neither the cookie nor the stored hash ever leaves the server. Written as a UUID (122 of
 * its bits from the hash, the version and variant set) like every other id in a path; no two of
 * a person's sessions share one, and knowing it opens nothing (ending one checks its owner).
 */
export function publicSessionId(sessionId: string): string {
  const bytes = createHash('sha256')
    .update(`punchclock-session:${sessionId}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface LiveSessionRow {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
  signInMethod: string | null;
}

/** A person's live sessions (not revoked, not expired, not idle too long), most recently seen first. */
export async function listLiveSessions(
  db: Db,
  userId: string,
  policy: Pick<SessionPolicy, 'idleMinutes'>,
): Promise<LiveSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      signInMethod: sessions.signInMethod,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${policy.idleMinutes}::int)`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of this person; false when it was not theirs or not live. */
export async function revokeUserSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}
