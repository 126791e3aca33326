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
  return text.replace(/(\d) (h|min|s)\b/g, `$1${NBSP}$2`).replace(/\b(h|min) (\d)/g, `$1${NBSP}$2`);
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

/** No-break space: French sets numbers and their units apart with one ("7 h 30", "45 min"). */
const NBSP = '\u00a0';
