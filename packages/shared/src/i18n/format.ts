import { isLocale, type Locale } from './locales.ts';
import { i18n } from './runtime.ts';

/**
 * Dates, times, numbers and durations in the reader's language (decision 0036), with Intl.
 * English keeps the spec's exact forms ("Nov 25, 2026", "2:45 PM", "7h 30m": the date-fns
 * patterns the screens used, which format.test.ts holds Intl to); French (Canada) gets its own
 * ("25 nov. 2026", "14 h 45", "7 h 30", "1 234,5").
 */
export function currentLocale(): Locale {
  const locale = i18n.locale;
  return isLocale(locale) ? locale : 'en';
}

/** The date-fns patterns screens use, each with the Intl fields that say the same elsewhere. */
const PATTERN_FIELDS = {
  'MMM d, yyyy': { month: 'short', day: 'numeric', year: 'numeric' },
  'MMM d': { month: 'short', day: 'numeric' },
  'MMMM d, yyyy': { month: 'long', day: 'numeric', year: 'numeric' },
  'MMMM d': { month: 'long', day: 'numeric' },
  'MMMM yyyy': { month: 'long', year: 'numeric' },
  'EEEE, MMMM d': { weekday: 'long', month: 'long', day: 'numeric' },
  'EEEE, MMMM d, yyyy': { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  'EEE, MMM d, yyyy': { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  'EEE, MMM d': { weekday: 'short', month: 'short', day: 'numeric' },
  EEEE: { weekday: 'long' },
  EEE: { weekday: 'short' },
  d: { day: 'numeric' },
  'h:mm a': { hour: 'numeric', minute: '2-digit' },
  'h:mm:ss a': { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  'MMM d, yyyy, h:mm a': {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  'MMM d, yyyy, h:mm:ss a': {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DatePattern = keyof typeof PATTERN_FIELDS;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date (or instant) in one of the app's display patterns, named by its date-fns pattern. With
 * `timeZone` the instant is shown on that zone's clock; without, on the device's.
 */
export function formatDate(
  value: Date | string | number,
  pattern: DatePattern,
  options: { timeZone?: string; locale?: Locale } = {},
): string {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : value;
  const locale = options.locale ?? currentLocale();
  const key = `${locale}|${pattern}|${options.timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
      ...PATTERN_FIELDS[pattern],
      // English: "2:45 PM", as product §2 writes it; French: 24-hour time, "14 h 45".
      ...(locale === 'en' ? { hour12: true } : { hourCycle: 'h23' }),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    });
    formatters.set(key, formatter);
  }
  const text = formatter.format(date);
  // ICU puts a narrow no-break space before AM/PM; the app has always shown a plain space.
  if (locale === 'en') return text.replace(/\u202f/g, ' ');
  // French keeps a time together ("14 h 45" never breaks after "14"), as its typography wants.
  const kept = text
    .replace(/(\d) (h|min|s)\b/g, `$1${NBSP}$2`)
    .replace(/\b(h|min) (\d)/g, `$1${NBSP}$2`);
  // On the hour, no zeros (OQLF): "9 h", as durations write "1 h"; "9 h 05" keeps its minutes.
  return kept.replace(/(\d\u00a0h)\u00a000(?!\u00a0min)/g, '$1');
}

/** A number in the reader's language ("1,234.5" / "1 234,5"). */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  locale: Locale = currentLocale(),
): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-CA' : locale, options).format(value);
}

/** Minutes as a duration: "7h 30m" in English (the spec's form), "7 h 30" in French. */
export function formatDuration(totalMinutes: number, locale: Locale = currentLocale()): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (locale === 'en') {
    if (hours === 0) return `${rest}m`;
    return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
  }
  if (hours === 0) return `${rest}${NBSP}min`;
  return rest === 0
    ? `${hours}${NBSP}h`
    : `${hours}${NBSP}h${NBSP}${String(rest).padStart(2, '0')}`;
}

/**
 * A wall-clock time as schedules store it ("08:30", "17:00:00", "24:00"), as people read it:
 * "8:30 AM" in English (the spec's h:mm a), "8 h 30" in French, "17 h" on the hour (OQLF).
 * Midnight is "12:00 AM" / "0 h"; "24:00", the end of a day, is "12:00 AM" / "24 h".
 */
export function formatTimeOfDay(time: string, locale: Locale = currentLocale()): string {
  const [hourText = '0', minuteText = '0'] = time.split(':');
  const hours = Number(hourText);
  const minutes = Number(minuteText);
  const mm = String(minutes).padStart(2, '0');
  if (locale === 'en') {
    const period = hours % 24 < 12 ? 'AM' : 'PM';
    return `${hours % 12 === 0 ? 12 : hours % 12}:${mm} ${period}`;
  }
  return minutes === 0 ? `${hours}${NBSP}h` : `${hours}${NBSP}h${NBSP}${mm}`;
}

/**
 * From one wall-clock time to another: "9:00 AM–5:00 PM", "9 h – 17 h" (French spaces the dash
 * between times that have spaces in them; the space before it does not break).
 */
export function formatTimeRange(start: string, end: string, locale: Locale = currentLocale()) {
  const from = formatTimeOfDay(start, locale);
  const to = formatTimeOfDay(end, locale);
  return locale === 'en' ? `${from}–${to}` : `${from}${NBSP}– ${to}`;
}

/** A business date (yyyy-MM-dd) in a sentence or a heading: "Dec 17, 2026", "17 déc. 2026". */
export function formatBusinessDateLong(date: string, locale: Locale = currentLocale()): string {
  // Noon UTC of that day is that day in UTC, whatever the zone of whoever reads it.
  return formatDate(`${date}T12:00:00Z`, 'MMM d, yyyy', { timeZone: 'UTC', locale });
}

/**
 * Two business dates as one span, for headings: "Nov 22 – Dec 5, 2026", "22 nov. – 5 déc. 2026";
 * one date when they are the same day.
 */
export function formatDateRange(start: string, end: string, locale: Locale = currentLocale()) {
  if (start === end) return formatBusinessDateLong(start, locale);
  const formatter = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    ...PATTERN_FIELDS['MMM d, yyyy'],
    timeZone: 'UTC',
  });
  return formatter
    .formatRange(new Date(`${start}T12:00:00Z`), new Date(`${end}T12:00:00Z`))
    .replace(/\u2009/g, ' ');
}

/**
 * Time elapsed on a live timer: a stopwatch in English ("0:08", "15:00", "1:05:07"); French
 * reads "0:08" as a time of day, so it spells the units: "8 s", "15 min 00 s", "1 h 05 min 07 s".
 */
export function formatElapsedTime(totalSeconds: number, locale: Locale = currentLocale()): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  if (locale === 'en') {
    const mm = String(minutes).padStart(2, '0');
    return hours > 0 ? `${hours}:${mm}:${rest}` : `${minutes}:${rest}`;
  }
  const unit = (value: string | number, name: string) => `${value}${NBSP}${name}`;
  if (hours > 0) {
    const mm = String(minutes).padStart(2, '0');
    return `${unit(hours, 'h')}${NBSP}${unit(mm, 'min')}${NBSP}${unit(rest, 's')}`;
  }
  if (minutes > 0) return `${unit(minutes, 'min')}${NBSP}${unit(rest, 's')}`;
  return unit(seconds, 's');
}

/** No-break space: French sets numbers and their units apart with one ("7 h 30", "45 min"). */
const NBSP = '\u00a0';
