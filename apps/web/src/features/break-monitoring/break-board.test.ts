import { describe, expect, it } from 'vitest';
import type { BoardRowDto } from '@punchclock/shared/contracts/break-monitoring';
import { buildBreakBoard, filterBoardRows, liveMinutes, sortBoardRows } from './break-board';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function row(overrides: Partial<BoardRowDto>): BoardRowDto {
  return {
    userId: crypto.randomUUID(),
    name: 'Someone',
    role: 'employee',
    status: 'working',
    state: 'working',
    since: null,
    elapsedMinutes: 0,
    limitMinutes: null,
    overByMinutes: 0,
    shift: null,
    breaksTaken: 0,
    breakMinutes: 0,
    lunchMinutes: 0,
    overbreaks: 0,
    ...overrides,
  };
}

describe('liveMinutes', () => {
  it('counts whole minutes since the instant, never negative', () => {
    expect(liveMinutes(minutesAgo(12.9), NOW)).toBe(12);
    expect(liveMinutes(new Date(NOW + 60_000).toISOString(), NOW)).toBe(0);
    expect(liveMinutes(null, NOW)).toBe(0);
  });
});

describe('filterBoardRows', () => {
  const rows = [
    row({ name: 'Ada Lovelace', role: 'admin' }),
    row({ name: 'Grace Hopper', role: null }),
    row({ name: 'Alan Turing', role: 'team_lead' }),
  ];

  it('keeps everyone without filters', () => {
    expect(filterBoardRows(rows, { role: '', search: '' }, NOW)).toHaveLength(3);
  });

  it('filters by role, counting people without one as employees', () => {
    const names = filterBoardRows(rows, { role: 'employee', search: '' }, NOW).map((r) => r.name);
    expect(names).toEqual(['Grace Hopper']);
  });

  it('searches names case-insensitively, ignoring surrounding spaces', () => {
    const names = filterBoardRows(rows, { role: '', search: '  a' }, NOW).map((r) => r.name);
    expect(names).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(filterBoardRows(rows, { role: '', search: 'TUR' }, NOW).map((r) => r.name)).toEqual([
      'Alan Turing',
    ]);
  });

  it('recomputes elapsed and over-by minutes from the live clock', () => {
    const [onBreak, unlimited] = filterBoardRows(
      [
        row({ status: 'on_break', since: minutesAgo(20), limitMinutes: 15, elapsedMinutes: 1 }),
        row({ status: 'working', since: minutesAgo(90) }),
      ],
      { role: '', search: '' },
      NOW,
    );
    expect(onBreak).toMatchObject({ elapsedMinutes: 20, overByMinutes: 5 });
    expect(unlimited).toMatchObject({ elapsedMinutes: 90, overByMinutes: 0 });
  });
});

describe('sortBoardRows', () => {
  const rows = [
    row({ name: 'B', elapsedMinutes: 30, overByMinutes: 0 }),
    row({ name: 'C', elapsedMinutes: 10, overByMinutes: 5 }),
    row({ name: 'A', elapsedMinutes: 20, overByMinutes: 5 }),
  ];
  const names = (list: BoardRowDto[]) => list.map((r) => r.name);

  it('puts the most over first, then the longest', () => {
    expect(names(sortBoardRows(rows, 'over'))).toEqual(['A', 'C', 'B']);
  });

  it('sorts longest first or by name', () => {
    expect(names(sortBoardRows(rows, 'elapsed'))).toEqual(['B', 'A', 'C']);
    expect(names(sortBoardRows(rows, 'name'))).toEqual(['A', 'B', 'C']);
  });

  it('leaves its input alone', () => {
    sortBoardRows(rows, 'name');
    expect(names(rows)).toEqual(['B', 'C', 'A']);
  });
});

describe('buildBreakBoard', () => {
  it('splits people into the sections and counts the tiles', () => {
    const board = buildBreakBoard(
      [
        row({ name: 'Short', status: 'on_break', elapsedMinutes: 3 }),
        row({ name: 'Over', status: 'at_lunch', elapsedMinutes: 70, overByMinutes: 10 }),
        row({ name: 'Worker', status: 'working', breaksTaken: 1 }),
        row({ name: 'Late', status: 'late' }),
        row({ name: 'Absent', status: 'not_yet_in' }),
        row({ name: 'Gone', status: 'clocked_out', lunchMinutes: 30 }),
      ],
      'over',
    );
    expect(board.paused.map((r) => r.name)).toEqual(['Over', 'Short']);
    expect(board.missing.map((r) => r.name)).toEqual(['Late', 'Absent']);
    expect(board.working.map((r) => r.name)).toEqual(['Worker']);
    expect(board.withPauses.map((r) => r.name)).toEqual(['Worker', 'Gone']);
    expect(board.counts).toEqual({
      onBreak: 1,
      atLunch: 1,
      overLimit: 1,
      working: 1,
      late: 1,
      notYetIn: 1,
    });
  });
});
