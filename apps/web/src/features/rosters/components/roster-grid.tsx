import { Trans, useLingui } from '@lingui/react/macro';
import type { RosterProjection, RosterResponse } from '@punchclock/shared/contracts/rosters';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { cn } from '@/lib/cn';
import { boardRows, boardTotals, type BoardTotals } from '../roster-board';
import { formatCost, formatDay, formatHours } from '../roster-labels';
import { DropTarget, RosterCellContent, useRowName } from './roster-cell';
import type { BoardActions } from './shift-chip';

/** A person's week: hours, and with the projection their overtime and labour cost. */
export function PersonTotal({
  userId,
  totals,
  projection,
}: {
  userId: string | null;
  totals: BoardTotals;
  projection: RosterProjection | undefined;
}) {
  const { t } = useLingui();
  const minutes = userId === null ? totals.openMinutes : (totals.people.get(userId) ?? 0);
  const projected = userId
    ? projection?.people.find((entry) => entry.userId === userId)
    : undefined;
  const hours = formatHours(minutes);
  const overtime =
    projected && projected.overtimeMinutes > 0 ? formatHours(projected.overtimeMinutes) : null;
  const cost = projected?.costCents != null ? formatCost(projected.costCents) : null;
  return (
    <span className="grid gap-0.5 tabular-nums" data-testid="roster-person-total">
      <span className="font-medium">{hours}</span>
      {overtime && <span className="font-medium text-warning-text">{t`Overtime ${overtime}`}</span>}
      {cost && <span className="text-muted-foreground">{cost}</span>}
    </span>
  );
}

/** A day's hours, and its labour cost when the projection has rates. */
export function DayTotal({
  date,
  totals,
  projection,
}: {
  date: string;
  totals: BoardTotals;
  projection: RosterProjection | undefined;
}) {
  const hours = formatHours(totals.days.get(date) ?? 0);
  const costCents = projection?.days.find((day) => day.date === date)?.costCents;
  return (
    <span className="grid gap-0.5 tabular-nums" data-testid="roster-day-total">
      <span className="font-medium">{hours}</span>
      {costCents != null && <span className="text-muted-foreground">{formatCost(costCents)}</span>}
    </span>
  );
}

/** Who may be off on a day, against the team's allotment (shown when one is set). */
export function AllotmentNote({ data, date }: { data: RosterResponse; date: string }) {
  const { t } = useLingui();
  const allotments = data.allotments.filter((allotment) => allotment.date === date);
  if (allotments.length === 0) return null;
  const offCount = allotments.reduce((sum, allotment) => sum + allotment.offCount, 0);
  const maxOff = allotments.reduce((sum, allotment) => sum + allotment.maxOff, 0);
  const isOver = allotments.some((allotment) => allotment.offCount > allotment.maxOff);
  return (
    <span
      className={cn(
        'block text-xs font-normal',
        isOver ? 'font-medium text-destructive-text' : 'text-muted-foreground',
      )}
    >
      {isOver ? t`Off: ${offCount} of ${maxOff} (over)` : t`Off: ${offCount} of ${maxOff}`}
    </span>
  );
}

/** The week: people (and the open shifts) down, the seven days across, totals at the ends. */
export function RosterGrid({
  data,
  projection,
  actions,
  isCopyMode,
}: {
  data: RosterResponse;
  projection: RosterProjection | undefined;
  actions: BoardActions;
  isCopyMode: boolean;
}) {
  const { t } = useLingui();
  const rowName = useRowName();
  const totals = boardTotals(data);
  const rows = boardRows(data);
  const week = formatDay(data.weekStart);
  return (
    <ScrollRegion label={t`Roster, week of ${week}`} className="border">
      <table className="w-full min-w-[60rem] table-fixed border-collapse text-sm">
        <thead>
          <tr className="border-b bg-muted/50 text-left">
            <th scope="col" className="w-40 p-2">
              <Trans>Person</Trans>
            </th>
            {data.days.map((date) => (
              <th key={date} scope="col" className="p-2">
                {formatDay(date)}
                <AllotmentNote data={data} date={date} />
              </th>
            ))}
            <th scope="col" className="w-28 p-2">
              <Trans>Week</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.userId ?? 'open'}
              data-testid="roster-row"
              className={cn('border-b align-top', row.userId === null && 'bg-muted/30')}
            >
              <th scope="row" className="p-2 text-left font-normal">
                <span className="block font-medium">{rowName(row)}</span>
                {row.person?.teamName && (
                  <span className="block text-xs text-muted-foreground">{row.person.teamName}</span>
                )}
                {row.person && row.person.positions.length > 0 && (
                  <span className="block text-xs text-muted-foreground">
                    {row.person.positions.join(', ')}
                  </span>
                )}
              </th>
              {data.days.map((date) => (
                <td key={date} className="p-1" data-testid="roster-cell" data-date={date}>
                  <DropTarget
                    target={{ userId: row.userId, date }}
                    actions={actions}
                    isCopyMode={isCopyMode}
                    className="h-full min-h-12"
                  >
                    <RosterCellContent data={data} row={row} date={date} actions={actions} />
                  </DropTarget>
                </td>
              ))}
              <td className="p-2">
                <PersonTotal userId={row.userId} totals={totals} projection={projection} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-muted/50 align-top">
            <th scope="row" className="p-2 text-left">
              <Trans>Day total</Trans>
            </th>
            {data.days.map((date) => (
              <td key={date} className="p-2">
                <DayTotal date={date} totals={totals} projection={projection} />
              </td>
            ))}
            <td className="p-2 font-medium tabular-nums" data-testid="roster-week-total">
              {formatHours(totals.weekMinutes)}
            </td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
