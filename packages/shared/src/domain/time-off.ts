import { plural } from '@lingui/core/macro';
import { formatBusinessDateLong, formatDateRange, formatTimeRange } from '../i18n/format.ts';
import { DEFAULT_WORKING_DAYS, weekdayOf } from './schedule.ts';
import { shiftDate } from './business-time.ts';

/** A standard working day for part-day requests and days without a schedule. */
export const STANDARD_DAY_MINUTES = 8 * 60;

/** Working days between two dates inclusive (Mon–Fri unless the person's days are given). */
export function countWorkingDays(
  from: string,
  to: string,
  workingDays: readonly number[] = DEFAULT_WORKING_DAYS,
): number {
  let count = 0;
  for (let date = from; date <= to; date = shiftDate(date, 1)) {
    if (workingDays.includes(weekdayOf(date))) count += 1;
  }
  return count;
}

/** Days a request takes from a balance, ×100 to stay in whole numbers (half a day = 50). */
export function requestDaysX100(request: {
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
}): number {
  if (request.startTime && request.endTime) {
    // Part of a day off that is not a working day costs nothing, like a whole one.
    if (countWorkingDays(request.startDate, request.startDate) === 0) return 0;
    const [startHour, startMinute] = request.startTime.split(':').map(Number) as [number, number];
    const [endHour, endMinute] = request.endTime.split(':').map(Number) as [number, number];
    const minutes = endHour * 60 + endMinute - (startHour * 60 + startMinute);
    return Math.round((minutes / STANDARD_DAY_MINUTES) * 100);
  }
  return countWorkingDays(request.startDate, request.endDate) * 100;
}

/**
 * Days of leave as a person reads them: "1 day", "0.5 days", "1.5 days"; in French "0 jour",
 * "1,5 jour", "2 jours" (French puts everything under 2 in the singular). The language's own
 * plural rule chooses, never English's.
 */
export function formatDays(daysX100: number): string {
  const days = daysX100 / 100;
  return plural(days, { one: '# day', other: '# days' });
}

/**
 * The dates a time-off request covers, in the reader's language: "Dec 17 – 19, 2026", one day
 * "Dec 17, 2026", part of a day "Dec 17, 2026, 1:00 PM–5:00 PM".
 */
export function formatRequestDates(request: {
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
}): string {
  if (request.startTime && request.endTime) {
    const day = formatBusinessDateLong(request.startDate);
    return `${day}, ${formatTimeRange(request.startTime, request.endTime)}`;
  }
  return formatDateRange(request.startDate, request.endDate);
}
