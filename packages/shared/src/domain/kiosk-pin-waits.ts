import { plural, t } from '@lingui/core/macro';

/*
 * How long a kiosk makes the next try wait after wrong PINs for one employee number at that
 * device (decision 0042). Nobody is locked out: the guesser is slowed, the person can always
 * punch at another kiosk, and a wait ends by itself.
 */

/** Wrong PINs for a number at a device before the next try waits. */
export const FREE_WRONG_PINS = 3;
/** The first wait; each wrong PIN after it doubles the wait up to MAX_PIN_WAIT_SECONDS. */
export const FIRST_PIN_WAIT_SECONDS = 15;
export const MAX_PIN_WAIT_SECONDS = 15 * 60;
/** A day after the last wrong PIN, the count starts again. */
export const PIN_FAILURES_FORGOTTEN_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Seconds the next try must wait after this many wrong PINs in a row: none for the first
 * three, then 15 s, 30 s, 1 min, 2 min … 15 min at most.
 */
export function pinWaitSeconds(wrongPins: number): number {
  if (wrongPins <= FREE_WRONG_PINS) return 0;
  const doublings = Math.min(wrongPins - FREE_WRONG_PINS - 1, 16);
  return Math.min(MAX_PIN_WAIT_SECONDS, FIRST_PIN_WAIT_SECONDS * 2 ** doublings);
}

/** "30 seconds", "2 minutes": a wait as people say it, in the reader's language. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return plural(seconds, { one: '# second', other: '# seconds' });
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, { one: '# minute', other: '# minutes' });
}

/** A wrong PIN that starts a wait: says what happens next. In the reader's language. */
export function kioskWrongPinWaitMessage(seconds: number): string {
  const wait = formatWait(seconds);
  return t`Employee number or PIN is not correct. Wait ${wait} before the next try.`;
}

/** A try made during the wait (not checked). In the reader's language. */
export function kioskPinWaitMessage(seconds: number): string {
  const wait = formatWait(seconds);
  return t`Wait ${wait} before the next try.`;
}
