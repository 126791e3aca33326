import { isLocale } from '@punchclock/shared/i18n/locales';
import {
  invalidCredentialsMessage,
  suspendedMessage,
  signInRequestSchema,
  type SessionUser,
} from '@punchclock/shared/contracts/auth';
import { passwordSignInOffMessage } from '@punchclock/shared/contracts/sso';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Forbidden, parseInput, Unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { createSession, revokeSession, type AuthContext } from '../../platform/sessions.ts';
import { findCredentialsByEmail, setNameIfMissing, updateLastSignIn } from '../people/index.ts';
import { mayUsePassword } from './password-sign-in.ts';
import { reserveSignInAttempt, settleSuccessfulSignIn } from './sign-in-throttle.ts';

/**
 * Sign in. Only failed attempts count towards the limits (per address, per account at that
 * address, per account overall: sign-in-throttle.ts), so many people behind one address can
 * all sign in and guesses from elsewhere cannot lock the real person out.
 */
export async function signIn(
  db: Db,
  config: AppConfig,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<{ token: string; user: SessionUser }> {
  const input = parseInput(signInRequestSchema, rawInput);
  const attempt = await reserveSignInAttempt(db, config.signInLimits, input.email, meta.ip);

  const user = await findCredentialsByEmail(db, input.email);
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    // The reserved hits stay: this was a failure.
    await writeAudit(db, {
      actorId: null,
      action: 'auth.sign_in_failed',
      entityType: 'user',
      entityId: user?.id ?? null,
      after: { email: input.email },
      meta,
    });
    throw new Unauthorized(invalidCredentialsMessage(), 'invalid_credentials');
  }
  // The right password, even of a suspended account, is no guess.
  await settleSuccessfulSignIn(db, attempt);
  if (user.isSuspended) {
    await writeAudit(db, {
      actorId: user.id,
      action: 'auth.sign_in_refused_suspended',
      entityType: 'user',
      entityId: user.id,
      meta,
    });
    throw new Forbidden(suspendedMessage(), 'suspended');
  }
  if (!(await mayUsePassword(db, user.id))) {
    await writeAudit(db, {
      actorId: user.id,
      action: 'auth.sign_in_refused_password_off',
      entityType: 'user',
      entityId: user.id,
      meta,
    });
    throw new Forbidden(passwordSignInOffMessage(), 'password_sign_in_off');
  }

  const token = await openSession(db, config, user.id, meta, { method: 'password' }, async (tx) => {
    // There is no self sign-up; a name typed at sign-in only fills a profile that has none.
    if (input.name) await setNameIfMissing(tx, user.id, input.name);
  });
  return {
    token,
    user: {
      id: user.id,
      email: user.email,
      name: user.name ?? input.name ?? null,
      role: user.role,
      language: isLocale(user.language) ? user.language : null,
    },
  };
}

/**
 * A new session for someone whose identity is settled (password or single sign-on), with its
 * audit row; `alsoInTransaction` commits with it. Returns the cookie's token.
 */
export async function openSession(
  db: Db,
  config: AppConfig,
  userId: string,
  meta: RequestMeta,
  how: { method: 'password' } | { method: 'sso'; provider: string },
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const token = await createSession(
      tx,
      userId,
      { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
      meta,
      how.method === 'password' ? 'password' : `sso:${how.provider}`,
    );
    await updateLastSignIn(tx, userId);
    await alsoInTransaction?.(tx);
    await writeAudit(tx, {
      actorId: userId,
      action: 'auth.sign_in',
      entityType: 'session',
      entityId: userId,
      after: how.method === 'password' ? null : how,
      meta,
    });
    return token;
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
  return {
    id: auth.userId,
    email: auth.email,
    name: auth.name,
    role: auth.role,
    language: auth.language,
  };
}
