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
  // A pay period's timesheets ask for the same few days' instants for every person, and the
  // time-zone arithmetic was a third of computing them (docs/benchmarks.md, "Pay periods").
  const key = `${timeZone}|${date}|${time}`;
  let ms = businessInstants.get(key);
  if (ms === undefined) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    ms = new TZDate(year, month - 1, day, hours, minutes, 0, timeZone).getTime();
    if (businessInstants.size >= BUSINESS_INSTANTS_KEPT) businessInstants.clear();
    businessInstants.set(key, ms);
  }
  return new Date(ms);
}
/** Instants already computed: a pure function of its arguments, so remembered (bounded). */
const businessInstants = new Map<string, number>();
const BUSINESS_INSTANTS_KEPT = 20_000;

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
