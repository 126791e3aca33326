/**
 * Ontario's nine public holidays under the Employment Standards Act (issue #14 §3), computed per
 * year, and the organisation's admin-edited list on top of them. Dates only ('yyyy-MM-dd'): a
 * public holiday is a business day, not an instant range, so no time zone is involved here.
 *
 * No substitution at this level: when a holiday falls on a non-working day (e.g. Canada Day on a
 * Sunday) the Act gives the employee a substitute day off or pay, and which day that is depends on
 * the employer and the person's schedule. That is a later concern (timesheets), not this list's.
 */

export interface PublicHoliday {
  /** 'yyyy-MM-dd'. */
  date: string;
  name: string;
}

/** The admin's edits: holidays added (or renamed by date) and statutory dates removed. */
export interface HolidayListEdits {
  added: readonly PublicHoliday[];
  /** 'yyyy-MM-dd' dates to drop from the statutory list. */
  removed: readonly string[];
}

const MONDAY = 1;

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Weekday (0 = Sunday) of a calendar date, computed in UTC so the host's zone never matters. */
function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Day of the month of the nth (1-based) given weekday, e.g. the 3rd Monday of February. */
function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): number {
  const first = weekdayOf(year, month, 1);
  return 1 + ((weekday - first + 7) % 7) + 7 * (nth - 1);
}

/** Easter Sunday (Gregorian), by the anonymous "Meeus/Jones/Butcher" algorithm. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** Good Friday: two days before Easter Sunday (may fall in March). */
function goodFriday(year: number): string {
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`);
  easter.setUTCDate(easter.getUTCDate() - 2);
  return easter.toISOString().slice(0, 10);
}

/** Victoria Day: the Monday before May 25 (May 18–24). */
function victoriaDay(year: number): number {
  return 24 - ((weekdayOf(year, 5, 24) - MONDAY + 7) % 7);
}

/** The nine ESA public holidays of a year, in date order. */
export function ontarioPublicHolidays(year: number): PublicHoliday[] {
  if (!Number.isInteger(year) || year < 1583) {
    throw new RangeError(`Not a Gregorian year: ${year}`);
  }
  return [
    { date: isoDate(year, 1, 1), name: "New Year's Day" },
    { date: isoDate(year, 2, nthWeekdayOfMonth(year, 2, MONDAY, 3)), name: 'Family Day' },
    { date: goodFriday(year), name: 'Good Friday' },
    { date: isoDate(year, 5, victoriaDay(year)), name: 'Victoria Day' },
    { date: isoDate(year, 7, 1), name: 'Canada Day' },
    { date: isoDate(year, 9, nthWeekdayOfMonth(year, 9, MONDAY, 1)), name: 'Labour Day' },
    { date: isoDate(year, 10, nthWeekdayOfMonth(year, 10, MONDAY, 2)), name: 'Thanksgiving' },
    { date: isoDate(year, 12, 25), name: 'Christmas Day' },
    { date: isoDate(year, 12, 26), name: 'Boxing Day' },
  ];
}

/**
 * The year's holidays after the admin's edits: statutory dates listed in `removed` are dropped,
 * `added` ones join (an added date that is already a holiday replaces its name, so one date is
 * never listed twice). Removal applies to the statutory list only, so an admin can move a holiday
 * by removing its date and adding another. Added holidays outside the year are ignored.
 */
export function holidaysForYear(year: number, edits: HolidayListEdits): PublicHoliday[] {
  const byDate = new Map<string, PublicHoliday>();
  const removed = new Set(edits.removed);
  for (const holiday of ontarioPublicHolidays(year)) {
    if (!removed.has(holiday.date)) byDate.set(holiday.date, holiday);
  }
  for (const holiday of edits.added) {
    if (holiday.date.startsWith(`${year}-`)) byDate.set(holiday.date, { ...holiday });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The holiday on a 'yyyy-MM-dd' date, or null. */
export function holidayOn(date: string, holidays: readonly PublicHoliday[]): PublicHoliday | null {
  return holidays.find((holiday) => holiday.date === date) ?? null;
}

export function isPublicHoliday(date: string, holidays: readonly PublicHoliday[]): boolean {
  return holidayOn(date, holidays) !== null;
}
