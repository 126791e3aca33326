import { TZDate } from '@date-fns/tz';
import { formatDate, formatDuration, formatElapsedTime } from '../i18n/format.ts';

export { DEFAULT_TIME_ZONE } from './time-zone.ts';

/** The business day (yyyy-MM-dd) an instant falls on in the business time zone. */
export function toBusinessDate(instant: Date | string | number, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : new Date(instant);
  let formatter = isoDateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    isoDateFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(
    formatter.formatToParts(date).map((part) => [part.type, part.value]),
  );
  // Intl writes the year as it is read ("84"); isoDateOf writes "0084".
  return isoDateOf(Number(parts.year), Number(parts.month), Number(parts.day));
}
const isoDateFormatters = new Map<string, Intl.DateTimeFormat>();

/** "9:05 AM": product §2's h:mm a, shown in the business time zone ("9 h 05" in French). */
export function formatBusinessTime(instant: Date | string | number, timeZone: string): string {
  return formatDate(instant, 'h:mm a', { timeZone });
}

/**
 * "Nov 25, 2026, 2:45 PM" (or with seconds): an instant with its date, in the business time
 * zone, in the same h:mm a style as every other time the app shows.
 */
export function formatBusinessDateTime(
  instant: Date | string | number,
  timeZone: string,
  options: { seconds?: boolean } = {},
): string {
  const pattern = options.seconds ? 'MMM d, yyyy, h:mm:ss a' : 'MMM d, yyyy, h:mm a';
  return formatDate(instant, pattern, { timeZone });
}

/** The calendar day before or after a yyyy-MM-dd date (no time zone involved). */
export function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(0);
  shifted.setUTCFullYear(year, month - 1, day + days);
  return isoDateOf(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/**
 * yyyy-MM-dd of a calendar date (month 1–12), as PostgreSQL and every date field read it: four
 * digits of year ("0084"); 0000 is 1 BC and earlier years carry a sign (-0001), as date-fns'
 * uuuu writes them.
 */
export function isoDateOf(year: number, month: number, day: number): string {
  const yyyy = (year < 0 ? '-' : '') + String(Math.abs(year)).padStart(4, '0');
  return `${yyyy}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant a wall-clock time (HH:mm[:ss]) happens on a business day, DST-aware. */
export function businessInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(wallClockTime(year, month - 1, day, hours, minutes, timeZone));
}

/**
 * The epoch milliseconds of a wall-clock time in a time zone (month 0–11; days, hours and minutes
 * past their range roll over, as Date's do), DST-aware. Remembered: TZDate asks Intl for the
 * zone's offset, several times per call (≈ 6 µs), and the roster's conflict rules ask for the same
 * few times of day hundreds of thousands of times on a 200-person week (#32 item 5: 70 % of
 * GET /api/roster). A wall-clock time has one answer per zone, so the cache is never stale; it
 * is emptied when it reaches 50,000 entries (about 5 MB) so a long-running server stays small.
 */
export function wallClockTime(
  year: number,
  monthIndex: number,
  day: number,
  hours: number,
  minutes: number,
  timeZone: string,
): number {
  const key = `${timeZone}|${year}|${monthIndex}|${day}|${hours}|${minutes}`;
  let time = wallClockTimes.get(key);
  if (time === undefined) {
    time = new TZDate(year, monthIndex, day, hours, minutes, 0, timeZone).getTime();
    if (wallClockTimes.size >= WALL_CLOCK_CACHE_SIZE) wallClockTimes.clear();
    wallClockTimes.set(key, time);
  }
  return time;
}
const WALL_CLOCK_CACHE_SIZE = 50_000;
const wallClockTimes = new Map<string, number>();

/** The instant a business day starts (local midnight), which may be 23 or 25 hours from the next. */
export function startOfBusinessDay(date: string, timeZone: string): Date {
  return businessInstant(date, '00:00', timeZone);
}

/**
 * Whole elapsed seconds for live timers, in the reader's language: h:mm:ss (or m:ss under an
 * hour) in English, "1 h 05 min 07 s" in French (formatElapsedTime).
 */
export function formatElapsed(totalSeconds: number): string {
  return formatElapsedTime(totalSeconds);
}

/** Minutes as "7h 30m" for totals (in French, "7 h 30"). */
export function formatMinutes(totalMinutes: number): string {
  return formatDuration(totalMinutes);
}
