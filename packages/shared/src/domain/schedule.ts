import { t } from '@lingui/core/macro';
import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  getDay,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { isoDateOf, wallClockTime } from './business-time.ts';
import { formatTimeRange } from '../i18n/format.ts';
import type { Locale } from '../i18n/locales.ts';

/** product §9: weeks start on Sunday (0). */
export const WEEK_STARTS_ON = 0;
export const WEEKDAY_SHORT_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5] as const;

export interface ShiftPattern {
  /** "HH:mm" local business time. */
  workStart: string;
  workEnd: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  breakDurationMins: number;
  /** Weekdays the shift starts on, 0 = Sunday. */
  workingDays: readonly number[];
  /**
   * Dates ("yyyy-MM-dd") the pattern does not run on although their weekday is a working day:
   * a template assignment's dates on which the person has a published roster shift, which takes
   * its place (decision 0047).
   */
  exceptDates?: readonly string[];
}

export interface DateRange {
  dateRangeStart: string;
  dateRangeEnd: string;
}

/** product §2: a day matches an assignment when it lies in start..end inclusive. */
export function isDateInRange(date: string, range: DateRange): boolean {
  return range.dateRangeStart <= date && date <= range.dateRangeEnd;
}

export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.dateRangeStart <= b.dateRangeEnd && b.dateRangeStart <= a.dateRangeEnd;
}

/** Minutes after midnight of an "HH:mm" (or "HH:mm:ss") time. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** A shift whose end is not after its start ends the next day. */
export function isOvernight(pattern: Pick<ShiftPattern, 'workStart' | 'workEnd'>): boolean {
  return timeToMinutes(pattern.workEnd) <= timeToMinutes(pattern.workStart);
}

/**
 * Offsets in minutes from the shift day's midnight, with times after midnight of an overnight
 * shift pushed into the next day (so 22:00–06:00 is 1320..1800).
 */
export function shiftOffsets(pattern: ShiftPattern): {
  start: number;
  end: number;
  lunchStart: number | null;
  lunchEnd: number | null;
} {
  const start = timeToMinutes(pattern.workStart);
  const later = (time: string) => {
    const minutes = timeToMinutes(time);
    return minutes < start ? minutes + 1440 : minutes;
  };
  const end = isOvernight(pattern)
    ? timeToMinutes(pattern.workEnd) + 1440
    : timeToMinutes(pattern.workEnd);
  return {
    start,
    end,
    lunchStart: pattern.lunchStart ? later(pattern.lunchStart) : null,
    lunchEnd: pattern.lunchEnd ? later(pattern.lunchEnd) : null,
  };
}

/** Scheduled paid minutes: the shift less its unpaid lunch (breaks are paid). */
export function scheduledMinutes(pattern: ShiftPattern): number {
  const offsets = shiftOffsets(pattern);
  const lunch =
    offsets.lunchStart !== null && offsets.lunchEnd !== null
      ? offsets.lunchEnd - offsets.lunchStart
      : 0;
  return offsets.end - offsets.start - lunch;
}

/** Why a shift pattern is not coherent, or null when it is. */
export function findShiftProblem(pattern: ShiftPattern): string | null {
  if (pattern.workStart === pattern.workEnd)
    return t`The shift must end at a different time than it starts`;
  if ((pattern.lunchStart === null) !== (pattern.lunchEnd === null)) {
    return t`Give both a lunch start and a lunch end, or neither`;
  }
  const offsets = shiftOffsets(pattern);
  if (offsets.lunchStart !== null && offsets.lunchEnd !== null) {
    // Offsets never fall before the start (earlier times count as the next day), so a lunch
    // starting before the shift shows up as one starting after its end.
    if (offsets.lunchStart > offsets.end || offsets.lunchEnd > offsets.end) {
      return t`Lunch must be inside the shift`;
    }
    if (offsets.lunchEnd <= offsets.lunchStart) return t`Lunch must end after it starts`;
  }
  if (pattern.workingDays.length === 0) return t`Choose at least one working day`;
  return null;
}

export function weekdayOf(date: string): number {
  return getDay(parseISO(date));
}

/**
 * Whether the shift runs on a date (its start day): a working weekday of the pattern that is not
 * one of its `exceptDates` (a day a published roster shift takes its place).
 */
export function isWorkingDay(
  pattern: Pick<ShiftPattern, 'workingDays' | 'exceptDates'>,
  date: string,
): boolean {
  return pattern.workingDays.includes(weekdayOf(date)) && !pattern.exceptDates?.includes(date);
}

/**
 * The plan a person works on a date, among plans over date ranges (template assignments and
 * published roster shifts): the one whose range holds the date and that runs that day. The one
 * rule every "what is this person scheduled for" read goes through.
 */
export function findPlanOn<
  Plan extends DateRange & Pick<ShiftPattern, 'workingDays' | 'exceptDates'>,
>(plans: readonly Plan[], date: string): Plan | undefined {
  return plans.find((plan) => isDateInRange(date, plan) && isWorkingDay(plan, date));
}

/** The instants a shift starting on `date` begins and ends, DST-aware in the business zone. */
export function shiftInstants(
  pattern: ShiftPattern,
  date: string,
  timeZone: string,
): { start: Date; end: Date } {
  const offsets = shiftOffsets(pattern);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const at = (offset: number) =>
    new Date(
      wallClockTime(
        year,
        month - 1,
        day + Math.floor(offset / 1440),
        Math.floor((offset % 1440) / 60),
        offset % 60,
        timeZone,
      ),
    );
  return { start: at(offsets.start), end: at(offsets.end) };
}

/** A calendar date's yyyy-MM-dd, by its local fields (date-fns' `format` would cost ~5 KB on
 * the first page for this alone). */
const toIso = (date: Date) => isoDateOf(date.getFullYear(), date.getMonth() + 1, date.getDate());

/** The seven dates of the Sunday-started week containing `date`. */
export function getWeekDates(date: string): string[] {
  const start = startOfWeek(parseISO(date), { weekStartsOn: WEEK_STARTS_ON });
  return Array.from({ length: 7 }, (_, index) => toIso(addDays(start, index)));
}

/** Whole Sunday-started weeks covering the month of `date` (4 to 6 rows of 7 dates). */
export function getMonthGrid(date: string): string[][] {
  const first = startOfWeek(startOfMonth(parseISO(date)), { weekStartsOn: WEEK_STARTS_ON });
  const last = endOfWeek(endOfMonth(parseISO(date)), { weekStartsOn: WEEK_STARTS_ON });
  const weeks: string[][] = [];
  for (let cursor = first; cursor <= last; cursor = addDays(cursor, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => toIso(addDays(cursor, index))));
  }
  return weeks;
}

export function shiftMonth(date: string, months: number): string {
  return toIso(addMonths(parseISO(date), months));
}

/**
 * "9:00 AM–5:00 PM" ("9 h – 17 h" in French) with a "+1" marker when the shift ends the next
 * day, in the reader's language.
 */
export function formatShiftHours(
  pattern: Pick<ShiftPattern, 'workStart' | 'workEnd'>,
  locale?: Locale,
): string {
  const hours = formatTimeRange(pattern.workStart, pattern.workEnd, locale);
  return `${hours}${isOvernight(pattern) ? '\u00a0(+1)' : ''}`;
}
