import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ShiftState } from '@punchclock/shared/contracts/rosters';
import { formatDate, formatDuration, formatNumber } from '@punchclock/shared/i18n/format';

/** A shift's state as its badge says it; a published, unchanged shift has no badge. */
export const STATE_LABELS = {
  draft: msg`Draft`,
  published: msg`Published`,
  changed: msg`Changed`,
  deleted: msg`Deleted`,
} satisfies Record<ShiftState, MessageDescriptor>;

export const STATE_VARIANTS = {
  draft: 'outline',
  published: 'success',
  changed: 'warning',
  deleted: 'destructive',
} as const satisfies Record<ShiftState, 'outline' | 'success' | 'warning' | 'destructive'>;

/** "Mon, Nov 23" for a business date (yyyy-MM-dd), whatever the reader's zone. */
export function formatDay(date: string): string {
  return formatDate(`${date}T12:00:00Z`, 'EEE, MMM d', { timeZone: 'UTC' });
}

export function formatHours(minutes: number): string {
  return formatDuration(minutes);
}

export function formatCost(cents: number): string {
  return formatNumber(cents / 100, { style: 'currency', currency: 'CAD' });
}
