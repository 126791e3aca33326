import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import type { HistoryDay } from '@punchclock/shared/contracts/time-tracking';
import { formatBusinessTime, formatMinutes } from '@punchclock/shared/domain/business-time';
import { eventLabels } from '@punchclock/shared/domain/time-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CardSkeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/api';
import { historyQueryOptions, type HistoryFilter } from '../api';
import { CorrectionDialog } from '../components/correction-dialog';

function CorrectionNote({ day, timeZone }: { day: HistoryDay; timeZone: string }) {
  if (!day.isCorrected) return null;
  return (
    <div className="mt-2 grid gap-1 rounded-md border border-warning/40 bg-warning/10 p-2 text-xs">
      {day.corrections.map((correction, index) => (
        <p key={index}>
          Corrected ({correction.kind}) — approved by {correction.decidedByName ?? 'an approver'}
          {correction.decidedAt &&
            ` on ${new Date(correction.decidedAt).toLocaleDateString()}`}: {correction.reason}
        </p>
      ))}
      {day.originalEvents && (
        <p className="text-muted-foreground">
          Original punches:{' '}
          {eventLabels(day.originalEvents)
            .map((label, index) => {
              const occurredAt = day.originalEvents?.[index]?.occurredAt ?? '';
              return `${label} ${formatBusinessTime(occurredAt, timeZone)}`;
            })
            .join(', ')}
        </p>
      )}
    </div>
  );
}

