import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AvailabilityKind } from '@punchclock/shared/contracts/rosters';
import { formatDate, formatTimeRange } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';

export const AVAILABILITY_KIND_LABELS = {
  available: msg`Available`,
  prefer_not: msg`Prefer not`,
  unavailable: msg`Unavailable`,
} satisfies Record<AvailabilityKind, MessageDescriptor>;

const KIND_VARIANTS = {
  available: 'success',
  prefer_not: 'warning',
  unavailable: 'destructive',
} as const satisfies Record<AvailabilityKind, 'success' | 'warning' | 'destructive'>;

export function AvailabilityKindBadge({ kind }: { kind: AvailabilityKind }) {
  const { i18n } = useLingui();
  return <Badge variant={KIND_VARIANTS[kind]}>{i18n._(AVAILABILITY_KIND_LABELS[kind])}</Badge>;
}

/** Weekday names, Sunday (0) first, in the reader's language; read when shown. */
export function weekdayLongNames(): string[] {
  // 4 January 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, index) => formatDate(new Date(2026, 0, 4 + index), 'EEEE'));
}

/** "9:00 AM–5:00 PM", or null for a whole day (both times null). */
export function formatRange(range: {
  startTime: string | null;
  endTime: string | null;
}): string | null {
  if (range.startTime === null || range.endTime === null) return null;
  return formatTimeRange(range.startTime, range.endTime);
}
