import { plural, t } from '@lingui/core/macro';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { TooManyRequests } from '../../platform/errors.ts';
import { clearHits, recordHit, releaseHit, type WindowLimit } from '../../platform/rate-limit.ts';

/*
 * Sign-in counts FAILED attempts only (ASVS 2.2.1: no easy lockout of a real user, no
 * unlimited guessing), under three counters:
 * - per address: generous, so an office behind one public address is never locked out by
 *   its own people signing in, yet one address cannot guess at accounts without end;
 * - per account at that address: a few guesses from one place lock only that place out, so
 *   an attacker elsewhere cannot keep the real person out;
 * - per account from everywhere: a much higher ceiling for guesses spread over many
 *   addresses; a success does not reset it, or signing in would hand the attacker a new
 *   allowance.
 * Each attempt reserves a hit on every counter before the password is checked (atomic, so a
 * burst of parallel guesses cannot slip past a limit) and gives them back unless it fails.
 */

interface Counter {
  key: string;
  window: WindowLimit;
  /** A success from this place clears the whole count, not only its own reservation. */
  clearedBySuccess: boolean;
}

export interface SignInAttempt {
  counters: Counter[];
}

function tooMany(retryAfterSeconds: number): TooManyRequests {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new TooManyRequests(
    t`Too many failed sign-in attempts. Please try again in ${plural(minutes, {
      one: '# minute',
      other: '# minutes',
    })}.`,
    retryAfterSeconds,
  );
}

/** Reserves this attempt on every counter, or refuses it with 429 and reserves nothing. */
export async function reserveSignInAttempt(
  db: Db,
  limits: AppConfig['signInLimits'],
  email: string,
  ip: string | null,
): Promise<SignInAttempt> {
  const address = ip ?? 'unknown';
  const account = email.toLowerCase();
  const counters: Counter[] = [
    { key: `sign-in:ip:${address}`, window: limits.perIp, clearedBySuccess: false },
    {
      key: `sign-in:account-at-ip:${account}:${address}`,
      window: limits.perAccountAtIp,
      clearedBySuccess: true,
    },
    { key: `sign-in:account:${account}`, window: limits.perAccount, clearedBySuccess: false },
  ];
  const reserved: Counter[] = [];
  for (const counter of counters) {
    const state = await recordHit(db, counter.key, counter.window);
    reserved.push(counter);
    if (state.hits > counter.window.limit) {
      // A refused attempt is not a failed password: it must not push any count further.
      for (const each of reserved) await releaseHit(db, each.key);
      throw tooMany(state.retryAfterSeconds);
    }
  }
  return { counters };
}

/** The attempt was never checked (its sign-in step was gone): it counts for nothing. */
export async function releaseSignInAttempt(db: Db, attempt: SignInAttempt): Promise<void> {
  for (const counter of attempt.counters) await releaseHit(db, counter.key);
}

/** The password was right: this attempt was no failure. */
export async function settleSuccessfulSignIn(db: Db, attempt: SignInAttempt): Promise<void> {
  for (const counter of attempt.counters) {
    await (counter.clearedBySuccess ? clearHits(db, counter.key) : releaseHit(db, counter.key));
  }
}

/**
 * Wrong second factors (codes, recovery codes, passkeys) have a counter of their own per
 * account: a right password does not clear it (else re-entering the password would hand out
 * new guesses at a six-digit code), only a right second factor does.
 */
export const SECOND_FACTOR_LIMIT: WindowLimit = { limit: 10, windowSeconds: 15 * 60 };

export interface SecondFactorAttempt {
  key: string;
}

/** Counts this try at a second factor before it is checked, or refuses it with 429. */
export async function reserveSecondFactorAttempt(
  db: Db,
  userId: string,
): Promise<SecondFactorAttempt> {
  const key = `second-factor:account:${userId}`;
  const state = await recordHit(db, key, SECOND_FACTOR_LIMIT);
  if (state.hits > SECOND_FACTOR_LIMIT.limit) {
    await releaseHit(db, key);
    throw tooMany(state.retryAfterSeconds);
  }
  return { key };
}

/** The second factor was right: the person starts again from a clean count. */
export async function settleSecondFactor(db: Db, attempt: SecondFactorAttempt): Promise<void> {
  await clearHits(db, attempt.key);
}
