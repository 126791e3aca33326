// The rows of a demand file checked against the team's interval grid (#31). Pure: the file's
// cells, the interval length and the time zone in; rows to write or problems out.
import { plural, t } from '@lingui/core/macro';
import type { ImportRowProblem } from '@punchclock/shared/contracts/demand';
import { isoDate } from '@punchclock/shared/contracts/common';
import { positionSchema } from '@punchclock/shared/contracts/users';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { intervalsOfDay, type Interval } from '@punchclock/shared/domain/demand/coverage';
import { intervalMinutesOf } from './grid.ts';
import type { TableRow } from '../../platform/table-file.ts';

export type ImportKind = 'requirements' | 'workload';

/** One interval of the file, on the grid. */
export interface ImportedInterval {
  row: number;
  position: string;
  startsAt: Date;
  date: string;
  minutes: number;
  /** Requirements: people needed. */
  required: number;
  /** Workload: contacts offered and their average handling time. */
  contacts: number;
  ahtSeconds: number;
}

export interface ImportCheck {
  intervals: ImportedInterval[];
  problems: ImportRowProblem[];
}

/** Enough problems to fix a file by; the rest are counted in one last line. */
const MAX_PROBLEMS = 200;

/** Header names as people write them: any case, spaces or underscores. */
const normalName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const ALIASES: Record<string, string> = { aht: 'aht_seconds', startsat: 'starts_at' };

/** A number as a spreadsheet may write it: 12.5, or 12,5 from a French locale. */
function numberOf(text: string): number | null {
  const plain = /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

/** "9:00", "09:00", "09:00:00", or a spreadsheet's fraction of a day (0.375) → "09:00". */
function clockOf(text: string): string | null {
  const clock = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text);
  if (clock) {
    const hours = Number(clock[1]);
    const minutes = Number(clock[2]);
    if (hours > 23 || minutes > 59) return null;
    return `${String(hours).padStart(2, '0')}:${clock[2]}`;
  }
  const fraction = numberOf(text);
  if (fraction === null || fraction < 0 || fraction >= 1) return null;
  const minutes = Math.round(fraction * 1440);
  if (minutes >= 1440) return null;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Checks every row; any problem means nothing is written (the caller decides). A row is an
 * interval of the team's grid: `date` + `time` (business clock; the repeated autumn hour is its
 * first occurrence) or `starts_at` (an ISO instant, for the second one).
 */
