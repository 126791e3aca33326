// The demand the auto-fill covers (#31): every interval of the week for each position that has
// a requirement, 0 where none was set. An interval left out would let the solver put people there
// for free (over-coverage is only priced where there is a row), so "nothing set" means "nobody
// needed", not "anything goes". Pure.
import type { WeekGrid } from './grid.ts';
import type { DemandInterval } from './solver/types.ts';

export interface StoredRequirement {
  position: string;
  startsAt: Date;
  required: number;
}

export function weekDemand(
  rows: readonly StoredRequirement[],
  grid: Pick<WeekGrid, 'days'>,
): DemandInterval[] {
  const byPosition = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const figures = byPosition.get(row.position) ?? new Map<number, number>();
    figures.set(row.startsAt.getTime(), row.required);
    byPosition.set(row.position, figures);
  }
  const demand: DemandInterval[] = [];
  for (const [position, figures] of byPosition) {
    for (const day of grid.days) {
      for (const interval of day.intervals) {
        const start = interval.start.getTime();
        demand.push({
          start,
          end: interval.end.getTime(),
          position,
          required: figures.get(start) ?? 0,
        });
      }
    }
  }
  return demand;
}
