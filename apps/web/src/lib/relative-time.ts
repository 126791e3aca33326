import { currentLocale } from '@punchclock/shared/i18n/format';

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43_200;
const MINUTES_IN_YEAR = 525_600;

/**
 * How long ago (or how soon) an instant is, in the reader's language: "5 minutes ago",
 * "il y a 5 minutes". Intl.RelativeTimeFormat with date-fns formatDistanceToNowStrict's choice
 * of unit and rounding, which the screens were written with (relative-time.test.ts holds the
 * English to it); no date-fns locale on the first page.
 */
export function formatRelativeToNow(value: Date | string | number, nowMs = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  const locale = currentLocale();
  const diffMs = date.getTime() - nowMs;
  // Now itself reads as past ("0 seconds ago"), as date-fns has it: -0 is past to Intl.
  const sign = diffMs > 0 ? 1 : -1;
  const minutes = Math.abs(diffMs) / 60_000;
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes < 1
      ? [Math.round(minutes * 60), 'second']
      : minutes < 60
        ? [Math.round(minutes), 'minute']
        : minutes < MINUTES_IN_DAY
          ? [Math.round(minutes / 60), 'hour']
          : minutes < MINUTES_IN_MONTH
            ? [Math.round(minutes / MINUTES_IN_DAY), 'day']
            : minutes < MINUTES_IN_YEAR
              ? [Math.round(minutes / MINUTES_IN_MONTH), 'month']
              : [Math.round(minutes / MINUTES_IN_YEAR), 'year'];
  // "1 year", not "12 months", as date-fns says.
  const [shown, shownUnit]: [number, Intl.RelativeTimeFormatUnit] =
    unit === 'month' && amount === 12 ? [1, 'year'] : [amount, unit];
  return new Intl.RelativeTimeFormat(locale === 'en' ? 'en-US' : locale, {
    numeric: 'always',
  }).format(sign * shown, shownUnit);
}
