import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { parseISO } from 'date-fns';
import { currentLocale, formatDate } from '@punchclock/shared/i18n/format';
import type { HistoryDay } from '@punchclock/shared/contracts/time-tracking';
import { formatBusinessTime } from '@punchclock/shared/domain/business-time';
import { describePunchLocation } from '@punchclock/shared/domain/location-policy';
import { describePunchOrigin, eventLabels } from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, minutesColumn, type DataColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { TimesheetCard } from '@/features/timesheets';
import { historyQueryOptions, type HistoryFilter } from '../api';
import { CorrectionDialog } from '../components/correction-dialog';
import { useSession } from '@/lib/session';

function CorrectionNote({ day, timeZone }: { day: HistoryDay; timeZone: string }) {
  const { t } = useLingui();
  if (!day.isCorrected) return null;
  const originalPunches = day.originalEvents
    ? eventLabels(day.originalEvents)
        .map((label, index) => {
          const occurredAt = day.originalEvents?.[index]?.occurredAt ?? '';
          return `${label} ${formatBusinessTime(occurredAt, timeZone)}`;
        })
        .join(', ')
    : null;
  return (
    <div className="mt-2 grid gap-1 rounded-md border border-warning/40 bg-warning/10 p-2 text-xs">
      {day.corrections.map((correction, index) => {
        const kind = correction.kind;
        const approver = correction.decidedByName ?? t`an approver`;
        const reason = correction.reason;
        // English keeps the device's own short date, as before; other languages their own.
        const locale = currentLocale();
        const decidedOn = correction.decidedAt
          ? new Date(correction.decidedAt).toLocaleDateString(locale === 'en' ? undefined : locale)
          : null;
        return (
          <p key={index}>
            {decidedOn
              ? t`Corrected (${select(kind, { add: 'add', move: 'move', other: 'remove' })}) — approved by ${approver} on ${decidedOn}: ${reason}`
              : t`Corrected (${select(kind, { add: 'add', move: 'move', other: 'remove' })}) — approved by ${approver}: ${reason}`}
          </p>
        );
      })}
      {originalPunches !== null && (
        <p className="text-muted-foreground">
          <Trans>Original punches: {originalPunches}</Trans>
        </p>
      )}
    </div>
  );
}

/** A punch of the day arrived late and waits for an approver; it counts meanwhile (0013). */
function UnreviewedBadge({ day }: { day: HistoryDay }) {
  const { t } = useLingui();
  if (day.unreviewedEventIds.length === 0) return null;
  return (
    <span
      className="ml-2 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning-text"
      title={t`A punch recorded late waits for a manager's review`}
    >
      <Trans>Unreviewed</Trans>
    </span>
  );
}

/** A day's punches, its correction history and the way to ask for a correction. */
function DayEvents({
  day,
  timeZone,
  onCorrect,
}: {
  day: HistoryDay;
  timeZone: string;
  onCorrect: () => void;
}) {
  const labels = eventLabels(day.events);
  return (
    <div className="py-2">
      <ol className="grid gap-1 text-sm">
        {day.events.map((event, index) => (
          <li key={event.id} className="flex gap-4">
            <span className="w-20 tabular-nums text-muted-foreground">
              {formatBusinessTime(event.occurredAt, timeZone)}
            </span>
            <span>{labels[index]}</span>
            {describePunchOrigin(event) && (
              <span className="text-xs text-muted-foreground">({describePunchOrigin(event)})</span>
            )}
            {event.location && (
              <span
                className={cn(
                  'text-xs',
                  event.location.isFlagged ? 'text-warning-text' : 'text-muted-foreground',
                )}
              >
                ({describePunchLocation(event.location)})
              </span>
            )}
            {day.unreviewedEventIds.includes(event.id) && (
              <span className="text-xs text-warning-text">
                <Trans>(awaiting review)</Trans>
              </span>
            )}
          </li>
        ))}
      </ol>
      <CorrectionNote day={day} timeZone={timeZone} />
      <Button variant="outline" size="sm" className="mt-2" onClick={onCorrect}>
        <Trans>Request a correction</Trans>
      </Button>
    </div>
  );
}

