import { describe, expect, it } from 'vitest';
import { weekDayOf } from './pay-periods.ts';
import { workWeekInstants, workWeekStartDate } from './work-week.ts';

const TORONTO = 'America/Toronto';
const HOUR = 3_600_000;

function hoursOf(range: { start: Date; end: Date }): number {
  return (range.end.getTime() - range.start.getTime()) / HOUR;
}

describe('workWeekStartDate', () => {
  it('goes back to the start weekday, or stays on it', () => {
    // 2026-04-03 is a Friday (Good Friday).
    expect(weekDayOf('2026-04-03')).toBe(5);
    expect(workWeekStartDate('2026-04-03', 0)).toBe('2026-03-29');
    expect(workWeekStartDate('2026-04-03', 1)).toBe('2026-03-30');
    expect(workWeekStartDate('2026-04-03', 5)).toBe('2026-04-03');
    expect(workWeekStartDate('2026-04-03', 6)).toBe('2026-03-28');
  });

  it('crosses month and year ends', () => {
    // 2027-01-01 is a Friday; a Sunday week starts 2026-12-27.
    expect(workWeekStartDate('2027-01-01', 0)).toBe('2026-12-27');
  });

  it('refuses a weekday outside 0–6', () => {
    expect(() => workWeekStartDate('2026-04-03', 7)).toThrow(RangeError);
  });
});

describe('workWeekInstants', () => {
  it('is 167 real hours for the week of spring forward (2026-03-08)', () => {
    const week = workWeekInstants('2026-03-08', TORONTO);
    expect(week.start.toISOString()).toBe('2026-03-08T05:00:00.000Z'); // midnight EST
    expect(week.end.toISOString()).toBe('2026-03-15T04:00:00.000Z'); // midnight EDT
    expect(hoursOf(week)).toBe(167);
  });

  it('is 169 real hours for the week of fall back (2026-11-01)', () => {
    const week = workWeekInstants('2026-10-29', TORONTO); // a Thursday-start week
    expect(week.start.toISOString()).toBe('2026-10-29T04:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-05T05:00:00.000Z');
    expect(hoursOf(week)).toBe(169);
  });

  it('is 168 hours otherwise', () => {
    expect(hoursOf(workWeekInstants('2026-06-07', TORONTO))).toBe(168);
  });
});
