import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { AlertTriangle, Info, MoreVertical } from 'lucide-react';
import type { Shift, TemplateShift } from '@punchclock/shared/contracts/rosters';
import { formatShiftHours } from '@punchclock/shared/domain/schedule';
import { formatTimeRange } from '@punchclock/shared/i18n/format';
import { Badge } from '@/components/ui/badge';
import { menuOnDemand } from '@/components/ui/menu-on-demand';
import { cn } from '@/lib/cn';
import type { AvailabilityMarker, BoardCell } from '../roster-board';
import { blocksPublishing } from '../roster-board';
import { formatDay, STATE_LABELS, STATE_VARIANTS } from '../roster-labels';

// A shift's menu loads when one is first opened (shift-menu.tsx).
const ShiftMenu = menuOnDemand(() => import('./shift-menu').then((module) => module.ShiftMenu));

/** What the board's cells can ask of the page. */
export interface BoardActions {
  /** Add a shift for a person (null: an open shift) on a date, times from a template if any. */
  onAdd: (userId: string | null, date: string, template?: TemplateShift | null) => void;
  onEdit: (shift: Shift) => void;
  onMoveOrCopy: (shift: Shift, mode: 'move' | 'copy') => void;
  onDelete: (shift: Shift) => void;
  /** A shift dropped on a cell (drag and drop): moved, or copied with a modifier or the toggle. */
  onDrop: (
    shiftId: string,
    target: { userId: string | null; date: string },
    isCopy: boolean,
  ) => void;
}

/** The drag payload's type: only the board's own shifts are dropped on its cells. */
export const SHIFT_DRAG_TYPE = 'application/x-punchclock-shift';

function shiftHours(shift: Pick<Shift, 'startTime' | 'endTime'>): string {
  return formatShiftHours({ workStart: shift.startTime, workEnd: shift.endTime });
}

/**
 * The conflicts of a shift in words, behind a summary that says how many: a disclosure that
 * keyboards open and screen readers read, with an icon and a word for the severity (never colour
 * alone).
 */
