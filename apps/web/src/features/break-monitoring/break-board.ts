import type { BoardRowDto } from '@punchclock/shared/contracts/break-monitoring';

export type BoardSortKey = 'over' | 'name' | 'elapsed';

export interface BoardFilter {
  /** A role, or '' for everyone; people without a role count as employees. */
  role: string;
  search: string;
  sortKey: BoardSortKey;
}

/** Minutes since `since`, ticking on the client between server reads. */
export function liveMinutes(since: string | null, nowMs: number): number {
  return since ? Math.max(0, Math.floor((nowMs - Date.parse(since)) / 60_000)) : 0;
}

/** The board's rows after the filters, with elapsed and over-by minutes as of `nowMs`. */
export function filterBoardRows(
  rows: readonly BoardRowDto[],
  filter: Pick<BoardFilter, 'role' | 'search'>,
  nowMs: number,
): BoardRowDto[] {
  const needle = filter.search.trim().toLowerCase();
  return rows
    .filter((row) => !filter.role || (row.role ?? 'employee') === filter.role)
    .filter((row) => !needle || row.name.toLowerCase().includes(needle))
    .map((row) => {
      const elapsed = liveMinutes(row.since, nowMs);
      const overBy = row.limitMinutes !== null ? Math.max(0, elapsed - row.limitMinutes) : 0;
      return { ...row, elapsedMinutes: elapsed, overByMinutes: overBy };
    });
}

/** Most over first (then longest), longest first, or by name. */
export function sortBoardRows(list: readonly BoardRowDto[], sortKey: BoardSortKey): BoardRowDto[] {
  return [...list].sort((a, b) =>
    sortKey === 'name'
      ? a.name.localeCompare(b.name)
      : sortKey === 'elapsed'
        ? b.elapsedMinutes - a.elapsedMinutes
        : b.overByMinutes - a.overByMinutes || b.elapsedMinutes - a.elapsedMinutes,
  );
}

export interface BreakBoard {
  /** On break or at lunch, sorted. */
  paused: BoardRowDto[];
  /** Late or not yet in, sorted. */
  missing: BoardRowDto[];
  working: BoardRowDto[];
  /** Everyone who took a break or lunch today. */
  withPauses: BoardRowDto[];
  counts: {
    onBreak: number;
    atLunch: number;
    overLimit: number;
    working: number;
    late: number;
    notYetIn: number;
  };
}

/** Splits the filtered rows into the board's sections and tiles. */
export function buildBreakBoard(rows: readonly BoardRowDto[], sortKey: BoardSortKey): BreakBoard {
  const count = (status: BoardRowDto['status']) =>
    rows.filter((row) => row.status === status).length;
  const paused = sortBoardRows(
    rows.filter((row) => row.status === 'on_break' || row.status === 'at_lunch'),
    sortKey,
  );
  const missing = sortBoardRows(
    rows.filter((row) => row.status === 'late' || row.status === 'not_yet_in'),
    sortKey,
  );
  const working = rows.filter((row) => row.status === 'working');
  return {
    paused,
    missing,
    working,
    withPauses: rows.filter((row) => row.breaksTaken > 0 || row.lunchMinutes > 0),
    counts: {
      onBreak: count('on_break'),
      atLunch: count('at_lunch'),
      overLimit: paused.filter((row) => row.overByMinutes > 0).length,
      working: working.length,
      late: count('late'),
      notYetIn: count('not_yet_in'),
    },
  };
}
