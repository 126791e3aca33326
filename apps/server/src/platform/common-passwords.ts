import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import type { WeakPasswordReason } from '@punchclock/shared/contracts/auth';
import { lazyImport } from './lazy-import.ts';

/** zxcvbn and its dictionaries (~3 MB of heap) load when a password is first set, not at start. */
const loadLanguage = lazyImport(() => import('@zxcvbn-ts/language-common'));
const loadCore = lazyImport(() => import('@zxcvbn-ts/core'));

/*
 * The common-password list zxcvbn-ts ships (MIT; ~49k passwords from public breach corpora,
 * most common first), so the check works offline. Compared case-insensitively: "Password1"
 * and "PASSWORD1" are as guessable as "password1".
 */
let commonPasswords: Set<string> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  const { dictionary } = await loadLanguage();
  // Built on first use (~10 ms), not at import, so tools that never set a password skip it.
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/**
 * zxcvbn's estimate (decision 0040): a password is guessable below score 3, that is when an
 * attacker trying the likeliest passwords first (breach lists with words, years and symbols
 * added, keyboard rows, sequences, dates) would need fewer than 10^8 guesses. "Welcome2026!"
 * is "Welcome" + a year + "!" (score 2); "Correct-horse-7" scores 4.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

async function estimate(password: string): Promise<ZxcvbnResult> {
  if (!estimator) {
    const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([
      loadCore(),
      loadLanguage(),
    ]);
    estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  }
  return estimator.check(password);
}

/** Why a new password is too easy to guess, or null when it is not. */
export async function whyPasswordGuessable(password: string): Promise<WeakPasswordReason | null> {
  const result = await estimate(password);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  switch (result.feedback.warning) {
    case 'topTen':
    case 'topHundred':
    case 'common':
    case 'similarToCommon':
      return 'common-with-additions';
    case 'wordByItself':
    case 'namesByThemselves':
    case 'commonNames':
      return 'common-word';
    case 'straightRow':
    case 'keyPattern':
      return 'keyboard-pattern';
    case 'simpleRepeat':
    case 'extendedRepeat':
      return 'repeats';
    case 'sequences':
      return 'sequence';
    case 'recentYears':
    case 'dates':
      return 'dates';
    default:
      return 'guessable';
  }
}