function DayRow({
  day,
  timeZone,
  onCorrect,
}: {
  day: HistoryDay;
  timeZone: string;
  onCorrect: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const labels = eventLabels(day.events);
  const time = (instant: string | null) => (instant ? formatBusinessTime(instant, timeZone) : '—');
  return (
    <Fragment>
      <tr className="border-b">
        <td className="py-2 pr-2">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isOpen}
            aria-label={`${isOpen ? 'Hide' : 'Show'} events of ${day.date}`}
            onClick={() => setIsOpen(!isOpen)}
          >
            {isOpen ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
        </td>
        <th scope="row" className="py-2 pr-4 text-left font-medium whitespace-nowrap">
          {format(parseISO(day.date), 'EEE, MMM d, yyyy')}
          {day.isCorrected && (
            <span className="ml-2 rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning-text">
              Corrected
            </span>
          )}
        </th>
        <td className="py-2 pr-4">{time(day.firstClockIn)}</td>
        <td className="py-2 pr-4">{day.isOpen ? 'In progress' : time(day.lastClockOut)}</td>
        <td className="py-2 pr-4 tabular-nums">{formatMinutes(day.workedMinutes)}</td>
        <td className="py-2 pr-4 tabular-nums">{formatMinutes(day.breakMinutes)}</td>
        <td className="py-2 tabular-nums">{formatMinutes(day.lunchMinutes)}</td>
      </tr>
      {isOpen && (
        <tr className="border-b bg-muted/50">
          <td />
          <td colSpan={6} className="py-2">
            <ol className="grid gap-1 text-sm">
              {day.events.map((event, index) => (
                <li key={event.id} className="flex gap-4">
                  <span className="w-20 tabular-nums text-muted-foreground">
                    {formatBusinessTime(event.occurredAt, timeZone)}
                  </span>
                  <span>{labels[index]}</span>
                  {event.source === 'offline_sync' && (
                    <span className="text-xs text-muted-foreground">(recorded offline)</span>
                  )}
                </li>
              ))}
            </ol>
            <CorrectionNote day={day} timeZone={timeZone} />
            <Button variant="outline" size="sm" className="mt-2" onClick={onCorrect}>
              Request a correction
            </Button>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** Phone-width layout: one card per day instead of a seven-column table. */
function DayCard({
  day,
  timeZone,
  onCorrect,
}: {
  day: HistoryDay;
  timeZone: string;
  onCorrect: () => void;
}) {
  const labels = eventLabels(day.events);
  const time = (instant: string | null) => (instant ? formatBusinessTime(instant, timeZone) : '—');
  return (
    <li className="rounded-lg border p-3">
      <details>
        <summary className="flex cursor-pointer list-none flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="font-medium">{format(parseISO(day.date), 'EEE, MMM d')}</span>
          <span className="text-sm text-muted-foreground">
            {time(day.firstClockIn)} – {day.isOpen ? 'in progress' : time(day.lastClockOut)}
          </span>
          <span className="w-full text-sm tabular-nums">
            Worked {formatMinutes(day.workedMinutes)} · Breaks {formatMinutes(day.breakMinutes)} ·
            Lunch {formatMinutes(day.lunchMinutes)}
          </span>
        </summary>
        <ol className="mt-2 grid gap-1 border-t pt-2 text-sm">
          {day.events.map((event, index) => (
            <li key={event.id} className="flex gap-3">
              <span className="w-20 tabular-nums text-muted-foreground">
                {time(event.occurredAt)}
              </span>
              <span>{labels[index]}</span>
            </li>
          ))}
        </ol>
        <CorrectionNote day={day} timeZone={timeZone} />
        <Button variant="outline" size="sm" className="mt-2" onClick={onCorrect}>
          Request a correction
        </Button>
      </details>
    </li>
  );
}

export default function AttendanceHistoryPage() {
  const { timeZone } = useSession();
  const [filter, setFilter] = useState<HistoryFilter>({ page: 1 });
  const [correcting, setCorrecting] = useState<HistoryDay | null>(null);
  const history = useQuery(historyQueryOptions(filter));
  const totalPages = history.data
    ? Math.max(1, Math.ceil(history.data.totalDays / history.data.pageSize))
    : 1;

  return (
    <div className="mx-auto grid grid-cols-[minmax(0,1fr)] max-w-6xl gap-6">
      <h1 className="text-2xl font-bold">Attendance</h1>
      <Card>
        <CardHeader>
          <CardTitle>Your days</CardTitle>
          <CardDescription>Worked time counts breaks as paid and lunch as unpaid.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1">
              <Label htmlFor="history-from">From</Label>
              <Input
                id="history-from"
                type="date"
                value={filter.from ?? ''}
                max={filter.to}
                onChange={(event) =>
                  setFilter({ ...filter, from: event.target.value || undefined, page: 1 })
                }
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="history-to">To</Label>
              <Input
                id="history-to"
                type="date"
                value={filter.to ?? ''}
                min={filter.from}
                onChange={(event) =>
                  setFilter({ ...filter, to: event.target.value || undefined, page: 1 })
                }
              />
            </div>
            {(filter.from || filter.to) && (
              <Button variant="ghost" onClick={() => setFilter({ page: 1 })}>
                Clear
              </Button>
            )}
          </div>
          {history.isPending ? (
            <CardSkeleton />
          ) : history.isError ? (
            <p className="text-destructive">{history.error.message}</p>
          ) : history.data.days.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              No attendance in this period
            </p>
          ) : (
            <>
              <ul className="grid gap-2 sm:hidden" aria-label="Days">
                {history.data.days.map((day) => (
                  <DayCard
                    key={day.date}
                    day={day}
                    timeZone={timeZone}
                    onCorrect={() => setCorrecting(day)}
                  />
                ))}
              </ul>
              <div className="hidden overflow-x-auto sm:block">
                <table className="w-full text-sm">
                  <thead className="border-b text-left text-muted-foreground">
                    <tr>
                      <th scope="col" className="w-10">
                        <span className="sr-only">Details</span>
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Date
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        First in
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Last out
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Worked
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Breaks
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Lunch
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.data.days.map((day) => (
                      <DayRow
                        key={day.date}
                        day={day}
                        timeZone={timeZone}
                        onCorrect={() => setCorrecting(day)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          {history.data && history.data.totalDays > history.data.pageSize && (
            <nav className="flex items-center justify-between" aria-label="Pages">
              <Button
                variant="outline"
                disabled={filter.page <= 1}
                onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
              >
                Newer
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {filter.page} of {totalPages}
              </span>
              <Button
                variant="outline"
                disabled={filter.page >= totalPages}
                onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
              >
                Older
              </Button>
            </nav>
          )}
        </CardContent>
      </Card>
      <CorrectionDialog day={correcting} timeZone={timeZone} onClose={() => setCorrecting(null)} />
    </div>
  );
}
