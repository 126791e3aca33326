import type { MessageDescriptor } from '@lingui/core';
import { msg, select, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import type { ApprovalItem } from '@punchclock/shared/contracts/approvals';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { formatDays, formatRequestDates } from '@punchclock/shared/domain/time-off';
import {
  formatBusinessDateLong,
  formatDate,
  formatTimeRange,
} from '@punchclock/shared/i18n/format';
import type { ShiftTrade } from '@punchclock/shared/contracts/rosters';
import type { TimeOffRequest } from '@punchclock/shared/contracts/time-off';
import { Badge } from '@/components/ui/badge';

const TYPE_TEXT: Record<ApprovalItem['type'], MessageDescriptor> = {
  time_off: msg`Time off`,
  correction: msg`Correction`,
  late_punch: msg`Late punch`,
  shift_trade: msg`Shift trade`,
};

/** A request's status as its badge shows it (the English is the status itself). */
const STATUS_TEXT: Record<ApprovalItem['request']['status'], MessageDescriptor> = {
  pending: msg`pending`,
  approved: msg`approved`,
  rejected: msg`rejected`,
  cancelled: msg`cancelled`,
  // A swap or drop before a colleague took it, or one the colleague turned down (#30).
  offered: msg`offered`,
  declined: msg`declined`,
};

/** "3 h 10 min" / "25 min". */
function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? t`${hours} h ${rest} min` : t`${minutes} min`;
}

/** "Thu, Dec 24, 2026, 10:00 PM–6:00 AM (ends next day) · Cashier · Front store". */
function describeTradeShift(shift: ShiftTrade['shift']): string {
  const day = formatDate(`${shift.date}T12:00:00Z`, 'EEE, MMM d, yyyy', { timeZone: 'UTC' });
  const range = formatTimeRange(shift.startTime, shift.endTime);
  const times = shift.endTime <= shift.startTime ? t`${range} (ends next day)` : range;
  return [`${day}, ${times}`, shift.position, shift.teamName].filter(Boolean).join(' · ');
}

/** A claim, swap or drop as the manager decides it: who gives, who takes, which shift (#30). */
function describeShiftTrade(trade: ShiftTrade): string {
  const shift = describeTradeShift(trade.shift);
  const taker = trade.takerName ?? '';
  if (trade.kind === 'claim') return t`Claims an open shift: ${shift}`;
  if (trade.kind === 'swap') return t`Swaps their shift to ${taker}: ${shift}`;
  return trade.takerName
    ? t`Gives their shift away, ${taker} takes it: ${shift}`
    : t`Gives their shift away: ${shift}`;
}

/** "Team allotment reached on Dec 24: 3 of 3 already off", one per day over it (#30 item 6). */
export function describeOverAllotment(request: TimeOffRequest): string[] {
  return (request.overAllotment ?? []).map((day) => {
    const date = formatDate(`${day.date}T12:00:00Z`, 'MMM d', { timeZone: 'UTC' });
    const offCount = day.offCount;
    const maxOff = day.maxOff;
    return t`Team allotment reached on ${date}: ${offCount} of ${maxOff} already off`;
  });
}

/** What a request asks for, in one line. */
export function describeApproval(item: ApprovalItem, timeZone: string): string {
  if (item.type === 'shift_trade') return describeShiftTrade(item.request);
  if (item.type === 'late_punch') {
    const request = item.request;
    const eventType = request.eventType;
    const at = formatBusinessTime(request.occurredAt, timeZone);
    const date = formatBusinessDateLong(request.date);
    const late = formatMinutes(request.minutesLate);
    return t`${select(eventType, {
      clock_in: 'clock-in',
      break: 'break',
      lunch: 'lunch',
      clock_out: 'clock-out',
      other: 'Punch',
    })} at ${at} on ${date}, recorded ${late} later`;
  }
  if (item.type === 'time_off') {
    const request = item.request;
    const when = formatRequestDates(request);
    const typeName = request.typeName;
    const days = formatDays(request.daysX100);
    return t`${typeName}: ${when} (${days})`;
  }
  const request = item.request;
  const time = (instant: string | null) => (instant ? formatBusinessTime(instant, timeZone) : '');
  const date = formatBusinessDateLong(request.date);
  if (request.kind === 'add') {
    const eventType = request.eventType ?? '';
    const at = time(request.occurredAt);
    return t`Add a missed ${select(eventType, {
      clock_in: 'clock-in',
      break: 'break',
      lunch: 'lunch',
      clock_out: 'clock-out',
      other: 'punch',
    })} at ${at} on ${date}`;
  }
  const eventType = request.originalEventType ?? '';
  if (request.kind === 'move') {
    const from = time(request.originalOccurredAt);
    const to = time(request.occurredAt);
    return t`Move ${select(eventType, {
      clock_in: 'clock-in',
      break: 'break',
      lunch: 'lunch',
      clock_out: 'clock-out',
      other: 'punch',
    })} on ${date} from ${from} to ${to}`;
  }
  const at = time(request.originalOccurredAt);
  return t`Remove ${select(eventType, {
    clock_in: 'clock-in',
    break: 'break',
    lunch: 'lunch',
    clock_out: 'clock-out',
    other: 'punch',
  })} at ${at} on ${date}`;
}

/** The line under a request: what to know about it, and when it came. */
function describeContext(item: ApprovalItem): string {
  if (item.type === 'late_punch')
    return t`Approve to keep it as is; reject to leave it out of the day`;
  if (item.type === 'correction') {
    const reason = item.request.reason;
    return t`Reason: ${reason}`;
  }
  const note = item.request.note;
  return note ? t`Note: ${note}` : t`No note`;
}

/** "asked Nov 25, 2026" (a request), "arrived …" (a punch recorded late). */
function describeArrival(item: ApprovalItem, timeZone: string): string {
  const requested = formatDate(item.request.requestedAt, 'MMM d, yyyy', { timeZone });
  return item.type === 'late_punch' ? t`arrived ${requested}` : t`asked ${requested}`;
}

export function ApprovalSummary({ item, timeZone }: { item: ApprovalItem; timeZone: string }) {
  const { i18n, t } = useLingui();
  // What the approver must know before deciding: days over the team's allotment (time off),
  // rules the trade would break now (shift trades; the server refuses those on approve).
  const warnings = item.type === 'time_off' ? describeOverAllotment(item.request) : [];
  const problems =
    item.type === 'shift_trade' && item.request.status === 'pending' ? item.request.problems : [];
  return (
    <span className="min-w-0 flex-1">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{item.request.userName}</span>
        <Badge variant="outline">{i18n._(TYPE_TEXT[item.type])}</Badge>
        {item.request.status !== 'pending' && (
          <Badge>{i18n._(STATUS_TEXT[item.request.status])}</Badge>
        )}
      </span>
      <span className="block text-sm">{describeApproval(item, timeZone)}</span>
      {warnings.map((warning) => (
        <span
          key={warning}
          className="flex items-center gap-1 text-sm font-medium text-warning-text"
          data-testid="over-allotment"
        >
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          {warning}
        </span>
      ))}
      {problems.length > 0 && (
        <span className="block text-sm text-destructive-text" data-testid="trade-problems">
          <span className="font-medium">{t`Would break:`}</span> {problems.join(' · ')}
        </span>
      )}
      <span className="block text-xs text-muted-foreground">
        {describeContext(item)}
        {' · '}
        {describeArrival(item, timeZone)}
      </span>
    </span>
  );
}
