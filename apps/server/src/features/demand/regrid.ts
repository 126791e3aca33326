// Stored figures on today's interval grid (#31). A team may switch between 15- and 30-minute
// intervals after rows exist: matching rows by start only would count a 30-minute row for one
// quarter-hour. A row whose length is the grid's gives its own interval its figure; a row of
// another length is spread over the intervals it overlaps. Pure.
import type { Interval } from '@punchclock/shared/domain/demand/coverage';

const MINUTE_MS = 60_000;

export interface SizedRow {
  startsAt: Date;
  minutes: number;
}

/** For each interval: the row of its start and length, else the other rows overlapping it. */
export interface GridMatch<R> {
  exact: R | undefined;
  /** Rows of another length overlapping the interval, with the milliseconds they share. */
  partial: { row: R; overlapMs: number }[];
}

export function matchRowsToGrid<R extends SizedRow>(
  rows: readonly R[],
  intervals: readonly Interval[],
): GridMatch<R>[] {
  const byStart = new Map<number, R>();
  const others: R[] = [];
  const lengthAt = new Map(
    intervals.map((interval) => [
      interval.start.getTime(),
      interval.end.getTime() - interval.start.getTime(),
    ]),
  );
  for (const row of rows) {
    const start = row.startsAt.getTime();
    if (lengthAt.get(start) === row.minutes * MINUTE_MS) byStart.set(start, row);
    else others.push(row);
  }
  const matches: GridMatch<R>[] = intervals.map((interval) => ({
    exact: byStart.get(interval.start.getTime()),
    partial: [],
  }));
  if (others.length === 0) return matches;
  // Intervals are in time order: find each row's first interval by binary search.
  const starts = intervals.map((interval) => interval.start.getTime());
  for (const row of others) {
    const rowStart = row.startsAt.getTime();
    const rowEnd = rowStart + row.minutes * MINUTE_MS;
    let low = 0;
    let high = intervals.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((intervals[middle]?.end.getTime() ?? 0) <= rowStart) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < intervals.length; index += 1) {
      const start = starts[index] ?? 0;
      if (start >= rowEnd) break;
      const end = intervals[index]?.end.getTime() ?? start;
      const overlapMs = Math.min(end, rowEnd) - Math.max(start, rowStart);
      if (overlapMs > 0) matches[index]?.partial.push({ row, overlapMs });
    }
  }
  return matches;
}

const lengthOf = (interval: Pick<Interval, 'start' | 'end'>) =>
  interval.end.getTime() - interval.start.getTime();

/**
 * People required per interval, null where nothing is stored. A row of another length counts
 * for the part of the interval it covers: a 30-minute figure applies to both quarter-hours, two
 * quarter-hour figures average into their half-hour (the person-hours stay the same).
 */
export function requiredOnGrid(
  rows: readonly (SizedRow & { required: number })[],
  intervals: readonly Interval[],
): (number | null)[] {
  return matchRowsToGrid(rows, intervals).map((match, index) => {
    if (match.exact) return match.exact.required;
    if (match.partial.length === 0) return null;
    const length = lengthOf(intervals[index] ?? { start: new Date(0), end: new Date(1) });
    return match.partial.reduce(
      (sum, part) => sum + (part.row.required * part.overlapMs) / length,
      0,
    );
  });
}

/**
 * Workload per interval, null where nothing is stored. Contacts of a row of another length are
 * split in proportion to the time it shares with the interval; handling time is weighted by them.
 */
export function workloadOnGrid(
  rows: readonly (SizedRow & { contacts: number; ahtSeconds: number })[],
  intervals: readonly Interval[],
): ({ contacts: number; ahtSeconds: number } | null)[] {
  return matchRowsToGrid(rows, intervals).map((match) => {
    if (match.exact) return { contacts: match.exact.contacts, ahtSeconds: match.exact.ahtSeconds };
    if (match.partial.length === 0) return null;
    const parts = match.partial.map((part) => ({
      contacts: (part.row.contacts * part.overlapMs) / (part.row.minutes * MINUTE_MS),
      ahtSeconds: part.row.ahtSeconds,
    }));
    const contacts = parts.reduce((sum, part) => sum + part.contacts, 0);
    const handled = parts.reduce((sum, part) => sum + part.contacts * part.ahtSeconds, 0);
    const plain = parts.reduce((sum, part) => sum + part.ahtSeconds, 0) / parts.length;
    return { contacts, ahtSeconds: contacts > 0 ? handled / contacts : plain };
  });
}
