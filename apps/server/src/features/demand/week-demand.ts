// The demand the auto-fill covers (#31): every interval of the week for each position that has
// a requirement, 0 where none was set. An interval left out would let the solver put people there
// for free (over-coverage is only priced where there is a row), so "nothing set" means "nobody
// needed", not "anything goes". Pure.
import type { WeekGrid } from './grid.ts';
import { requiredOnGrid } from './regrid.ts';
import type { DemandInterval } from './solver/types.ts';

export interface StoredRequirement {
  position: string;
  startsAt: Date;
  /** The row's length: one of another length than the grid's is spread (regrid.ts). */
  minutes: number;
  required: number;
}

export function weekDemand(
  rows: readonly StoredRequirement[],
  grid: Pick<WeekGrid, 'days'>,
): DemandInterval[] {
  const byPosition = new Map<string, StoredRequirement[]>();
  for (const row of rows) {
    byPosition.set(row.position, [...(byPosition.get(row.position) ?? []), row]);
  }
  const intervals = grid.days.flatMap((day) => day.intervals);
  const demand: DemandInterval[] = [];
  for (const [position, figures] of byPosition) {
    const required = requiredOnGrid(figures, intervals);
    intervals.forEach((interval, index) => {
      demand.push({
        start: interval.start.getTime(),
        end: interval.end.getTime(),
        position,
        required: required[index] ?? 0,
      });
    });
  }
  return demand;
}
