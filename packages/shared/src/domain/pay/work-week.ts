import { shiftDate, startOfBusinessDay } from '../business-time.ts';

/**
 * The work week (ESA: a recurring 7-day period the employer fixes): it starts on a weekday
 * (0 = Sunday … 6 = Saturday) at local midnight in the business time zone. Its real length is
 * 168 hours except across a DST change (167 h for the week of 2026-03-08 in Toronto, 169 h for the
 * week of 2026-11-01), so the labour checks measure it in real instants, never as 7 × 24 h.
 */

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

function assertWeekday(weekStartsOn: number): void {
  if (!Number.isInteger(weekStartsOn) || weekStartsOn < 0 || weekStartsOn > 6) {
    throw new RangeError(`A work week starts on a weekday 0–6, not ${weekStartsOn}`);
  }
}

/** Weekday (0 = Sunday) of a 'yyyy-MM-dd' date, independent of any time zone. */
export function weekdayOfDate(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The first day ('yyyy-MM-dd') of the work week containing `date`. */
export function workWeekStartDate(date: string, weekStartsOn: number): string {
  assertWeekday(weekStartsOn);
  return shiftDate(date, -((weekdayOfDate(date) - weekStartsOn + 7) % 7));
}

/** A span of real time, start inclusive, end exclusive. */
export interface InstantRange {
  start: Date;
  end: Date;
}

/** The real instants of the work week starting on `weekStartDate`: local midnight to midnight. */
export function workWeekInstants(weekStartDate: string, timeZone: string): InstantRange {
  return {
    start: startOfBusinessDay(weekStartDate, timeZone),
    end: startOfBusinessDay(shiftDate(weekStartDate, 7), timeZone),
  };
}
