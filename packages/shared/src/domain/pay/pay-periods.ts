/**
 * The organisation's pay calendar (issue #14, part 1). Pay periods and work weeks are ranges of
 * business dates ('yyyy-MM-dd', both ends inclusive), never instants: a period that contains a DST
 * change still has 7 or 14 dates, even though one of them is 23 or 25 hours long. All arithmetic is
 * therefore on whole calendar days (UTC day numbers), so no time zone can shift a boundary.
 */

export type PayCalendar =
  /** Every 7 days; anchorDate is the first day of any one period (past or future). */
  | { kind: 'weekly'; anchorDate: string }
  /** Every 14 days; anchorDate is the first day of any one period (past or future). */
  | { kind: 'biweekly'; anchorDate: string }
  /** 1st–15th and 16th–last day of each month. */
  | { kind: 'semimonthly' }
  /** The calendar month. */
  | { kind: 'monthly' };

/** A pay period or work week: the first and last business date, both inclusive. */
export interface DateRange {
  start: string;
  end: string;
}

/** 0 = Sunday … 6 = Saturday, as Date.getDay(). */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a business date; throws on anything but a real yyyy-MM-dd date. */
export function dayNumber(date: string): number {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  const number = computeDayNumber(date);
  if (dayNumbers.size >= DAY_NUMBERS_KEPT) dayNumbers.clear();
  dayNumbers.set(date, number);
  return number;
}
/** Day numbers already computed (timesheets ask for the same dates for every person), bounded. */
const dayNumbers = new Map<string, number>();
const DAY_NUMBERS_KEPT = 20_000;

function computeDayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const ms = new Date(0).setUTCFullYear(year, month - 1, day);
  // Date.UTC rolls 2027-02-29 over to March 1st; a round trip catches it.
  if (dateOfDayNumber(ms / DAY_MS) !== date) throw new RangeError(`No such date: ${date}`);
  return ms / DAY_MS;
}

/** The business date for a day number (the inverse of dayNumber). */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` calendar days after (or before, when negative) a business date. */
export function addDaysToDate(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** The day of the week of a business date (0 = Sunday). */
export function weekDayOf(date: string): WeekDay {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay() as WeekDay;
}

/** Every date from start to end, both inclusive. */
export function datesOf(range: DateRange): string[] {
  const dates: string[] = [];
  for (let day = dayNumber(range.start); day <= dayNumber(range.end); day += 1) {
    dates.push(dateOfDayNumber(day));
  }
  return dates;
}

/** A remainder that is never negative, so anchors after the date work like anchors before it. */
export function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

function lastDayOfMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (29 in February 2028).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function fixedLengthPeriod(anchorDate: string, length: number, date: string): DateRange {
  const day = dayNumber(date);
  const start = day - modulo(day - dayNumber(anchorDate), length);
  return { start: dateOfDayNumber(start), end: dateOfDayNumber(start + length - 1) };
}

/** The pay period a business date falls in. */
export function payPeriodContaining(calendar: PayCalendar, date: string): DateRange {
  dayNumber(date); // validates the date before any slicing below
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const monthPrefix = date.slice(0, 8);
  const lastDay = String(lastDayOfMonth(year, month));
  switch (calendar.kind) {
    case 'weekly':
      return fixedLengthPeriod(calendar.anchorDate, 7, date);
    case 'biweekly':
      return fixedLengthPeriod(calendar.anchorDate, 14, date);
    case 'semimonthly':
      return day <= 15
        ? { start: `${monthPrefix}01`, end: `${monthPrefix}15` }
        : { start: `${monthPrefix}16`, end: `${monthPrefix}${lastDay}` };
    case 'monthly':
      return { start: `${monthPrefix}01`, end: `${monthPrefix}${lastDay}` };
  }
}

/**
 * Every pay period that shares at least one date with from..to (both inclusive), in order: the
 * first may start before `from` and the last may end after `to`. Empty when to is before from.
 */
export function payPeriodsBetween(calendar: PayCalendar, from: string, to: string): DateRange[] {
  const periods: DateRange[] = [];
  if (dayNumber(to) < dayNumber(from)) return periods;
  let period = payPeriodContaining(calendar, from);
  while (dayNumber(period.start) <= dayNumber(to)) {
    periods.push(period);
    period = payPeriodContaining(calendar, addDaysToDate(period.end, 1));
  }
  return periods;
}
