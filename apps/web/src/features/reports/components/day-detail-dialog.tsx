import { useQuery } from '@tanstack/react-query';
import { formatBusinessTime, formatMinutes } from '@punchclock/shared/domain/business-time';
import { describePunchLocation } from '@punchclock/shared/domain/location-policy';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CardSkeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth';
import { dayDetailQueryOptions } from '../api';
import { DayTimeline } from './day-timeline';
import { Percent } from './percent';

export const STATUS_LABELS: Record<string, string> = {
  complete: 'Complete',
  in_progress: 'In progress',
  absent: 'Absent',
  excused: 'Excused (time off)',
  no_schedule: 'No schedule',
  unscheduled: 'Unscheduled work',
};

export function DayDetailDialog({
  target,
  onClose,
}: {
  target: { userId: string; date: string } | null;
  onClose: () => void;
}) {
  const { timeZone } = useSession();
  const detail = useQuery({
    ...dayDetailQueryOptions(target?.userId ?? '', target?.date ?? ''),
    enabled: target !== null,
  });
  const day = detail.data;
  const exceptions = day
    ? [
        day.metrics.lateMinutes > 0 && `Late ${day.metrics.lateMinutes} min`,
        day.metrics.earlyLeaveMinutes > 0 && `Left ${day.metrics.earlyLeaveMinutes} min early`,
        day.metrics.overbreakMinutes > 0 && `Over break by ${day.metrics.overbreakMinutes} min`,
        day.metrics.missedClockOut && 'Missed clock-out',
        day.status === 'absent' && 'Absent',
        day.metrics.unscheduledMinutes > 0 &&
          `${day.metrics.unscheduledMinutes} min outside the shift`,
      ].filter(Boolean)
    : [];
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>{day ? `${day.name} · ${day.date}` : 'Day'}</DialogTitle>
        <DialogDescription>
          {day
            ? `${STATUS_LABELS[day.status] ?? day.status}${day.templateName ? ` · ${day.templateName}` : ''}`
            : 'Loading…'}
        </DialogDescription>
        {!day ? (
          <CardSkeleton />
        ) : (
          <div className="grid gap-4">
            <DayTimeline day={day} timeZone={timeZone} />
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Adherence</dt>
                <dd className="text-lg font-semibold">
                  <Percent value={day.metrics.adherencePct} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Conformance</dt>
                <dd className="text-lg font-semibold">
                  <Percent value={day.metrics.conformancePct} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Scheduled</dt>
                <dd className="text-lg font-semibold">
                  {formatMinutes(day.metrics.scheduledMinutes)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Worked</dt>
                <dd className="text-lg font-semibold">
                  {formatMinutes(day.metrics.workedMinutes)}
                </dd>
              </div>
            </dl>
            <div>
              <h3 className="mb-1 text-sm font-medium">Exceptions</h3>
              {exceptions.length === 0 ? (
                <p className="text-sm text-muted-foreground">None.</p>
              ) : (
                <ul className="flex flex-wrap gap-2 text-sm">
                  {exceptions.map((text) => (
                    <li
                      key={String(text)}
                      className="rounded-full bg-destructive/10 px-3 py-1 text-destructive"
                    >
                      {text}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3 className="mb-1 text-sm font-medium">Punches</h3>
              <ol className="grid gap-0.5 text-sm">
                {day.events.map((event) => (
                  <li key={event.occurredAt} className="flex gap-3">
                    <span className="w-20 tabular-nums text-muted-foreground">
                      {formatBusinessTime(event.occurredAt, timeZone)}
                    </span>
                    <span>{event.eventType.replace('_', ' ')}</span>
                    {event.origin && (
                      <span className="text-xs text-muted-foreground">({event.origin})</span>
                    )}
                    {event.location && (
                      <span className="text-xs text-muted-foreground">
                        ({describePunchLocation(event.location)})
                      </span>
                    )}
                    {event.isUnreviewed && (
                      <span className="text-xs font-medium text-warning">Unreviewed</span>
                    )}
                  </li>
                ))}
              </ol>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
