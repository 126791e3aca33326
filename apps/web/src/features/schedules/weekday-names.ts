import { formatDate } from '@punchclock/shared/i18n/format';

/**
 * Short weekday names, Sunday (0) first, in the reader's language: "Sun", "Mon"… in English (as
 * WEEKDAY_SHORT_NAMES), "dim.", "lun."… in French. Read when shown, never at module load.
 */
export function weekdayShortNames(): string[] {
  // 4 January 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, index) => formatDate(new Date(2026, 0, 4 + index), 'EEE'));
}
