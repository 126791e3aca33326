// The second step of a password sign-in, and signing in with a passkey alone.
import { plural, t } from '@lingui/core/macro';
import { isLocale } from '@punchclock/shared/i18n/locales';
import type { z } from 'zod';
import type { SessionUser } from '@punchclock/shared/contracts/auth';
import {
  secondFactorExpiredMessage,
  secondFactorRequestSchema,
  wrongCodeMessage,
  wrongPasskeyMessage,
  type SecondFactorMethod,
} from '@punchclock/shared/contracts/two-factor';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { recordHit, releaseHit } from '../../platform/rate-limit.ts';
import { parseInput, TooManyRequests, Unauthorized } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import {
  openSession,
  refuseUnlessMaySignIn,
  reserveSecondFactorAttempt,
  releaseSignInAttempt,
  reserveSignInAttempt,
  settleSecondFactor,
  settleSuccessfulSignIn,
  type SecondFactorGate,
} from '../auth/index.ts';
import { hashRecoveryCode } from './codes.ts';
import {
  countChallengeAttempt,
  findChallenge,
  findPasskey,
  findPerson,
  insertChallenge,
  lockChallenge,
  recordPasskeyUse,
  setChallengeValue,
  takeChallenge,
  useRecoveryCode,
} from './repository.ts';
import { factorsOf, isRequiredOf, useTotpCode } from './factors.ts';
import { authenticationOptions, relyingParty, verifyAssertion } from './webauthn.ts';

/** Wrong codes a pending sign-in takes before it is gone (then: email and password again). */
const MAX_ATTEMPTS = 5;

/** After a right password: what two-step verification asks for (decision 0056). */
export const secondFactorGate: SecondFactorGate = {
  async afterPassword(db, userId) {
    const factors = await factorsOf(db, userId);
    const methods: SecondFactorMethod[] = [];
    if (factors.totp) methods.push('totp');
    if (factors.recoveryCodesLeft > 0) methods.push('recovery');
    if (factors.passkeys.length > 0) methods.push('passkey');
    if (factors.totp || factors.passkeys.length > 0) {
      const token = generateToken();
      await insertChallenge(db, { id: hashToken(token), purpose: 'second_factor', userId });
      return { kind: 'pending', token, methods };
    }
    return (await isRequiredOf(db, userId)) ? { kind: 'setup' } : { kind: 'open' };
  },
};

async function sessionUserOf(db: Db, userId: string): Promise<SessionUser> {
  const person = await findPerson(db, userId);
  if (!person) throw new Unauthorized();
  const language = isLocale(person.language) ? person.language : null;
  return { id: person.id, email: person.email, name: person.name, role: person.role, language };
}

function expired(): Unauthorized {
  return new Unauthorized(secondFactorExpiredMessage(), 'second_factor_expired');
}

/** The passkey challenge for finishing a pending sign-in with a passkey. */
export async function secondFactorPasskeyOptions(
  db: Db,
  config: AppConfig,
  pendingToken: string | undefined,
) {
  if (!pendingToken) throw expired();
  const pending = await findChallenge(db, hashToken(pendingToken), 'second_factor');
  if (!pending?.userId) throw expired();
  const { passkeys } = await factorsOf(db, pending.userId);
  const options = await authenticationOptions(relyingParty(config), passkeys);
  await setChallengeValue(db, pending.id, options.challenge);
  return options;
}

/** Whether the answer proves the second factor; a right one is used up (code step, recovery code). */
async function checkSecondFactor(
  tx: Db,
  config: AppConfig,
  userId: string,
  input: z.infer<typeof secondFactorRequestSchema>,
  challenge: string | null,
): Promise<boolean> {
  if ('code' in input) return useTotpCode(tx, userId, input.code);
  if ('recoveryCode' in input) {
    return useRecoveryCode(tx, userId, hashRecoveryCode(input.recoveryCode));
  }
  if (!challenge) return false;
  const passkey = await findPasskey(tx, input.passkey.id);
  if (passkey?.userId !== userId) return false;
  const info = await verifyAssertion(relyingParty(config), input.passkey, challenge, passkey);
  if (!info) return false;
  await recordPasskeyUse(tx, passkey.id, info.newCounter);
  return true;
}

/**
 * Finishes a password sign-in with a code from the app, a recovery code or a passkey. A wrong
 * one counts like a wrong password (sign-in-throttle.ts), against the account's own count of
 * wrong second factors, and against the pending sign-in's five tries; the right one opens the
 * session. The pending row is locked and the try counted before the answer is checked, in one
 * transaction: parallel tries are answered one by one, and no code is used up by a try that
 * finds the pending sign-in gone.
 */