export function checkImportRows(
  kind: ImportKind,
  table: readonly TableRow[],
  grid: { minutes: number; timeZone: string },
): ImportCheck {
  const problems: ImportRowProblem[] = [];
  let extraProblems = 0;
  const report = (row: number, column: string | null, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ row, column, message });
    else extraProblems += 1;
  };

  const [header, ...body] = table;
  if (!header) {
    return { intervals: [], problems: [{ row: 1, column: null, message: t`The file is empty` }] };
  }
  const columns = new Map<string, number>();
  header.cells.forEach((name, index) => {
    const normal = normalName(name);
    const key = ALIASES[normal.replace(/_/g, '')] ?? normal;
    if (!columns.has(key)) columns.set(key, index);
  });
  const hasStartsAt = columns.has('starts_at');
  const needed = [
    ...(hasStartsAt ? [] : ['date', 'time']),
    ...(kind === 'requirements' ? ['required'] : ['contacts', 'aht_seconds']),
  ];
  for (const name of needed) {
    if (!columns.has(name)) report(header.row, name, t`The header has no “${name}” column`);
  }
  if (problems.length > 0) return { intervals: [], problems };

  const cell = (row: TableRow, name: string) => {
    const index = columns.get(name);
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  const { minutes, timeZone } = grid;
  const intervals: ImportedInterval[] = [];
  const seen = new Map<string, number>();
  // A file holds many intervals of each day: cut each day into the grid once.
  const days = new Map<string, Interval[]>();
  const intervalsOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = intervalsOfDay(date, minutes, timeZone);
      days.set(date, day);
    }
    return day;
  };

  for (const row of body) {
    if (row.cells.every((text) => text.trim() === '')) continue;
    const before = problems.length + extraProblems;

    const position = cell(row, 'position');
    if (position !== '') {
      const parsed = positionSchema.safeParse(position);
      if (!parsed.success) report(row.row, 'position', firstIssueMessage(parsed.error));
    }

    let start: { startsAt: Date; date: string; minutes: number } | null = null;
    if (hasStartsAt && cell(row, 'starts_at') !== '') {
      const text = cell(row, 'starts_at');
      const instant = Date.parse(text);
      const date = Number.isNaN(instant) ? null : toBusinessDate(instant, timeZone);
      const interval =
        date === null
          ? undefined
          : intervalsOf(date).find((candidate) => candidate.start.getTime() === instant);
      const found = date !== null && interval ? { date, interval } : null;
      if (Number.isNaN(instant) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) {
        report(
          row.row,
          'starts_at',
          t`“${text}” is not a date and time like 2026-03-02T09:00:00-05:00`,
        );
      } else if (!found) {
        report(
          row.row,
          'starts_at',
          t`“${text}” is not the start of one of the team’s ${minutes}-minute intervals`,
        );
      } else {
        start = {
          startsAt: found.interval.start,
          date: found.date,
          minutes: intervalMinutesOf(found.interval),
        };
      }
    } else {
      const date = cell(row, 'date');
      const timeText = cell(row, 'time');
      const time = clockOf(timeText);
      // From 1900 on, like the roster: earlier is a typo, and far off the zone's rules.
      const isDate = isoDate.safeParse(date).success && date >= '1900-01-01';
      if (!isDate) report(row.row, 'date', t`“${date}” is not a date like 2026-03-02`);
      if (time === null) report(row.row, 'time', t`“${timeText}” is not a time like 09:30`);
      if (isDate && time !== null) {
        // The first interval the clock reads `time` in: on the autumn night, the first 01:00.
        const interval = intervalsOf(date).find((candidate) => candidate.label === time);
        const [hours = 0, mins = 0] = time.split(':').map(Number);
        if (!interval && (hours * 60 + mins) % minutes === 0) {
          report(row.row, 'time', t`${time} does not exist on ${date}: the clocks go forward`);
        } else if (!interval) {
          report(
            row.row,
            'time',
            t`${time} on ${date} is not the start of one of the team’s ${minutes}-minute intervals`,
          );
        } else {
          start = { startsAt: interval.start, date, minutes: intervalMinutesOf(interval) };
        }
      }
    }

    let required = 0;
    let contacts = 0;
    let ahtSeconds = 0;
    if (kind === 'requirements') {
      const text = cell(row, 'required');
      const value = numberOf(text);
      if (value === null || value < 0 || value > 1000) {
        report(row.row, 'required', t`People needed must be a number from 0 to 1000`);
      } else required = value;
    } else {
      const contactsText = cell(row, 'contacts');
      const contactsValue = numberOf(contactsText);
      if (contactsValue === null || contactsValue < 0 || contactsValue > 1_000_000) {
        report(row.row, 'contacts', t`Contacts must be a number from 0 to 1000000`);
      } else contacts = contactsValue;
      const ahtText = cell(row, 'aht_seconds');
      const ahtValue = numberOf(ahtText);
      if (ahtValue === null || ahtValue <= 0 || ahtValue > 86_400) {
        report(
          row.row,
          'aht_seconds',
          t`Handling time must be a number of seconds from 1 to 86400`,
        );
      } else ahtSeconds = ahtValue;
    }

    if (start && problems.length + extraProblems === before) {
      const key = `${position}|${start.startsAt.getTime()}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        report(row.row, null, t`This interval is already in row ${earlier}`);
      } else {
        seen.set(key, row.row);
        intervals.push({ row: row.row, position, ...start, required, contacts, ahtSeconds });
      }
    }
  }
  if (problems.length === 0 && intervals.length === 0) {
    report(header.row + 1, null, t`The file has no rows under its header`);
  }
  if (extraProblems > 0) {
    problems.push({
      row: problems.at(-1)?.row ?? 1,
      column: null,
      message: plural(extraProblems, {
        one: '…and # more problem',
        other: '…and # more problems',
      }),
    });
  }
  return { intervals, problems };
}
