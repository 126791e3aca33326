import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { formatBusinessTime, formatMinutes } from '@punchclock/shared/domain/business-time';
import { describePunchLocation } from '@punchclock/shared/domain/location-policy';
import { translate } from '@punchclock/shared/i18n/runtime';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CardSkeleton } from '@/components/ui/skeleton';
import { dayDetailQueryOptions } from '../api';
import { DayTimeline } from './day-timeline';
import { Percent } from './percent';
import { useSession } from '@/lib/session';

const STATUS_LABELS: Record<string, MessageDescriptor> = {
  complete: msg`Complete`,
  in_progress: msg`In progress`,
  absent: msg`Absent`,
  excused: msg`Excused (time off)`,
  no_schedule: msg`No schedule`,
  unscheduled: msg`Unscheduled work`,
};

/** A day's status in the reader's language (the code itself when unknown). */
export function statusLabel(status: string): string {
  const label = STATUS_LABELS[status];
  return label ? translate(label) : status;
}

const EVENT_TYPE_LABELS: Record<string, MessageDescriptor> = {
  clock_in: msg`clock in`,
  break: msg`break`,
  lunch: msg`lunch`,
  clock_out: msg`clock out`,
};

function eventTypeLabel(eventType: string): string {
  const label = EVENT_TYPE_LABELS[eventType];
  return label ? translate(label) : eventType.replace('_', ' ');
}

export function DayDetailDialog({
  target,
  onClose,
}: {
  target: { userId: string; date: string } | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { timeZone } = useSession();
  const detail = useQuery({
    ...dayDetailQueryOptions(target?.userId ?? '', target?.date ?? ''),
    enabled: target !== null,
  });
  const day = detail.data;
  const metrics = day?.metrics;
  const lateMinutes = metrics?.lateMinutes ?? 0;
  const earlyLeaveMinutes = metrics?.earlyLeaveMinutes ?? 0;
  const overbreakMinutes = metrics?.overbreakMinutes ?? 0;
  const unscheduledMinutes = metrics?.unscheduledMinutes ?? 0;
  const exceptions = day
    ? [
        lateMinutes > 0 && t`Late ${lateMinutes} min`,
        earlyLeaveMinutes > 0 && t`Left ${earlyLeaveMinutes} min early`,
        overbreakMinutes > 0 && t`Over break by ${overbreakMinutes} min`,
        day.metrics.missedClockOut && t`Missed clock-out`,
        day.status === 'absent' && t`Absent`,
        unscheduledMinutes > 0 && t`${unscheduledMinutes} min outside the shift`,
      ].filter(Boolean)
    : [];
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>{day ? `${day.name} · ${day.date}` : t`Day`}</DialogTitle>
        <DialogDescription>
          {day
            ? `${statusLabel(day.status)}${day.templateName ? ` · ${day.templateName}` : ''}`
            : t`Loading…`}
        </DialogDescription>
        {!day ? (
          <CardSkeleton />
        ) : (
          <div className="grid gap-4">
            <DayTimeline day={day} timeZone={timeZone} />
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Adherence</Trans>
                </dt>
                <dd className="text-lg font-semibold">
                  <Percent value={day.metrics.adherencePct} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Conformance</Trans>
                </dt>
                <dd className="text-lg font-semibold">
                  <Percent value={day.metrics.conformancePct} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Scheduled</Trans>
                </dt>
                <dd className="text-lg font-semibold">
                  {formatMinutes(day.metrics.scheduledMinutes)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Worked</Trans>
                </dt>
                <dd className="text-lg font-semibold">
                  {formatMinutes(day.metrics.workedMinutes)}
                </dd>
              </div>
            </dl>
            <div>
              <h3 className="mb-1 text-sm font-medium">
                <Trans>Exceptions</Trans>
              </h3>
              {exceptions.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>None.</Trans>
                </p>
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
              <h3 className="mb-1 text-sm font-medium">
                <Trans>Punches</Trans>
              </h3>
              <ol className="grid gap-0.5 text-sm">
                {day.events.map((event) => (
                  <li key={event.occurredAt} className="flex gap-3">
                    <span className="w-20 tabular-nums text-muted-foreground">
                      {formatBusinessTime(event.occurredAt, timeZone)}
                    </span>
                    <span>{eventTypeLabel(event.eventType)}</span>
                    {event.origin && (
                      <span className="text-xs text-muted-foreground">({event.origin})</span>
                    )}
                    {event.location && (
                      <span className="text-xs text-muted-foreground">
                        ({describePunchLocation(event.location)})
                      </span>
                    )}
                    {event.isUnreviewed && (
                      <span className="text-xs font-medium text-warning">
                        <Trans>Unreviewed</Trans>
                      </span>
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
