import { t } from '@lingui/core/macro';
/**
 * Timesheet rounding and grace (issue #14, part 2): the clock-in and clock-out instants the
 * timesheet PAYS, derived from the raw punches — which never change (these functions return new
 * Dates and never touch their arguments).
 *
 * Everything works on instants, never on wall-clock times, so the repeated hour of a fall-back
 * night (2026-11-01 01:00–02:00 happens twice in Toronto) is unambiguous: 01:07 EDT rounds to
 * 01:05 EDT, not to the 01:05 EST an hour later.
 *
 * Rounding on UTC minutes gives the same marks as rounding on the local clock whenever the zone's
 * offset is a whole multiple of the step — true for 5, 6 and 15 minutes in Toronto (−5 h / −4 h)
 * and even Newfoundland (−3:30 / −2:30), since 30 is a multiple of 5, 6 and 15.
 */

/** How a timesheet turns punches into paid times. */
export type PayRoundingRule =
  | { kind: 'none' }
  /** Each punch to the nearest mark of the step (6 minutes = a tenth of an hour); halves go up. */
  | { kind: 'nearest'; stepMinutes: 5 | 6 | 15 }
  /**
   * A clock-in up to graceMinutes after the scheduled start counts as the start; a clock-out up
   * to graceMinutes before the scheduled end counts as the end. Anything else is paid as punched.
   */
  | { kind: 'grace'; graceMinutes: number };

export interface PunchPair {
  clockIn: Date;
  clockOut: Date;
}

const MINUTE_MS = 60_000;
const ROUNDING_STEPS: readonly number[] = [5, 6, 15];

/** What is wrong with a rounding rule, as sentences a user can act on; empty when usable. */
export function validatePayRounding(rule: PayRoundingRule): string[] {
  if (rule.kind === 'nearest' && !ROUNDING_STEPS.includes(rule.stepMinutes)) {
    return [t`Round to the nearest 5, 6 or 15 minutes`];
  }
  if (rule.kind === 'grace') {
    if (!Number.isInteger(rule.graceMinutes) || rule.graceMinutes < 0) {
      return [t`Grace must be a whole number of minutes, not negative`];
    }
    if (rule.graceMinutes >= 60) return [t`Grace must be shorter than an hour`];
  }
  return [];
}

/** The instant rounded to the nearest `stepMinutes` mark; exactly half-way goes to the later mark. */
export function roundToNearestMinutes(instant: Date, stepMinutes: number): Date {
  if (!ROUNDING_STEPS.includes(stepMinutes)) {
    throw new RangeError('Round to the nearest 5, 6 or 15 minutes');
  }
  const step = stepMinutes * MINUTE_MS;
  return new Date(Math.floor((instant.getTime() + step / 2) / step) * step);
}

/** The scheduled start when the clock-in is at most graceMinutes late; else the clock-in itself. */
export function graceClockIn(clockIn: Date, scheduledStart: Date, graceMinutes: number): Date {
  const lateMs = clockIn.getTime() - scheduledStart.getTime();
  const within = lateMs > 0 && lateMs <= graceMinutes * MINUTE_MS;
  return new Date(within ? scheduledStart.getTime() : clockIn.getTime());
}

/** The scheduled end when the clock-out is at most graceMinutes early; else the clock-out itself. */
export function graceClockOut(clockOut: Date, scheduledEnd: Date, graceMinutes: number): Date {
  const earlyMs = scheduledEnd.getTime() - clockOut.getTime();
  const within = earlyMs > 0 && earlyMs <= graceMinutes * MINUTE_MS;
  return new Date(within ? scheduledEnd.getTime() : clockOut.getTime());
}

/**
 * The paid clock-in and clock-out for one punch pair. Grace needs the scheduled shift; without
 * one, the punches are paid as they are. A paid clock-out never comes before the paid clock-in
 * (rounding 08:02–08:05 to 15 minutes pays 08:00–08:00, nothing).
 */
export function applyPayRounding(
  punch: PunchPair,
  rule: PayRoundingRule,
  shift?: { start: Date; end: Date },
): PunchPair {
  let clockIn = new Date(punch.clockIn.getTime());
  let clockOut = new Date(punch.clockOut.getTime());
  if (rule.kind === 'nearest') {
    clockIn = roundToNearestMinutes(clockIn, rule.stepMinutes);
    clockOut = roundToNearestMinutes(clockOut, rule.stepMinutes);
  } else if (rule.kind === 'grace' && shift) {
    clockIn = graceClockIn(clockIn, shift.start, rule.graceMinutes);
    clockOut = graceClockOut(clockOut, shift.end, rule.graceMinutes);
  }
  if (clockOut < clockIn) clockOut = new Date(clockIn.getTime());
  return { clockIn, clockOut };
}

/** Whole minutes paid between two instants (partial minutes are dropped; never negative). */
export function paidMinutesBetween(punch: PunchPair): number {
  return Math.max(0, Math.floor((punch.clockOut.getTime() - punch.clockIn.getTime()) / MINUTE_MS));
}
