import { useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import type { RosterResponse } from '@punchclock/shared/contracts/rosters';
import { cn } from '@/lib/cn';
import { boardCell, type BoardRow } from '../roster-board';
import { formatDay } from '../roster-labels';
import {
  CellMarkers,
  SHIFT_DRAG_TYPE,
  ShiftChip,
  TemplateShiftChip,
  type BoardActions,
} from './shift-chip';

/** The name of a row: the person's, or "Open shifts". */
export function useRowName() {
  const { t } = useLingui();
  return (row: BoardRow) => row.person?.name ?? t`Open shifts`;
}

/**
 * A drop target for shifts: dragging a shift over it shows where it lands; a drop moves it,
 * or copies it with Ctrl or Alt held (or the board's Copy toggle on).
 */
export function DropTarget({
  target,
  actions,
  isCopyMode,
  className,
  children,
}: {
  target: { userId: string | null; date: string };
  actions: BoardActions;
  isCopyMode: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [isOver, setIsOver] = useState(false);
  const isCopy = (event: DragEvent) => isCopyMode || event.ctrlKey || event.altKey;
  return (
    <div
      className={cn(className, isOver && 'rounded-md outline-2 outline-dashed outline-primary')}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(SHIFT_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = isCopy(event) ? 'copy' : 'move';
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(event) => {
        setIsOver(false);
        const shiftId = event.dataTransfer.getData(SHIFT_DRAG_TYPE);
        if (!shiftId) return;
        event.preventDefault();
        actions.onDrop(shiftId, target, isCopy(event));
      }}
    >
      {children}
    </div>
  );
}

/** What a cell holds: markers, shifts (or the template's), and the way to add one. */
export function RosterCellContent({
  data,
  row,
  date,
  actions,
}: {
  data: RosterResponse;
  row: BoardRow;
  date: string;
  actions: BoardActions;
}) {
  const { t } = useLingui();
  const cell = boardCell(data, row, date);
  const name = useRowName()(row);
  const day = formatDay(date);
  const liveShifts = cell.shifts.filter((shift) => shift.state !== 'deleted');
  // One shift per person per day; the open shifts row takes as many as needed.
  const canAdd = row.userId === null || liveShifts.length === 0;
  return (
    <div className="grid gap-1">
      <CellMarkers cell={cell} />
      {cell.shifts.map((shift) => (
        <ShiftChip
          key={shift.id}
          shift={shift}
          personName={row.person?.name ?? null}
          actions={actions}
        />
      ))}
      {cell.templateShift && liveShifts.length === 0 && (
        <TemplateShiftChip template={cell.templateShift} />
      )}
      {canAdd && (
        <button
          type="button"
          className={cn(
            'flex items-center justify-center rounded-md border border-dashed border-input text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
            cell.shifts.length === 0 && !cell.templateShift ? 'min-h-12' : 'h-7',
          )}
          aria-label={
            row.userId === null
              ? t`Add an open shift on ${day}`
              : t`Add a shift for ${name} on ${day}`
          }
          onClick={() => actions.onAdd(row.userId, date, cell.templateShift)}
        >
          <Plus className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
