import { describe, expect, it } from 'vitest';
import { weekGrid } from './grid.ts';
import { weekDemand } from './week-demand.ts';

const TORONTO = 'America/Toronto';

describe('weekDemand', () => {
  it('fills every interval of the week with 0 where a position has no figure', () => {
    const grid = weekGrid('2026-12-02', 30, TORONTO);
    const nine = grid.days[3]?.intervals[18];
    if (!nine) throw new Error('no 09:00 interval');
    const demand = weekDemand(
      [{ position: '', startsAt: nine.start, minutes: 30, required: 2.9 }],
      grid,
    );
    expect(demand).toHaveLength(7 * 48);
    expect(demand.filter((interval) => interval.required > 0)).toEqual([
      { start: nine.start.getTime(), end: nine.end.getTime(), position: '', required: 2.9 },
    ]);
  });

  it('keeps positions apart and adds none for a position without figures', () => {
    const grid = weekGrid('2026-11-01', 30, TORONTO); // the autumn DST week: 50 half-hours on Sunday
    const first = grid.days[0]?.intervals[0];
    if (!first) throw new Error('no interval');
    const demand = weekDemand(
      [{ position: 'Cashier', startsAt: first.start, minutes: 30, required: 1 }],
      grid,
    );
    expect(demand).toHaveLength(50 + 6 * 48);
    expect(new Set(demand.map((interval) => interval.position))).toEqual(new Set(['Cashier']));
  });

  it('spreads a row of another length than the grid’s over the intervals it covers', () => {
    // Typed on a 30-minute grid, read on a 15-minute one: both quarter-hours need 2.
    const quarters = weekGrid('2026-12-02', 15, TORONTO);
    const nine = quarters.days[3]?.intervals[36];
    if (!nine) throw new Error('no 09:00 interval');
    const demand = weekDemand(
      [{ position: '', startsAt: nine.start, minutes: 30, required: 2 }],
      quarters,
    );
    expect(demand.filter((interval) => interval.required > 0)).toEqual([
      {
        start: nine.start.getTime(),
        end: nine.start.getTime() + 900_000,
        position: '',
        required: 2,
      },
      {
        start: nine.start.getTime() + 900_000,
        end: nine.start.getTime() + 1_800_000,
        position: '',
        required: 2,
      },
    ]);
    // Quarter-hours 2 and 4 read on a 30-minute grid: 3 people over the half-hour.
    const halves = weekGrid('2026-12-02', 30, TORONTO);
    const rows = [
      { position: '', startsAt: nine.start, minutes: 15, required: 2 },
      {
        position: '',
        startsAt: new Date(nine.start.getTime() + 900_000),
        minutes: 15,
        required: 4,
      },
    ];
    expect(weekDemand(rows, halves).filter((interval) => interval.required > 0)).toEqual([
      {
        start: nine.start.getTime(),
        end: nine.start.getTime() + 1_800_000,
        position: '',
        required: 3,
      },
    ]);
  });

  it('asks for nothing when no requirement is set', () => {
    expect(weekDemand([], weekGrid('2026-12-02', 15, TORONTO))).toEqual([]);
  });
});