export function ConflictList({ shift }: { shift: Pick<Shift, 'conflicts' | 'overrideReason'> }) {
  const { t } = useLingui();
  if (shift.conflicts.length === 0) return null;
  const blocking = shift.conflicts.filter((conflict) => conflict.severity === 'blocking').length;
  const warnings = shift.conflicts.length - blocking;
  const isBlocked = blocksPublishing(shift);
  const summary = [
    blocking > 0 ? plural(blocking, { one: '# blocking', other: '# blocking' }) : null,
    warnings > 0 ? plural(warnings, { one: '# warning', other: '# warnings' }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <details className="text-xs" data-testid="shift-conflicts">
      <summary
        className={cn(
          'flex cursor-pointer list-none items-center gap-1 rounded font-medium focus-visible:outline-2 focus-visible:outline-ring',
          isBlocked ? 'text-destructive-text' : 'text-warning-text',
        )}
      >
        {isBlocked ? (
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
        ) : (
          <Info className="size-3.5 shrink-0" aria-hidden />
        )}
        <span>{t`Conflicts: ${summary}`}</span>
      </summary>
      <ul className="mt-1 grid gap-1 pl-1">
        {shift.conflicts.map((conflict) => {
          const message = conflict.message;
          const passes =
            conflict.severity === 'blocking' && conflict.isOverridable && shift.overrideReason;
          return (
            <li key={`${conflict.code}-${message}`}>
              {conflict.severity === 'warning'
                ? t`Warning: ${message}`
                : passes
                  ? t`Overridden: ${message}`
                  : t`Blocks publishing: ${message}`}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/**
 * "Edit shift: Ana Lima, Mon, Nov 23," for screen readers, in front of a shift's visible hours:
 * the button's name then ends with what it shows, so speech and sight agree (label in name).
 */
export function EditShiftPrefix({ who, day }: { who: string; day: string }) {
  const { t } = useLingui();
  return <span className="sr-only">{t`Edit shift: ${who}, ${day},`} </span>;
}

/** One shift in a cell: its hours, position, state, conflicts, and a menu to act on it. */
export function ShiftChip({
  shift,
  personName,
  actions,
}: {
  shift: Shift;
  /** Whose row it sits in (the open shifts row: null), for the menu's name. */
  personName: string | null;
  actions: BoardActions;
}) {
  const { t, i18n } = useLingui();
  const hours = shiftHours(shift);
  const day = formatDay(shift.date);
  const who = personName ?? t`Open shift`;
  const isDeleted = shift.state === 'deleted';
  const position = shift.position;
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <div
      data-testid="roster-shift"
      draggable={!isDeleted}
      onDragStart={(event) => {
        event.dataTransfer.setData(SHIFT_DRAG_TYPE, shift.id);
        event.dataTransfer.setData('text/plain', shift.id);
        event.dataTransfer.effectAllowed = 'copyMove';
      }}
      className={cn(
        'grid gap-1 rounded-md border bg-card p-1.5 text-xs shadow-sm',
        !isDeleted && 'cursor-grab active:cursor-grabbing',
        blocksPublishing(shift) && !isDeleted && 'border-destructive',
      )}
    >
      <div className="flex items-start justify-between gap-1">
        {isDeleted ? (
          <span className="min-w-0 text-muted-foreground line-through">
            {hours}
            {position && <span className="block">{position}</span>}
          </span>
        ) : (
          <button
            type="button"
            className="min-w-0 rounded text-left font-medium focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => actions.onEdit(shift)}
          >
            <EditShiftPrefix who={who} day={day} />
            <span className="block">{hours}</span>{' '}
            {position && (
              <span className="block font-normal text-muted-foreground">{position}</span>
            )}
          </button>
        )}
        {!isDeleted && (
          <ShiftMenu
            shift={shift}
            actions={actions}
            triggerRef={triggerRef}
            trigger={
              <button
                ref={triggerRef}
                type="button"
                className="-m-1 shrink-0 rounded p-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t`Shift actions: ${who}, ${day}, ${hours}`}
              >
                <MoreVertical className="size-4" aria-hidden />
              </button>
            }
          />
        )}
      </div>
      {shift.state !== 'published' && (
        <Badge variant={STATE_VARIANTS[shift.state]} className="w-fit">
          {i18n._(STATE_LABELS[shift.state])}
        </Badge>
      )}
      {isDeleted && (
        <span className="text-muted-foreground">
          <Trans>Goes away at the next publish</Trans>
        </span>
      )}
      {!isDeleted && <ConflictList shift={shift} />}
    </div>
  );
}

/** A template's shift on a day without a roster shift: what the person works unless planned. */
export function TemplateShiftChip({ template }: { template: TemplateShift }) {
  const name = template.templateName;
  return (
    <div
      data-testid="roster-template-shift"
      className="rounded-md border border-dashed border-input p-1.5 text-xs text-muted-foreground"
    >
      <span className="block">{shiftHours(template)}</span>
      <span className="block italic">
        <Trans>from template {name}</Trans>
      </span>
    </div>
  );
}

function rangeText(marker: Pick<AvailabilityMarker, 'startTime' | 'endTime'>): string | null {
  return marker.startTime && marker.endTime
    ? formatTimeRange(marker.startTime, marker.endTime)
    : null;
}

/** Time off and availability of a cell, each a word and an icon-free label (not colour alone). */
export function CellMarkers({ cell }: { cell: Pick<BoardCell, 'timeOff' | 'availability'> }) {
  const { t } = useLingui();
  if (cell.timeOff.length === 0 && cell.availability.length === 0) return null;
  return (
    <ul className="grid gap-1" data-testid="roster-markers">
      {cell.timeOff.map((entry, index) => {
        const type = entry.typeName;
        const range = rangeText(entry);
        const text =
          entry.status === 'approved'
            ? range
              ? t`Time off ${range}: ${type}`
              : t`Time off: ${type}`
            : range
              ? t`Time off asked ${range}: ${type} (pending)`
              : t`Time off asked: ${type} (pending)`;
        return (
          <li key={`off-${index}`}>
            <Badge
              variant={entry.status === 'approved' ? 'destructive' : 'warning'}
              className="whitespace-normal rounded-md"
            >
              {text}
            </Badge>
          </li>
        );
      })}
      {cell.availability.map((marker, index) => {
        const range = rangeText(marker);
        const text =
          marker.kind === 'unavailable'
            ? range
              ? t`Unavailable ${range}`
              : t`Unavailable all day`
            : range
              ? t`Prefers not ${range}`
              : t`Prefers not to work`;
        return (
          <li key={`avail-${index}`}>
            <Badge variant="outline" className="whitespace-normal rounded-md">
              {text}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
