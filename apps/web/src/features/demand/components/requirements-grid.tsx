import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangle, Calculator, FileUp } from 'lucide-react';
import { useState } from 'react';
import type {
  RequirementInterval,
  RequirementsResponse,
} from '@punchclock/shared/contracts/demand';
import { formatTimeOfDay } from '@punchclock/shared/i18n/format';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { DayPicker } from '@/components/ui/day-picker';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSaveRequirements } from '../api';
import {
  editedCells,
  heatPercent,
  maxRequired,
  parseCellInput,
  requirementRows,
  workingRows,
} from '../demand-planner';
import { formatDay, formatPeople } from '../demand-labels';

/** Below this width the week becomes one day at a time. */
const WEEK_MEDIA_QUERY = '(min-width: 768px)';

/** Where a computed figure came from, and why an unreachable one is capped, in words. */
function useIntervalNote() {
  const { t } = useLingui();
  return (interval: RequirementInterval): string => {
    const parts: string[] = [];
    if (interval.source === 'typed') parts.push(t`Typed`);
    if (interval.source === 'imported') parts.push(t`Imported`);
    if (interval.source === 'computed') {
      const contacts = interval.contacts === null ? '–' : formatPeople(interval.contacts);
      const aht = interval.ahtSeconds === null ? '–' : String(Math.round(interval.ahtSeconds));
      const agents = interval.agents === null ? '–' : String(interval.agents);
      parts.push(
        t`Computed from ${contacts} contacts at ${aht} s each: ${agents} people before shrinkage`,
      );
    }
    if (interval.isUnreachable)
      parts.push(
        t`Unreachable: the service target cannot be met in this interval, so the figure is capped`,
      );
    return parts.join('. ');
  };
}

function SourceMarks({ interval }: { interval: RequirementInterval }) {
  return (
    <span className="flex items-center gap-0.5" aria-hidden>
      {interval.source === 'computed' && <Calculator className="size-3 text-muted-foreground" />}
      {interval.source === 'imported' && <FileUp className="size-3 text-muted-foreground" />}
      {interval.isUnreachable && <AlertTriangle className="size-3 text-warning-text" />}
    </span>
  );
}

interface CellProps {
  interval: RequirementInterval;
  date: string;
  max: number;
  edits: ReadonlyMap<string, string>;
  onEdit: (startsAt: string, text: string) => void;
}

/** One interval of one day: its number in an input, tinted by how many people it needs. */
function RequirementCell({ interval, date, max, edits, onEdit }: CellProps) {
  const { t } = useLingui();
  const note = useIntervalNote()(interval);
  const edited = edits.get(interval.startsAt);
  const text = edited ?? (interval.required === null ? '' : String(interval.required));
  const parsed = parseCellInput(text);
  const isInvalid = 'error' in parsed;
  const shown = 'value' in parsed ? parsed.value : null;
  const noteId = `demand-note-${interval.startsAt}`;
  const day = formatDay(date);
  const time = formatTimeOfDay(interval.startTime);
  return (
    <div
      className="flex items-center gap-1 rounded px-1"
      style={{
        backgroundColor: `color-mix(in oklab, var(--primary) ${heatPercent(shown, max)}%, transparent)`,
      }}
      title={note || undefined}
    >
      <input
        type="text"
        inputMode="decimal"
        aria-label={t`People needed, ${day} at ${time}`}
        aria-describedby={note ? noteId : undefined}
        aria-invalid={isInvalid || undefined}
        value={text}
        onChange={(event) => onEdit(interval.startsAt, event.target.value)}
        className={cn(
          'h-8 w-12 rounded border bg-transparent px-1 text-right text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-ring',
          edited !== undefined ? 'border-primary font-semibold' : 'border-input',
          isInvalid && 'border-destructive',
        )}
      />
      <SourceMarks interval={interval} />
      {note && (
        <span id={noteId} className="sr-only">
          {note}
        </span>
      )}
    </div>
  );
}

/**
 * The week's requirements: rows are intervals of the day, columns the seven days; each number
 * is editable, and "Save changes" sends every edited cell in one PUT.
 */
