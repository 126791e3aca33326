import type { DateRange } from '../schedule.ts';
import { shiftDate } from '../business-time.ts';
import { workWeekStartDate } from './work-week.ts';

/**
 * ESA public holiday pay (issue #14 §3): (regular wages earned + vacation pay payable in the 4
 * work weeks before the work week of the holiday) ÷ 20. Amounts are integer cents; the result is
 * rounded to the cent, half up. Which wages count as "regular" (no overtime, no premium) is the
 * caller's business: this module only does the arithmetic and picks the weeks.
 */

export interface HolidayPayBase {
  /** Regular wages earned in the 4 work weeks, in cents. */
  regularWagesCents: number;
  /** Vacation pay payable for those weeks, in cents. */
  vacationPayCents: number;
}

function assertCents(label: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${label} must be a whole, non-negative number of cents, not ${cents}`);
  }
}

/** (wages + vacation pay) ÷ 20 in cents, half up: 30 ¢ → 1.5 ¢ → 2 ¢. */
export function publicHolidayPayCents(base: HolidayPayBase): number {
  assertCents('Regular wages', base.regularWagesCents);
  assertCents('Vacation pay', base.vacationPayCents);
  const total = base.regularWagesCents + base.vacationPayCents;
  // Integer half-up division: adding half the divisor before flooring avoids float error.
  return Math.floor((total + 10) / 20);
}

/**
 * The 4 complete work weeks before the work week that contains the holiday, oldest first, as
 * inclusive 'yyyy-MM-dd' ranges (a work week starts on `weekStartsOn`, 0 = Sunday).
 */
export function holidayPayWeeks(holidayDate: string, weekStartsOn: number): DateRange[] {
  const holidayWeekStart = workWeekStartDate(holidayDate, weekStartsOn);
  return [4, 3, 2, 1].map((weeksBack) => {
    const start = shiftDate(holidayWeekStart, -7 * weeksBack);
    return { dateRangeStart: start, dateRangeEnd: shiftDate(start, 6) };
  });
}

/**
 * The first date a pay period's pay reads (issue #28): the first day of the work week its first
 * day falls in (weekly overtime counts whole work weeks), and with a public holiday in the period,
 * the first of the 4 work weeks before that week (the holiday pay's wages), whatever pay period
 * they fall in. The timesheet reads from here; a locked period protects from here.
 */
export function payReadsFrom(
  periodStart: string,
  weekStartsOn: number,
  hasHoliday: boolean,
): string {
  const weekStart = workWeekStartDate(periodStart, weekStartsOn);
  if (!hasHoliday) return weekStart;
  return holidayPayWeeks(weekStart, weekStartsOn)[0]?.dateRangeStart ?? weekStart;
}
