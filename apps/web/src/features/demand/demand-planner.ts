import type {
  CoverageInterval,
  DemandSettings,
  DemandSettingsInput,
  RequirementInterval,
  RequirementsResponse,
} from '@punchclock/shared/contracts/demand';
import { getWeekDates } from '@punchclock/shared/domain/schedule';

/*
 * The demand planner's pure logic (#31): the weekly grid's rows, its edits, the import
 * templates, gaps on a coverage day and the settings form's hours. The page only wires it.
 */

/** The Sunday that starts the week of `date`, as the roster's weeks do. */
export function weekStartOf(date: string): string {
  return getWeekDates(date)[0]!;
}

/** One row of the weekly grid: an interval of the day, and that interval on each of the 7 days. */
export interface GridRow {
  /** Unique: the autumn DST day has 01:00 twice, so the second is "01:00#2". */
  key: string;
  startTime: string;
  cells: Array<RequirementInterval | null>;
}

/** Rows by start time; a day without an interval (a short DST day) has an empty cell there. */
export function requirementRows(days: RequirementsResponse['days']): GridRow[] {
  const rows = new Map<string, GridRow>();
  days.forEach((day, dayIndex) => {
    const seen = new Map<string, number>();
    for (const interval of day.intervals) {
      const occurrence = (seen.get(interval.startTime) ?? 0) + 1;
      seen.set(interval.startTime, occurrence);
      const key = occurrence === 1 ? interval.startTime : `${interval.startTime}#${occurrence}`;
      let row = rows.get(key);
      if (!row) {
        row = { key, startTime: interval.startTime, cells: days.map(() => null) };
        rows.set(key, row);
      }
      row.cells[dayIndex] = interval;
    }
  });
  return [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Shown when a week has no figure yet: a working day, not the night. */
const USUAL_HOURS = { from: '06:00', to: '22:00' };

/**
 * The rows a planner works on: from two intervals before the week's first figure to two after
 * its last (06:00–22:00 while nothing is set), so the grid does not open on empty night hours.
 * Every row stays one click away ("Show all hours").
 */
export function workingRows(rows: readonly GridRow[], margin = 2): GridRow[] {
  const hasFigure = (row: GridRow) => row.cells.some((cell) => cell?.required != null);
  const first = rows.findIndex(hasFigure);
  if (first === -1) {
    return rows.filter(
      (row) => row.startTime >= USUAL_HOURS.from && row.startTime < USUAL_HOURS.to,
    );
  }
  const last = rows.length - 1 - [...rows].reverse().findIndex(hasFigure);
  return rows.slice(Math.max(0, first - margin), last + margin + 1);
}

/** The largest requirement of the week (the heat scale's top); at least 1. */
export function maxRequired(days: RequirementsResponse['days']): number {
  let max = 1;
  for (const day of days)
    for (const interval of day.intervals) max = Math.max(max, interval.required ?? 0);
  return max;
}

/**
 * How strongly a cell is tinted, 0–40 % of the primary colour. Capped at 40 % so the number on
 * it keeps its contrast in both themes; the number, not the colour, carries the meaning.
 */
export function heatPercent(required: number | null, max: number): number {
  if (required === null || required <= 0) return 0;
  return Math.round(8 + (Math.min(required, max) / max) * 32);
}

/** A typed cell: '' clears it (null); a number 0–1000 is kept; anything else is invalid. */
export function parseCellInput(text: string): { value: number | null } | { error: true } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { value: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || value > 1000) return { error: true };
  return { value };
}

/** The cells of the PUT body: each edited interval once, in the grid's order. */
export function editedCells(
  edits: ReadonlyMap<string, string>,
): Array<{ startsAt: string; required: number | null }> | null {
  const cells: Array<{ startsAt: string; required: number | null }> = [];
  for (const [startsAt, text] of edits) {
    const parsed = parseCellInput(text);
    if ('error' in parsed) return null;
    cells.push({ startsAt, required: parsed.value });
  }
  return cells;
}

export type ImportKind = 'requirements' | 'workload';

/** A small CSV a planner can fill in: the header the import reads and two example rows. */
export function templateCsv(kind: ImportKind, weekStart: string): string {
  const rows =
    kind === 'requirements'
      ? ['date,time,required,position', `${weekStart},09:00,3,`, `${weekStart},09:30,4,`]
      : [
          'date,time,contacts,aht_seconds,position',
          `${weekStart},09:00,42,300,`,
          `${weekStart},09:30,55,310,`,
        ];
  return `${rows.join('\r\n')}\r\n`;
}

/** A data: link, so the template needs no object URL to revoke. */
export function templateHref(kind: ImportKind, weekStart: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(kind, weekStart))}`;
}

/** A file's bytes in base64, as POST /api/demand/imports takes them. */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** "HH:mm" plus minutes, around the clock ("23:30" + 60 = "00:30"). */
export function addMinutesToTime(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** People short in an interval by the published roster (what people are told to work). */
export function shortBy(interval: CoverageInterval): number {
  if (interval.required === null) return 0;
  return Math.max(0, interval.required - interval.scheduled);
}

/** A run of consecutive intervals short of people: what "Post as open shift" offers. */
export interface CoverageGap {
  first: number;
  last: number;
  startTime: string;
  endTime: string;
  /** Whole people to post: the largest shortfall of the run, rounded up. */
  count: number;
}

/** An interval that has ended cannot be covered any more: only later ones are posted. */
const isAhead = (interval: CoverageInterval, now: number) => Date.parse(interval.endsAt) > now;

/**
 * The gap spanning intervals first..last (inclusive), clipped to intervals not yet over at
 * `now` (intraday), or null when none of them is short.
 */
export function gapOf(
  intervals: readonly CoverageInterval[],
  intervalMinutes: number,
  first: number,
  last: number,
  now = Number.NEGATIVE_INFINITY,
): CoverageGap | null {
  const to = Math.max(first, last);
  let from = Math.min(first, last);
  while (from <= to && !isAhead(intervals[from]!, now)) from += 1;
  const span = intervals.slice(from, to + 1);
  const short = Math.max(0, ...span.map(shortBy));
  if (span.length === 0 || short <= 0) return null;
  return {
    first: from,
    last: to,
    startTime: span[0]!.startTime,
    endTime: addMinutesToTime(span[span.length - 1]!.startTime, intervalMinutes),
    count: Math.min(20, Math.ceil(short - 1e-9)),
  };
}

/** Every run of short intervals of the day, in order. */
export function coverageGaps(
  intervals: readonly CoverageInterval[],
  intervalMinutes: number,
  now = Number.NEGATIVE_INFINITY,
): CoverageGap[] {
  const gaps: CoverageGap[] = [];
  let start = -1;
  intervals.forEach((interval, index) => {
    const isShort = shortBy(interval) > 0 && isAhead(interval, now);
    if (isShort && start < 0) start = index;
    if (!isShort && start >= 0) {
      gaps.push(gapOf(intervals, intervalMinutes, start, index - 1)!);
      start = -1;
    }
  });
  if (start >= 0) gaps.push(gapOf(intervals, intervalMinutes, start, intervals.length - 1)!);
  return gaps;
}

// ---- Settings: people read hours, the contract keeps minutes --------------------------------------

export interface SettingsFormValues {
  intervalMinutes: string;
  serviceLevelPercent: string;
  answerSeconds: string;
  shrinkagePercent: string;
  /** Hours, comma-separated ("8, 10"). */
  shiftLengthsHours: string;
  startStepMinutes: string;
  earliestStart: string;
  latestEnd: string;
  lunchMinutes: string;
  breakDurationMins: string;
  minWeekHours: string;
  maxWeekHours: string;
  underCoverHourCost: string;
  overCoverHourCost: string;
  preferNotCost: string;
}

const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
/** A typed number; '' or text becomes NaN so the contract names the field. */
const numberOf = (text: string) =>
  text.trim() === '' ? Number.NaN : Number(text.replace(',', '.'));
const minutesOf = (hoursText: string) => Math.round(numberOf(hoursText) * 60);

export function settingsToForm(settings: DemandSettings): SettingsFormValues {
  return {
    intervalMinutes: String(settings.intervalMinutes),
    serviceLevelPercent: String(settings.serviceLevelPercent),
    answerSeconds: String(settings.answerSeconds),
    shrinkagePercent: String(settings.shrinkagePercent),
    shiftLengthsHours: settings.shiftLengthsMinutes.map(hours).join(', '),
    startStepMinutes: String(settings.startStepMinutes),
    earliestStart: settings.earliestStart,
    latestEnd: settings.latestEnd,
    lunchMinutes: String(settings.lunchMinutes),
    breakDurationMins: String(settings.breakDurationMins),
    minWeekHours: hours(settings.minWeekMinutes),
    maxWeekHours: hours(settings.maxWeekMinutes),
    underCoverHourCost: String(settings.underCoverHourCost),
    overCoverHourCost: String(settings.overCoverHourCost),
    preferNotCost: String(settings.preferNotCost),
  };
}

export function formToSettingsInput(values: SettingsFormValues): DemandSettingsInput {
  // "8, 10" or "8 10" or "8; 10": two lengths; "8,5" (a French decimal) is one.
  const lengths = values.shiftLengthsHours
    .split(/(?:,(?!\d)|[;\s])+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return {
    intervalMinutes: numberOf(values.intervalMinutes) as 15 | 30,
    serviceLevelPercent: numberOf(values.serviceLevelPercent),
    answerSeconds: numberOf(values.answerSeconds),
    shrinkagePercent: numberOf(values.shrinkagePercent),
    shiftLengthsMinutes: lengths.map(minutesOf),
    startStepMinutes: numberOf(values.startStepMinutes) as 15 | 30 | 60,
    earliestStart: values.earliestStart,
    latestEnd: values.latestEnd,
    lunchMinutes: numberOf(values.lunchMinutes),
    breakDurationMins: numberOf(values.breakDurationMins),
    minWeekMinutes: minutesOf(values.minWeekHours),
    maxWeekMinutes: minutesOf(values.maxWeekHours),
    underCoverHourCost: numberOf(values.underCoverHourCost),
    overCoverHourCost: numberOf(values.overCoverHourCost),
    preferNotCost: numberOf(values.preferNotCost),
  };
}