export function RequirementsGrid({
  data,
  teamId,
  position,
}: {
  data: RequirementsResponse;
  teamId: string;
  position: string;
}) {
  const { t } = useLingui();
  const isWide = useMediaQuery(WEEK_MEDIA_QUERY);
  const [edits, setEdits] = useState<Map<string, string>>(() => new Map());
  const [day, setDay] = useState(data.days[0]?.date ?? data.weekStart);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveRequirements();
  const [showsAllHours, setShowsAllHours] = useState(false);
  const allRows = requirementRows(data.days);
  const rows = showsAllHours ? allRows : workingRows(allRows);
  const max = maxRequired(data.days);
  const cells = editedCells(edits);
  const dates = data.days.map((item) => item.date);
  const shownDay = dates.includes(day) ? day : (dates[0] ?? data.weekStart);
  const dayIndexes = isWide ? dates.map((_, index) => index) : [dates.indexOf(shownDay)];

  const onEdit = (startsAt: string, text: string) =>
    setEdits((current) => new Map(current).set(startsAt, text));
  const onSave = () => {
    if (!cells || cells.length === 0) return;
    setError(undefined);
    save.mutate(
      { teamId, position, cells },
      {
        onSuccess: () => setEdits(new Map()),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={onSave} disabled={!cells || cells.length === 0 || save.isPending}>
          {edits.size > 0 ? t`Save changes (${edits.size})` : t`Save changes`}
        </Button>
        <Button variant="outline" disabled={edits.size === 0} onClick={() => setEdits(new Map())}>
          <Trans>Discard changes</Trans>
        </Button>
        {rows.length < allRows.length || showsAllHours ? (
          <Button
            variant="ghost"
            aria-pressed={showsAllHours}
            onClick={() => setShowsAllHours((shows) => !shows)}
          >
            <Trans>Show all hours</Trans>
          </Button>
        ) : null}
        {cells === null && (
          <p className="text-sm text-destructive-text" role="alert">
            <Trans>People needed must be a number between 0 and 1000 (empty clears it).</Trans>
          </p>
        )}
        {error && (
          <p className="text-sm text-destructive-text" role="alert">
            {error}
          </p>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <Calculator className="size-3" aria-hidden /> <Trans>Computed from workload</Trans>
        </span>
        <span className="flex items-center gap-1">
          <FileUp className="size-3" aria-hidden /> <Trans>Imported</Trans>
        </span>
        <span className="flex items-center gap-1">
          <AlertTriangle className="size-3 text-warning-text" aria-hidden />{' '}
          <Trans>Unreachable: the service target cannot be met; the figure is capped</Trans>
        </span>
      </p>
      {!isWide && <DayPicker days={dates} day={shownDay} onDay={setDay} />}
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          <Trans>No intervals this week.</Trans>
        </p>
      ) : (
        <ScrollRegion label={t`People needed per interval`} className="max-h-[70vh] border">
          <table className="w-full border-collapse text-sm" data-testid="requirements-grid">
            <caption className="sr-only">
              <Trans>People needed per interval; edit a number, then save the changes.</Trans>
            </caption>
            <thead className="sticky top-0 z-10 bg-card">
              <tr>
                <th scope="col" className="px-2 py-1 text-left font-medium">
                  <Trans>Time</Trans>
                </th>
                {dayIndexes.map((index) => (
                  <th key={dates[index]} scope="col" className="px-1 py-1 text-left font-medium">
                    {formatDay(dates[index]!)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t">
                  <th
                    scope="row"
                    className="whitespace-nowrap px-2 py-0.5 text-left font-normal tabular-nums"
                  >
                    {formatTimeOfDay(row.startTime)}
                  </th>
                  {dayIndexes.map((index) => {
                    const interval = row.cells[index];
                    return (
                      <td key={dates[index]} className="px-0.5 py-0.5">
                        {interval ? (
                          <RequirementCell
                            interval={interval}
                            date={dates[index]!}
                            max={max}
                            edits={edits}
                            onEdit={onEdit}
                          />
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