export async function finishSecondFactor(
  db: Db,
  config: AppConfig,
  pendingToken: string | undefined,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<{ token: string; user: SessionUser }> {
  const input = parseInput(secondFactorRequestSchema, rawInput);
  if (!pendingToken) throw expired();
  const pendingId = hashToken(pendingToken);
  const pending = await findChallenge(db, pendingId, 'second_factor');
  if (!pending?.userId) throw expired();
  const person = await findPerson(db, pending.userId);
  if (!person) throw expired();
  // Suspended, or password sign-in turned off for them, since the first step.
  await refuseUnlessMaySignIn(db, person, meta, () => takeChallenge(db, pendingId));
  // Its own per-account count first (a right password does not reset it), then the sign-in's.
  const factorAttempt = await reserveSecondFactorAttempt(db, person.id);
  const attempt = await reserveSignInAttempt(db, config.signInLimits, person.email, meta.ip).catch(
    async (refused: unknown) => {
      // Refused before any check: this try is no wrong factor.
      await releaseHit(db, factorAttempt.key);
      throw refused;
    },
  );

  const method: SecondFactorMethod =
    'code' in input ? 'totp' : 'recoveryCode' in input ? 'recovery' : 'passkey';
  const outcome = await db.transaction(async (tx) => {
    const locked = await lockChallenge(tx, pendingId, 'second_factor');
    if (locked?.userId !== person.id) return 'gone' as const;
    const attempts = await countChallengeAttempt(tx, pendingId);
    if (attempts > MAX_ATTEMPTS) {
      await takeChallenge(tx, pendingId);
      return 'gone' as const;
    }
    if (await checkSecondFactor(tx, config, person.id, input, locked.challenge)) {
      // Taken once: a second request with the same pending sign-in finds it gone.
      await takeChallenge(tx, pendingId);
      return 'right' as const;
    }
    if (attempts >= MAX_ATTEMPTS) await takeChallenge(tx, pendingId);
    await writeAudit(tx, {
      actorId: null,
      action: 'auth.second_factor_failed',
      entityType: 'user',
      entityId: person.id,
      after: { method, attempts },
      meta,
    });
    return 'wrong' as const;
  });
  if (outcome === 'gone') {
    await releaseSignInAttempt(db, attempt);
    await releaseHit(db, factorAttempt.key);
    throw expired();
  }
  if (outcome === 'wrong') throw new Unauthorized(wrongCodeMessage(), 'wrong_code');
  await settleSuccessfulSignIn(db, attempt);
  await settleSecondFactor(db, factorAttempt);
  const token = await openSession(db, config, person.id, meta, {
    method: 'password',
    secondFactor: method,
  });
  return { token, user: await sessionUserOf(db, person.id) };
}

/** Anonymous passkey challenges one address may ask for a minute: each one is a stored row. */
const PASSKEY_OPTIONS_LIMIT = { limit: 30, windowSeconds: 60 };

/** A usernameless passkey sign-in starts: a challenge any of the person's passkeys may answer. */
export async function passkeySignInOptions(db: Db, config: AppConfig, meta: RequestMeta) {
  const state = await recordHit(
    db,
    `passkey-options:ip:${meta.ip ?? 'unknown'}`,
    PASSKEY_OPTIONS_LIMIT,
  );
  if (state.hits > PASSKEY_OPTIONS_LIMIT.limit) {
    const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
    throw new TooManyRequests(
      t`Too many sign-in attempts. Please try again in ${plural(minutes, {
        one: '# minute',
        other: '# minutes',
      })}.`,
      state.retryAfterSeconds,
    );
  }
  const options = await authenticationOptions(relyingParty(config));
  const token = generateToken();
  await insertChallenge(db, {
    id: hashToken(token),
    purpose: 'passkey_sign_in',
    userId: null,
    challenge: options.challenge,
  });
  return { token, options };
}

/**
 * Signs in with a passkey alone: it is two factors in itself (the device, and the PIN or
 * fingerprint that unlocks it). It is the app's own sign-in, so it follows who may use a
 * password: off with password sign-in (single sign-on only), the first admin always.
 */
export async function signInWithPasskey(
  db: Db,
  config: AppConfig,
  challengeToken: string | undefined,
  assertion: { id: string },
  meta: RequestMeta,
): Promise<{ token: string; user: SessionUser }> {
  if (!challengeToken) throw expired();
  const challengeId = hashToken(challengeToken);
  const step = await findChallenge(db, challengeId, 'passkey_sign_in');
  // One answer per challenge, right or wrong.
  if (!step?.challenge || !(await takeChallenge(db, challengeId))) throw expired();
  const passkey = await findPasskey(db, assertion.id);
  const info = passkey
    ? await verifyAssertion(relyingParty(config), assertion, step.challenge, passkey)
    : null;
  if (!passkey || !info) {
    await writeAudit(db, {
      actorId: null,
      action: 'auth.passkey_sign_in_failed',
      entityType: 'user',
      entityId: passkey?.userId ?? null,
      after: null,
      meta,
    });
    throw new Unauthorized(wrongPasskeyMessage(), 'wrong_passkey');
  }
  const person = await findPerson(db, passkey.userId);
  if (!person) throw new Unauthorized(wrongPasskeyMessage(), 'wrong_passkey');
  await refuseUnlessMaySignIn(db, person, meta);
  await recordPasskeyUse(db, passkey.id, info.newCounter);
  const token = await openSession(db, config, person.id, meta, { method: 'passkey' });
  return { token, user: await sessionUserOf(db, person.id) };
}