export default function AttendanceHistoryPage() {
  const { t } = useLingui();
  const { timeZone } = useSession();
  const [filter, setFilter] = useState<HistoryFilter>({ page: 1 });
  const [correcting, setCorrecting] = useState<HistoryDay | null>(null);
  const history = useQuery(historyQueryOptions(filter));
  const [openDays, setOpenDays] = useState<ReadonlySet<string>>(new Set());
  const toggleDay = (date: string) =>
    setOpenDays((previous) => {
      const next = new Set(previous);
      if (!next.delete(date)) next.add(date);
      return next;
    });
  const time = (instant: string | null) => (instant ? formatBusinessTime(instant, timeZone) : '—');
  const columns: DataColumn<HistoryDay>[] = [
    {
      id: 'details',
      header: t`Details`,
      isActions: true,
      cell: (day) => {
        const isOpen = openDays.has(day.date);
        const date = day.date;
        return (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isOpen}
            aria-label={isOpen ? t`Hide events of ${date}` : t`Show events of ${date}`}
            onClick={() => toggleDay(day.date)}
          >
            {isOpen ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
        );
      },
    },
    {
      id: 'date',
      header: t`Date`,
      isRowHeader: true,
      className: 'whitespace-nowrap',
      cell: (day) => (
        <>
          {formatDate(parseISO(day.date), 'EEE, MMM d, yyyy')}
          {day.isCorrected && (
            <span className="ml-2 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning-text">
              <Trans>Corrected</Trans>
            </span>
          )}
          <UnreviewedBadge day={day} />
        </>
      ),
    },
    { id: 'firstIn', header: t`First in`, cell: (day) => time(day.firstClockIn) },
    {
      id: 'lastOut',
      header: t`Last out`,
      cell: (day) => (day.isOpen ? t`In progress` : time(day.lastClockOut)),
    },
    minutesColumn('worked', t`Worked`, (day) => day.workedMinutes),
    minutesColumn('breaks', t`Breaks`, (day) => day.breakMinutes),
    minutesColumn('lunch', t`Lunch`, (day) => day.lunchMinutes),
  ];
  const totalPages = history.data
    ? Math.max(1, Math.ceil(history.data.totalDays / history.data.pageSize))
    : 1;
  const page = filter.page;

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Attendance</Trans>
      </h1>
      <TimesheetCard timeZone={timeZone} />
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Your days</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Worked time counts breaks as paid and lunch as unpaid.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <Field id="history-from" label={t`From`}>
              <Input
                type="date"
                value={filter.from ?? ''}
                max={filter.to}
                onChange={(event) =>
                  setFilter({ ...filter, from: event.target.value || undefined, page: 1 })
                }
              />
            </Field>
            <Field id="history-to" label={t`To`}>
              <Input
                type="date"
                value={filter.to ?? ''}
                min={filter.from}
                onChange={(event) =>
                  setFilter({ ...filter, to: event.target.value || undefined, page: 1 })
                }
              />
            </Field>
            {(filter.from || filter.to) && (
              <Button variant="ghost" onClick={() => setFilter({ page: 1 })}>
                <Trans>Clear</Trans>
              </Button>
            )}
          </div>
          <QueryState query={history}>
            {(data) => (
              <DataTable
                label={t`Your days`}
                columns={columns}
                rows={data.days}
                rowKey={(day) => day.date}
                emptyMessage={t`No attendance in this period`}
                renderDetail={(day) =>
                  openDays.has(day.date) && (
                    <DayEvents day={day} timeZone={timeZone} onCorrect={() => setCorrecting(day)} />
                  )
                }
              />
            )}
          </QueryState>
          {history.data && history.data.totalDays > history.data.pageSize && (
            <nav className="flex items-center justify-between" aria-label={t`Pages`}>
              <Button
                variant="outline"
                disabled={filter.page <= 1}
                onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
              >
                <Trans>Newer</Trans>
              </Button>
              <span className="text-sm text-muted-foreground">
                <Trans>
                  Page {page} of {totalPages}
                </Trans>
              </span>
              <Button
                variant="outline"
                disabled={filter.page >= totalPages}
                onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
              >
                <Trans>Older</Trans>
              </Button>
            </nav>
          )}
        </CardContent>
      </Card>
      <CorrectionDialog day={correcting} timeZone={timeZone} onClose={() => setCorrecting(null)} />
    </div>
  );
}
