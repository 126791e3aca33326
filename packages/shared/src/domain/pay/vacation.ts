/**
 * Ontario's statutory vacation minimum (ESA Part XI; issue #14, item 5), on the calendar year as
 * the organisation's "standard vacation entitlement year" — the year our time-off allowances use.
 *
 * - Under 5 years of employment: 2 weeks (10 working days) per entitlement year, vacation pay 4 %.
 * - 5 years or more: 3 weeks (15 working days), vacation pay 6 %.
 * - The year a person is hired is a "stub period": its entitlement is pro-rated by the share of
 *   the year they are employed, rounded UP to a hundredth of a day (never below the Act).
 *
 * The Act earns vacation at the END of an entitlement year and grants it within 10 months after.
 * We front-load: the year's whole entitlement is available from January 1 (or the hire date),
 * which is never less than the Act requires. The 5-year step is taken in the first calendar year
 * that starts with 5 completed years — the year that follows the entitlement year in which the
 * 5th year was completed, as the Act's "after 5 years" reads on a calendar entitlement year.
 */
import { dayNumber } from './pay-periods.ts';

export const ESA_VACATION_DAYS_UNDER_FIVE_YEARS = 10;
export const ESA_VACATION_DAYS_FROM_FIVE_YEARS = 15;

/** Whole years of employment completed on a date (a hire on Feb 29 completes on Feb 28 or 29). */
export function completedYearsOfEmployment(hireDate: string, onDate: string): number {
  if (onDate < hireDate) return 0;
  const years = Number(onDate.slice(0, 4)) - Number(hireDate.slice(0, 4));
  return onDate.slice(5) >= hireDate.slice(5) ? years : years - 1;
}

/** The ESA's full-year entitlement in working days for a calendar year (10 or 15). */
function fullYearDays(hireDate: string, year: number): number {
  return completedYearsOfEmployment(hireDate, `${year}-01-01`) >= 5
    ? ESA_VACATION_DAYS_FROM_FIVE_YEARS
    : ESA_VACATION_DAYS_UNDER_FIVE_YEARS;
}

/**
 * The least vacation, in hundredths of a working day, a person hired on hireDate must be allowed
 * in a calendar year: 0 before the hire year, pro-rated in the hire year, then 10 or 15 days.
 */
export function esaVacationMinimumX100(hireDate: string, year: number): number {
  const hireYear = Number(hireDate.slice(0, 4));
  if (year < hireYear) return 0;
  const full = fullYearDays(hireDate, year) * 100;
  if (year > hireYear) return full;
  const yearDays = dayNumber(`${year + 1}-01-01`) - dayNumber(`${year}-01-01`);
  const employedDays = dayNumber(`${year + 1}-01-01`) - dayNumber(hireDate);
  return Math.ceil((full * employedDays) / yearDays);
}

/** Vacation pay as a percentage of wages earned in a calendar year: 4 %, or 6 % from 5 years. */
export function esaVacationPayPercent(hireDate: string, year: number): 4 | 6 {
  return fullYearDays(hireDate, year) === ESA_VACATION_DAYS_FROM_FIVE_YEARS ? 6 : 4;
}

/** Pay lines whose amounts are wages for vacation pay: all but vacation (the pay itself). */
export interface WageLine {
  code: string;
  amountCents: number | null;
}

/**
 * Vacation pay earned on a period's wages (ESA s. 35.2): 4 % (6 % from 5 years) of the gross of
 * every paid line but VAC, in whole cents rounded half up; null when no line has an amount
 * (no hourly rate known: everything stays in hours).
 */
export function vacationPayEarned(
  lines: readonly WageLine[],
  hireDate: string,
  year: number,
): { percent: 4 | 6; wagesCents: number; amountCents: number } | null {
  const priced = lines.filter((line) => line.code !== 'VAC' && line.amountCents !== null);
  if (priced.length === 0) return null;
  const wagesCents = priced.reduce((sum, line) => sum + (line.amountCents ?? 0), 0);
  const percent = esaVacationPayPercent(hireDate, year);
  return { percent, wagesCents, amountCents: Math.round((wagesCents * percent) / 100) };
}
