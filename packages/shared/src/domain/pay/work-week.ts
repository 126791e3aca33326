import { shiftDate, startOfBusinessDay } from '../business-time.ts';
import {
  dateOfDayNumber,
  dayNumber,
  modulo,
  weekDayOf,
  type DateRange,
  type WeekDay,
} from './pay-periods.ts';

/**
 * The work week (ESA: a recurring 7-day period the employer fixes): it starts on a weekday
 * (0 = Sunday … 6 = Saturday) at local midnight in the business time zone. Its real length is
 * 168 hours except across a DST change (167 h for the week of 2026-03-08 in Toronto, 169 h for the
 * week of 2026-11-01), so the labour checks measure it in real instants, never as 7 × 24 h.
 */

function assertWeekday(weekStartsOn: number): void {
  if (!Number.isInteger(weekStartsOn) || weekStartsOn < 0 || weekStartsOn > 6) {
    throw new RangeError(`A work week starts on a weekday 0–6, not ${weekStartsOn}`);
  }
}

/** The 7-day work week (the unit of the weekly overtime threshold) a business date falls in. */
export function workWeekContaining(date: string, weekStartsOn: number): DateRange {
  assertWeekday(weekStartsOn);
  const start = dayNumber(date) - modulo(weekDayOf(date) - weekStartsOn, 7);
  return { start: dateOfDayNumber(start), end: dateOfDayNumber(start + 6) };
}

/** The first day ('yyyy-MM-dd') of the work week containing `date`. */
export function workWeekStartDate(date: string, weekStartsOn: number): string {
  return workWeekContaining(date, weekStartsOn).start;
}

export type { WeekDay };

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
