import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ShiftTradeStatus, TradeShift } from '@punchclock/shared/contracts/rosters';
import { formatDate, formatTimeRange } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';

/** "Thu, Dec 24, 2026": the shift's business day, whatever the reader's zone. */
export function formatShiftDay(date: string): string {
  return formatDate(`${date}T12:00:00Z`, 'EEE, MMM d, yyyy', { timeZone: 'UTC' });
}

/** "9:00 AM–5:00 PM", and that it ends the next day when it runs past midnight. */
export function formatShiftTimes(shift: Pick<TradeShift, 'startTime' | 'endTime'>): string {
  const range = formatTimeRange(shift.startTime, shift.endTime);
  return shift.endTime <= shift.startTime ? t`${range} (ends next day)` : range;
}

/** A shift in one block: its day and times, then position and team when it has them. */
export function MarketShift({ shift }: { shift: TradeShift }) {
  return (
    <span className="grid gap-0.5">
      <span className="font-medium tabular-nums">{formatShiftDay(shift.date)}</span>
      <span className="tabular-nums">{formatShiftTimes(shift)}</span>
      {(shift.position || shift.teamName) && (
        <span className="text-xs text-muted-foreground">
          {[shift.position, shift.teamName].filter(Boolean).join(' · ')}
        </span>
      )}
    </span>
  );
}

const STATUS_LABELS = {
  offered: msg`Offered`,
  pending: msg`Waiting for a manager`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  declined: msg`Declined`,
  cancelled: msg`Cancelled`,
} satisfies Record<ShiftTradeStatus, MessageDescriptor>;

const STATUS_VARIANTS = {
  offered: 'secondary',
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  declined: 'destructive',
  cancelled: 'outline',
} as const satisfies Record<
  ShiftTradeStatus,
  'secondary' | 'warning' | 'success' | 'destructive' | 'outline'
>;

export function MarketTradeStatus({ status }: { status: ShiftTradeStatus }) {
  const { i18n } = useLingui();
  return <Badge variant={STATUS_VARIANTS[status]}>{i18n._(STATUS_LABELS[status])}</Badge>;
}

/** Why the server would refuse the step now (it checks again when asked). */
export function MarketProblems({ id, problems }: { id: string; problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div id={id} className="grid gap-1 text-sm text-destructive-text">
      <p className="font-medium">
        <Trans>Not possible now:</Trans>
      </p>
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
