import { Trans, useLingui } from '@lingui/react/macro';
import type { RosterProjection, RosterResponse } from '@punchclock/shared/contracts/rosters';
import { formatShiftHours } from '@punchclock/shared/domain/schedule';
import { formatTimeOfDay } from '@punchclock/shared/i18n/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { boardCell, boardRows, boardTotals, timelineSpan } from '../roster-board';
import { formatDay } from '../roster-labels';
import { DayTotal, PersonTotal } from './roster-grid';
import { DropTarget, RosterCellContent, useRowName } from './roster-cell';
import { CellMarkers, ConflictList, EditShiftPrefix, type BoardActions } from './shift-chip';

const HOUR_MARKS = [0, 3, 6, 9, 12, 15, 18, 21];

/**
 * One day on a 24-hour line: each person's shift a bar from its start to its end (an overnight
 * one runs off the right edge). Each bar is a button that edits the shift, named by its hours.
 */
export function RosterDayTimeline({
  data,
  projection,
  day,
  actions,
  isCopyMode,
}: {
  data: RosterResponse;
  projection: RosterProjection | undefined;
  day: string;
  actions: BoardActions;
  isCopyMode: boolean;
}) {
  const { t } = useLingui();
  const rowName = useRowName();
  const dayText = formatDay(day);
  return (
    <section aria-label={t`Hours of ${dayText}`} className="grid gap-2 rounded-md border p-3">
      <p className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">
          <Trans>Day total</Trans>
        </span>
        <DayTotal date={day} totals={boardTotals(data)} projection={projection} />
      </p>
      <div className="grid grid-cols-[10rem_minmax(0,1fr)] gap-2 text-xs text-muted-foreground">
        <span />
        <div className="relative h-4" aria-hidden>
          {HOUR_MARKS.map((hour) => (
            <span
              key={hour}
              className="absolute -translate-x-1/2 first:translate-x-0"
              style={{ left: `${(hour / 24) * 100}%` }}
            >
              {formatTimeOfDay(`${String(hour).padStart(2, '0')}:00`)}
            </span>
          ))}
        </div>
      </div>
      <ul className="grid gap-2">
        {boardRows(data).map((row) => {
          const cell = boardCell(data, row, day);
          const name = rowName(row);
          return (
            <li
              key={row.userId ?? 'open'}
              className="grid grid-cols-[10rem_minmax(0,1fr)] items-start gap-2"
              data-testid="roster-timeline-row"
            >
              <div className="grid gap-1 text-sm">
                <span className="font-medium">{name}</span>
                <CellMarkers cell={cell} />
              </div>
              <DropTarget
                target={{ userId: row.userId, date: day }}
                actions={actions}
                isCopyMode={isCopyMode}
                className="grid gap-1"
              >
                <div className="relative h-10 rounded-md bg-muted/50">
                  {HOUR_MARKS.slice(1).map((hour) => (
                    <span
                      key={hour}
                      aria-hidden
                      className="absolute inset-y-0 w-px bg-border"
                      style={{ left: `${(hour / 24) * 100}%` }}
                    />
                  ))}
                  {cell.availability.map((marker, index) => {
                    const span = timelineSpan(
                      marker.startTime ?? '00:00',
                      marker.endTime ?? '00:00',
                    );
                    return (
                      <span
                        key={`a-${index}`}
                        aria-hidden
                        className="absolute inset-y-0 bg-[repeating-linear-gradient(45deg,transparent,transparent_4px,var(--color-border)_4px,var(--color-border)_8px)]"
                        style={{ left: `${span.left}%`, width: `${span.width}%` }}
                      />
                    );
                  })}
                  {cell.templateShift && cell.shifts.length === 0 && (
                    <span
                      className="absolute inset-y-1 truncate rounded border border-dashed border-input bg-card px-1 text-xs text-muted-foreground"
                      style={{
                        left: `${timelineSpan(cell.templateShift.startTime, cell.templateShift.endTime).left}%`,
                        width: `${timelineSpan(cell.templateShift.startTime, cell.templateShift.endTime).width}%`,
                      }}
                    >
                      {formatShiftHours({
                        workStart: cell.templateShift.startTime,
                        workEnd: cell.templateShift.endTime,
                      })}
                    </span>
                  )}
                  {cell.shifts.map((shift) => {
                    const span = timelineSpan(shift.startTime, shift.endTime);
                    const hours = formatShiftHours({
                      workStart: shift.startTime,
                      workEnd: shift.endTime,
                    });
                    const isDeleted = shift.state === 'deleted';
                    return (
                      <button
                        key={shift.id}
                        type="button"
                        disabled={isDeleted}
                        onClick={() => actions.onEdit(shift)}
                        title={hours}
                        className={cn(
                          'absolute inset-y-1 truncate rounded px-1 text-left text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                          isDeleted
                            ? 'bg-muted text-muted-foreground line-through'
                            : 'bg-primary text-primary-foreground',
                        )}
                        style={{ left: `${span.left}%`, width: `${span.width}%` }}
                      >
                        <EditShiftPrefix who={name} day={dayText} />
                        {hours}
                        {shift.position ? ` · ${shift.position}` : ''}
                      </button>
                    );
                  })}
                </div>
                {cell.shifts.map((shift) => (
                  <ConflictList key={shift.id} shift={shift} />
                ))}
                {(row.userId === null ||
                  cell.shifts.every((shift) => shift.state === 'deleted')) && (
                  <button
                    type="button"
                    className="w-fit rounded text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => actions.onAdd(row.userId, day, cell.templateShift)}
                  >
                    {row.userId === null
                      ? t`Add an open shift on ${dayText}`
                      : t`Add a shift for ${name} on ${dayText}`}
                  </button>
                )}
              </DropTarget>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A phone's roster: one day, a card per person with their shifts, the open shifts last. */
export function RosterDayList({
  data,
  projection,
  day,
  actions,
}: {
  data: RosterResponse;
  projection: RosterProjection | undefined;
  day: string;
  actions: BoardActions;
}) {
  const { t } = useLingui();
  const rowName = useRowName();
  const totals = boardTotals(data);
  const dayText = formatDay(day);
  return (
    <section aria-label={t`Shifts of ${dayText}`} className="grid gap-3">
      <p className="flex items-center justify-between text-sm">
        <span className="font-medium">
          <Trans>Day total</Trans>
        </span>
        <DayTotal date={day} totals={totals} projection={projection} />
      </p>
      <ul className="grid gap-3">
        {boardRows(data).map((row) => (
          <li key={row.userId ?? 'open'} data-testid="roster-day-list-row">
            <Card>
              <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-2">
                <CardTitle className="text-base">{rowName(row)}</CardTitle>
                <span className="text-right text-xs">
                  <span className="sr-only">
                    <Trans>Week</Trans>{' '}
                  </span>
                  <PersonTotal userId={row.userId} totals={totals} projection={projection} />
                </span>
              </CardHeader>
              <CardContent className="p-4 pt-0">
                <RosterCellContent data={data} row={row} date={day} actions={actions} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
