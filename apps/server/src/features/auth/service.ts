import { isLocale } from '@punchclock/shared/i18n/locales';
import {
  invalidCredentialsMessage,
  suspendedMessage,
  signInRequestSchema,
  type SessionUser,
} from '@punchclock/shared/contracts/auth';
import { passwordSignInOffMessage } from '@punchclock/shared/contracts/sso';
import type { SecondFactorMethod } from '@punchclock/shared/contracts/two-factor';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Forbidden, parseInput, Unauthorized } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import {
  createSession,
  revokeSession,
  TWO_FACTOR_SETUP_SIGN_IN_METHOD,
  type AuthContext,
} from '../../platform/sessions.ts';
import { findCredentialsByEmail, setNameIfMissing, updateLastSignIn } from '../people/index.ts';
import { mayUsePassword } from './password-sign-in.ts';
import { reserveSignInAttempt, settleSuccessfulSignIn } from './sign-in-throttle.ts';

/**
 * What happens after a right password (two-step verification, decision 0056): a
 * session, a session that may only set up a second factor, or a sign-in that waits for one.
 * The two-factor feature provides it; app.ts passes it in, so auth does not import it.
 */
export interface SecondFactorGate {
  afterPassword(
    db: Db,
    userId: string,
    meta: RequestMeta,
  ): Promise<
    | { kind: 'open' }
    | { kind: 'setup' }
    | { kind: 'pending'; token: string; methods: SecondFactorMethod[] }
  >;
}

export type PasswordSignInOutcome =
  | { kind: 'session'; token: string; user: SessionUser; twoFactorSetupRequired?: true }
  | { kind: 'pending'; token: string; methods: SecondFactorMethod[] };

/** How a session was opened; the sessions list shows it and the audit row records it. */
export type SessionOpening =
  | { method: 'password'; secondFactor?: 'totp' | 'recovery' | 'passkey'; setupOnly?: true }
  | { method: 'passkey' }
  | { method: 'sso'; provider: string };

function signInMethodOf(how: SessionOpening): string {
  switch (how.method) {
    case 'password':
      if (how.setupOnly) return TWO_FACTOR_SETUP_SIGN_IN_METHOD;
      return how.secondFactor ? `password+${how.secondFactor}` : 'password';
    case 'passkey':
      return 'passkey';
    case 'sso':
      return `sso:${how.provider}`;
  }
}

/**
 * Someone whose identity is proven (a password, its second step, a passkey) may still not sign
 * in: suspended, or password sign-in off for them (the first admin always may). Each refusal is
 * audited; `beforeRefusal` runs first (the second step ends its pending sign-in there).
 */
export async function refuseUnlessMaySignIn(
  db: Db,
  person: { id: string; isSuspended: boolean },
  meta: RequestMeta,
  beforeRefusal?: () => Promise<unknown>,
): Promise<void> {
  const refusal = person.isSuspended
    ? {
        action: 'auth.sign_in_refused_suspended',
        error: new Forbidden(suspendedMessage(), 'suspended'),
      }
    : (await mayUsePassword(db, person.id))
      ? null
      : {
          action: 'auth.sign_in_refused_password_off',
          error: new Forbidden(passwordSignInOffMessage(), 'password_sign_in_off'),
        };
  if (!refusal) return;
  await beforeRefusal?.();
  await writeAudit(db, {
    actorId: person.id,
    action: refusal.action,
    entityType: 'user',
    entityId: person.id,
    meta,
  });
  throw refusal.error;
}

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
  gate: SecondFactorGate,
): Promise<PasswordSignInOutcome> {
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
  await refuseUnlessMaySignIn(db, user, meta);

  // The first admin's break-glass password passes here too: the second factor covers it alike.
  const next = await gate.afterPassword(db, user.id, meta);
  if (next.kind === 'pending') return next;
  const setupOnly = next.kind === 'setup';
  const how: SessionOpening = setupOnly
    ? { method: 'password', setupOnly }
    : { method: 'password' };
  const token = await openSession(db, config, user.id, meta, how, async (tx) => {
    // There is no self sign-up; a name typed at sign-in only fills a profile that has none.
    if (input.name) await setNameIfMissing(tx, user.id, input.name);
  });
  return {
    kind: 'session',
    token,
    ...(setupOnly ? { twoFactorSetupRequired: true as const } : {}),
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
  how: SessionOpening,
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const token = await createSession(
      tx,
      userId,
      { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
      meta,
      signInMethodOf(how),
    );
    await updateLastSignIn(tx, userId);
    await alsoInTransaction?.(tx);
    await writeAudit(tx, {
      actorId: userId,
      action: 'auth.sign_in',
      entityType: 'session',
      entityId: userId,
      after: how.method === 'password' && !how.secondFactor && !how.setupOnly ? null : how,
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
