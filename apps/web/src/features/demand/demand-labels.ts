import { formatDate, formatNumber } from '@punchclock/shared/i18n/format';

/** "Mon, Nov 23" for a business date (yyyy-MM-dd), whatever the reader's zone. */
export function formatDay(date: string): string {
  return formatDate(`${date}T12:00:00Z`, 'EEE, MMM d', { timeZone: 'UTC' });
}

/** People needed, with at most one decimal ("3", "2.5"). */
export function formatPeople(value: number): string {
  return formatNumber(value, { maximumFractionDigits: 1 });
}

/** A share (0.93) as a percent ("93%"), to one decimal where it matters. */
export function formatShare(value: number): string {
  return formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
}

/** Hours with one decimal ("12.5"). */
export function formatHours(value: number): string {
  return formatNumber(value, { maximumFractionDigits: 1 });
}

/** The settings' costs are money per hour or per shift, in the payroll's currency. */
export function formatMoney(value: number): string {
  return formatNumber(value, { style: 'currency', currency: 'CAD' });
}
