import type { ApprovalItem } from '@punchclock/shared/contracts/approvals';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { formatDays } from '@punchclock/shared/domain/time-off';
import { Badge } from '@/components/ui/badge';

const KIND_TEXT = { add: 'Add a missed', move: 'Move', remove: 'Remove' } as const;
const EVENT_TEXT: Record<string, string> = {
  clock_in: 'clock-in',
  break: 'break',
  lunch: 'lunch',
  clock_out: 'clock-out',
};

const TYPE_TEXT: Record<ApprovalItem['type'], string> = {
  time_off: 'Time off',
  correction: 'Correction',
  late_punch: 'Late punch',
};

/** "3 h 10 min" / "25 min". */
function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** What a request asks for, in one line. */
export function describeApproval(item: ApprovalItem, timeZone: string): string {
  if (item.type === 'late_punch') {
    const request = item.request;
    return `${EVENT_TEXT[request.eventType] ?? 'Punch'} at ${formatBusinessTime(request.occurredAt, timeZone)} on ${request.date}, recorded ${formatMinutes(request.minutesLate)} later`;
  }
  if (item.type === 'time_off') {
    const request = item.request;
    const when = request.startTime
      ? `${request.startDate} ${request.startTime}–${request.endTime}`
      : request.startDate === request.endDate
        ? request.startDate
        : `${request.startDate} → ${request.endDate}`;
    return `${request.typeName}: ${when} (${formatDays(request.daysX100)})`;
  }
  const request = item.request;
  const time = (instant: string | null) => (instant ? formatBusinessTime(instant, timeZone) : '');
  if (request.kind === 'add')
    return `${KIND_TEXT.add} ${EVENT_TEXT[request.eventType ?? ''] ?? 'punch'} at ${time(request.occurredAt)} on ${request.date}`;
  if (request.kind === 'move') {
    return `Move ${EVENT_TEXT[request.originalEventType ?? ''] ?? 'punch'} on ${request.date} from ${time(request.originalOccurredAt)} to ${time(request.occurredAt)}`;
  }
  return `Remove ${EVENT_TEXT[request.originalEventType ?? ''] ?? 'punch'} at ${time(request.originalOccurredAt)} on ${request.date}`;
}

export function ApprovalSummary({ item, timeZone }: { item: ApprovalItem; timeZone: string }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{item.request.userName}</span>
        <Badge variant="outline">{TYPE_TEXT[item.type]}</Badge>
        {item.request.status !== 'pending' && <Badge>{item.request.status}</Badge>}
      </span>
      <span className="block text-sm">{describeApproval(item, timeZone)}</span>
      <span className="block text-xs text-muted-foreground">
        {item.type === 'late_punch'
          ? 'Approve to keep it as is; reject to leave it out of the day'
          : item.type === 'correction'
            ? `Reason: ${item.request.reason}`
            : item.request.note
              ? `Note: ${item.request.note}`
              : 'No note'}
        {item.type === 'late_punch' ? ' · arrived ' : ' · asked '}
        {new Date(item.request.requestedAt).toLocaleDateString()}
      </span>
    </span>
  );
}
