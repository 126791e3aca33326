import {
  INVALID_CREDENTIALS_MESSAGE,
  SUSPENDED_MESSAGE,
  signInRequestSchema,
  type SessionUser,
} from '@punchclock/shared/contracts/auth';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Forbidden, parseInput, TooManyRequests, Unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { clearHits, peekHits, recordHit } from '../../platform/rate-limit.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { createSession, revokeSession, type AuthContext } from '../../platform/sessions.ts';
import { findCredentialsByEmail, setNameIfMissing, updateLastSignIn } from '../users/repository.ts';

function tooMany(retryAfterSeconds: number): TooManyRequests {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyRequests(
    `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
}

/**
 * Sign in: per-IP throttle on every attempt, per-account throttle on failures only (so a
 * flood from elsewhere locks a real user out for one window at most), then the password.
 */
export async function signIn(
  db: Db,
  config: AppConfig,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<{ token: string; user: SessionUser }> {
  const input = parseInput(signInRequestSchema, rawInput);
  const { perIp, perAccount } = config.signInLimits;
  const ipKey = `sign-in:ip:${meta.ip ?? 'unknown'}`;
  const accountKey = `sign-in:account:${input.email.toLowerCase()}`;

  const ipState = await recordHit(db, ipKey, perIp);
  if (ipState.hits > perIp.limit) throw tooMany(ipState.retryAfterSeconds);
  const accountState = await peekHits(db, accountKey, perAccount);
  if (accountState.hits >= perAccount.limit) throw tooMany(accountState.retryAfterSeconds);

  const user = await findCredentialsByEmail(db, input.email);
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    await recordHit(db, accountKey, perAccount);
    await writeAudit(db, {
      actorId: null,
      action: 'auth.sign_in_failed',
      entityType: 'user',
      entityId: user?.id ?? null,
      after: { email: input.email },
      meta,
    });
    throw new Unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
  }
  if (user.isSuspended) {
    await writeAudit(db, {
      actorId: user.id,
      action: 'auth.sign_in_refused_suspended',
      entityType: 'user',
      entityId: user.id,
      meta,
    });
    throw new Forbidden(SUSPENDED_MESSAGE, 'suspended');
  }

  return db.transaction(async (tx) => {
    await clearHits(tx, accountKey);
    const token = await createSession(
      tx,
      user.id,
      { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
      meta,
    );
    await updateLastSignIn(tx, user.id);
    // There is no self sign-up; a name typed at sign-in only fills a profile that has none.
    if (input.name) await setNameIfMissing(tx, user.id, input.name);
    await writeAudit(tx, {
      actorId: user.id,
      action: 'auth.sign_in',
      entityType: 'session',
      entityId: user.id,
      meta,
    });
    return {
      token,
      user: {
        id: user.id,
        email: user.email,
        name: user.name ?? input.name ?? null,
        role: user.role,
      },
    };
  });
}

export async function signOut(db: Db, auth: AuthContext, meta: RequestMeta): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, auth.sessionId);
    await writeAudit(tx, {
      actorId: auth.userId,
      action: 'auth.sign_out',
      entityType: 'session',
      entityId: auth.userId,
      meta,
    });
  });
}

export function toSessionUser(auth: AuthContext): SessionUser {
  return { id: auth.userId, email: auth.email, name: auth.name, role: auth.role };
}
