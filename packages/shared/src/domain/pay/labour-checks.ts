import {
  DEFAULT_TIME_ZONE,
  shiftDate,
  startOfBusinessDay,
  toBusinessDate,
} from '../business-time.ts';
import { workWeekInstants, workWeekStartDate } from './work-week.ts';

/**
 * ESA limits on hours of work (issue #14 §4) as pure checks over one person's worked intervals.
 * Every check measures real elapsed time between UTC instants, so a night across a DST change is
 * as long as it really was (the spring-forward night is an hour shorter than the clock says), and
 * an overnight shift needs no special case. Each check returns findings naming the interval, day
 * or week they concern; an empty list means nothing to flag.
 *
 * The caller passes all work around the span being checked: time not covered by an interval is
 * taken as time off. Overlapping or touching intervals are merged first, so no minute of work is
 * ever counted twice. Minutes in findings are whole minutes (seconds dropped); comparisons with
 * the limits use exact milliseconds.
 *
 * Exceptions the Act allows (written agreements, split-shift and emergency rules, sector rules)
 * are not applied here, except the excess-hours agreement flag of the 48-hour check: a later layer
 * decides which findings become timesheet exceptions.
 */

/** One stretch of work (never breaks) between two ISO instants; `end` after `start`. */
export interface WorkInterval {
  start: string;
  end: string;
}

/** An eating period (ISO instants); may lie inside a work interval when the meal is paid. */
export type EatingPeriod = WorkInterval;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const EATING_PERIOD_MIN_MS = 30 * MINUTE;
export const MAX_WORK_WITHOUT_EATING_MS = 5 * HOUR;
export const DAILY_REST_MIN_MS = 11 * HOUR;
export const REST_BETWEEN_SHIFTS_MIN_MS = 8 * HOUR;
export const WEEKLY_REST_MIN_MS = 24 * HOUR;
export const BIWEEKLY_REST_MIN_MS = 48 * HOUR;
export const WEEKLY_HOURS_MAX_MS = 48 * HOUR;
/** A gap shorter than this between work intervals is a break inside one shift. */
export const DEFAULT_SHIFT_GAP_MINUTES = 180;

interface Span {
  start: number;
  end: number;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function wholeMinutes(ms: number): number {
  return Math.floor(ms / MINUTE);
}

/** Sorted, with overlapping or touching spans merged (so a minute is never counted twice). */
function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

function toSpans(intervals: readonly WorkInterval[]): Span[] {
  const spans = intervals.map((interval) => {
    const start = Date.parse(interval.start);
    const end = Date.parse(interval.end);
    if (Number.isNaN(start) || Number.isNaN(end) || end < start) {
      throw new RangeError(`Not an interval: ${interval.start} – ${interval.end}`);
    }
    return { start, end };
  });
  return mergeSpans(spans.filter((span) => span.end > span.start));
}

function overlaps(spans: readonly Span[], window: Span): boolean {
  return spans.some((span) => span.start < window.end && span.end > window.start);
}

/** The longest stretch inside `window` not covered by work (window edges count as off). */
function longestOffWithin(work: readonly Span[], window: Span): number {
  let cursor = window.start;
  let longest = 0;
  for (const span of work) {
    if (span.end <= window.start || span.start >= window.end) continue;
    longest = Math.max(longest, Math.max(span.start, window.start) - cursor);
    cursor = Math.max(cursor, Math.min(span.end, window.end));
  }
  return Math.max(longest, window.end - cursor);
}

function workedWithin(work: readonly Span[], window: Span): number {
  return work.reduce(
    (total, span) =>
      total + Math.max(0, Math.min(span.end, window.end) - Math.max(span.start, window.start)),
    0,
  );
}

// ---------------------------------------------------------------------------------------------
// 1. No more than 5 hours of work in a row without a 30-minute eating period.

export interface MissingEatingPeriodFinding {
  kind: 'missing-eating-period';
  /** The run of work with no eating period of 30 minutes or more in it. */
  start: string;
  end: string;
  /** Work in the run; short breaks inside it are not counted, but do not reset it either. */
  workedMinutes: number;
  /** When the run reached 5 hours of work: everything after is over the limit. */
  fiveHoursReachedAt: string;
}

/**
 * Runs of work longer than 5 hours with no eating period. A stretch off of 30 minutes or more
 * counts as an eating period, whether it is a gap between work intervals (unpaid) or a listed
 * eating period inside one (paid); both together count when they touch. A shorter break does not
 * reset the run (the ESA's coffee break is not an eating period), and its minutes are not work
 * (a listed eating period of any length is time off for this check).
 * Splitting the eating period in two by agreement is not modelled.
 */
export function findMissingEatingPeriods(
  work: readonly WorkInterval[],
  eatingPeriods: readonly EatingPeriod[] = [],
): MissingEatingPeriodFinding[] {
  const spans = toSpans(work);
  const gaps = spans.slice(1).map((span, i) => ({ start: spans[i]!.end, end: span.start }));
  const allRest = mergeSpans([...gaps, ...toSpans(eatingPeriods)]);
  const breaks = allRest.filter((span) => span.end - span.start >= EATING_PERIOD_MIN_MS);

  // Work minus every break (a short one is not work either), then grouped into runs that only
  // the qualifying breaks split.
  const pieces: Span[] = [];
  for (const span of spans) {
    let cursor = span.start;
    for (const rest of allRest) {
      if (rest.end <= cursor || rest.start >= span.end) continue;
      if (rest.start > cursor) pieces.push({ start: cursor, end: rest.start });
      cursor = Math.max(cursor, rest.end);
    }
    if (cursor < span.end) pieces.push({ start: cursor, end: span.end });
  }
  const runs: Span[][] = [];
  for (const piece of pieces) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    const resetBetween =
      previous !== undefined &&
      breaks.some((rest) => rest.start >= previous.end && rest.end <= piece.start);
    if (run && !resetBetween) run.push(piece);
    else runs.push([piece]);
  }

  const findings: MissingEatingPeriodFinding[] = [];
  for (const run of runs) {
    const worked = run.reduce((total, piece) => total + piece.end - piece.start, 0);
    if (worked <= MAX_WORK_WITHOUT_EATING_MS) continue;
    let remaining = MAX_WORK_WITHOUT_EATING_MS;
    let reachedAt = run[0]!.start;
    for (const piece of run) {
      const length = piece.end - piece.start;
      if (length >= remaining) {
        reachedAt = piece.start + remaining;
        break;
      }
      remaining -= length;
    }
    findings.push({
      kind: 'missing-eating-period',
      start: iso(run[0]!.start),
      end: iso(run[run.length - 1]!.end),
      workedMinutes: wholeMinutes(worked),
      fiveHoursReachedAt: iso(reachedAt),
    });
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// 2. At least 11 consecutive hours off in each day.

export interface ShortDailyRestFinding {
  kind: 'short-daily-rest';
  /** The business day whose 24 hours are checked. */
  businessDate: string;
  windowStart: string;
  windowEnd: string;
  longestOffMinutes: number;
}

/**
 * Days whose longest stretch off is under 11 hours. The ESA's "day" is a 24-hour period the
 * employer fixes. By default, for each business day, the 24 real hours from its local midnight
 * in the business time zone (on the spring-forward day the window runs to 01:00 of the next day;
 * on the fall-back day it ends at 23:00). Pass `dayStarts` (business date → ISO instant) to start
 * a day's window elsewhere, e.g. at the person's scheduled shift start: with midnight windows an
 * ordinary 09:00–17:00 day has 9 h and 7 h off either side and would be flagged. Off time is
 * clipped to the window. Days without any work in their window are not checked.
 */
export function findShortDailyRest(
  work: readonly WorkInterval[],
  timeZone: string = DEFAULT_TIME_ZONE,
  dayStarts?: ReadonlyMap<string, string>,
): ShortDailyRestFinding[] {
  const spans = toSpans(work);
  const first = spans[0];
  const last = spans[spans.length - 1];
  if (!first || !last) return [];
  const findings: ShortDailyRestFinding[] = [];
  // A 24-hour window can reach an hour into the next day, so start one day early.
  const lastDate = toBusinessDate(last.end, timeZone);
  for (let date = shiftDate(toBusinessDate(first.start, timeZone), -1); date <= lastDate;) {
    const chosen = dayStarts?.get(date);
    const start = chosen ? Date.parse(chosen) : startOfBusinessDay(date, timeZone).getTime();
    const window = { start, end: start + 24 * HOUR };
    if (overlaps(spans, window)) {
      const longest = longestOffWithin(spans, window);
      if (longest < DAILY_REST_MIN_MS) {
        findings.push({
          kind: 'short-daily-rest',
          businessDate: date,
          windowStart: iso(window.start),
          windowEnd: iso(window.end),
          longestOffMinutes: wholeMinutes(longest),
        });
      }
    }
    date = shiftDate(date, 1);
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// 3. At least 8 hours off between shifts.

export interface ShortRestBetweenShiftsFinding {
  kind: 'short-rest-between-shifts';
  previousShiftEnd: string;
  nextShiftStart: string;
  offMinutes: number;
}

/**
 * Gaps under 8 hours between shifts. A shift is work intervals joined by gaps shorter than
 * `shiftGapMinutes` (default 3 h: a lunch or a short split is a break inside a shift, not a rest
 * between shifts), so only gaps of at least that long are compared with the 8 hours.
 */
/** Two successive shifts longer than this together need the 8 hours between them. */
const SUCCESSIVE_SHIFTS_LIMIT_MS = 13 * 60 * MINUTE;

export function findShortRestBetweenShifts(
  work: readonly WorkInterval[],
  shiftGapMinutes: number = DEFAULT_SHIFT_GAP_MINUTES,
): ShortRestBetweenShiftsFinding[] {
  // A shift: spans of work with gaps shorter than shiftGapMinutes between them (breaks).
  const shifts: { start: number; end: number; workedMs: number }[] = [];
  for (const span of toSpans(work)) {
    const last = shifts.at(-1);
    if (last && span.start - last.end < shiftGapMinutes * MINUTE) {
      last.end = span.end;
      last.workedMs += span.end - span.start;
    } else {
      shifts.push({ start: span.start, end: span.end, workedMs: span.end - span.start });
    }
  }
  const findings: ShortRestBetweenShiftsFinding[] = [];
  for (let i = 1; i < shifts.length; i += 1) {
    const previous = shifts[i - 1]!;
    const next = shifts[i]!;
    const off = next.start - previous.end;
    // ESA s. 18(3): the 8 hours are owed only when the two shifts together exceed 13 hours.
    const isLongPair = previous.workedMs + next.workedMs > SUCCESSIVE_SHIFTS_LIMIT_MS;
    if (off < REST_BETWEEN_SHIFTS_MIN_MS && isLongPair) {
      findings.push({
        kind: 'short-rest-between-shifts',
        previousShiftEnd: iso(previous.end),
        nextShiftStart: iso(next.start),
        offMinutes: wholeMinutes(off),
      });
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// 4. 24 consecutive hours off each work week, or 48 in every period of 2 consecutive work weeks.

export interface WorkWeekOptions {
  /** Weekday the work week starts on, 0 = Sunday … 6 = Saturday (at local midnight). */
  weekStartsOn: number;
  timeZone?: string;
}

export interface MissingWeeklyRestFinding {
  kind: 'missing-weekly-rest';
  /** First day of the period checked: one work week, or two for the 48-hour rule. */
  periodStartDate: string;
  periodStart: string;
  periodEnd: string;
  requiredOffMinutes: number;
  longestOffMinutes: number;
}

/** The real-time windows of consecutive periods of `weeks` work weeks that hold any work. */
function periodsWithWork(
  spans: readonly Span[],
  firstPeriodStartDate: string,
  weeks: number,
  timeZone: string,
): { startDate: string; window: Span }[] {
  const first = spans[0];
  const last = spans[spans.length - 1];
  if (!first || !last) return [];
  const periods: { startDate: string; window: Span }[] = [];
  for (let startDate = firstPeriodStartDate; ; startDate = shiftDate(startDate, 7 * weeks)) {
    const start = workWeekInstants(startDate, timeZone).start.getTime();
    if (start >= last.end) break;
    const end = startOfBusinessDay(shiftDate(startDate, 7 * weeks), timeZone).getTime();
    if (overlaps(spans, { start, end })) periods.push({ startDate, window: { start, end } });
  }
  return periods;
}

function restFindings(
  spans: readonly Span[],
  periods: { startDate: string; window: Span }[],
  required: number,
): MissingWeeklyRestFinding[] {
  return periods.flatMap(({ startDate, window }) => {
    const longest = longestOffWithin(spans, window);
    if (longest >= required) return [];
    return [
      {
        kind: 'missing-weekly-rest' as const,
        periodStartDate: startDate,
        periodStart: iso(window.start),
        periodEnd: iso(window.end),
        requiredOffMinutes: wholeMinutes(required),
        longestOffMinutes: wholeMinutes(longest),
      },
    ];
  });
}

/**
 * Work weeks without 24 consecutive hours off. The rest must lie inside the week (a weekend
 * spanning the week boundary counts in each week only for its own part).
 */
export function findMissingWeeklyRest(
  work: readonly WorkInterval[],
  options: WorkWeekOptions,
): MissingWeeklyRestFinding[] {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const spans = toSpans(work);
  const first = spans[0];
  if (!first) return [];
  const firstWeek = workWeekStartDate(toBusinessDate(first.start, timeZone), options.weekStartsOn);
  return restFindings(spans, periodsWithWork(spans, firstWeek, 1, timeZone), WEEKLY_REST_MIN_MS);
}

/**
 * The alternative rule: 48 consecutive hours off in every period of two consecutive work weeks.
 * Periods are fixed, back to back, counted from `firstPeriodStartDate` (a work-week start the
 * caller picks, e.g. the pay-period anchor); work before it is not checked.
 */
export function findMissingBiweeklyRest(
  work: readonly WorkInterval[],
  options: { firstPeriodStartDate: string; timeZone?: string },
): MissingWeeklyRestFinding[] {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const spans = toSpans(work);
  const periods = periodsWithWork(spans, options.firstPeriodStartDate, 2, timeZone);
  return restFindings(spans, periods, BIWEEKLY_REST_MIN_MS);
}

/**
 * The employer's choice for weekly rest (ESA s. 18(4)), made per overtime rule set:
 * `weekly_24`, (a) 24 consecutive hours off in each work week; `biweekly_48`, (b) 48 consecutive
 * hours off in every period of two consecutive work weeks.
 */
export const WEEKLY_REST_RULES = ['weekly_24', 'biweekly_48'] as const;
export type WeeklyRestRule = (typeof WEEKLY_REST_RULES)[number];

/** The pairs of work weeks are counted from this date's work week when no anchor is given. */
export const DEFAULT_REST_PAIR_ANCHOR = '2026-01-04';

/**
 * The first day of the two-week rest period holding `date`. Pairs of work weeks are fixed and
 * back to back: the work week containing `anchorDate` starts one, and a pair starts every 14 days
 * before and after it. With a bi-weekly pay calendar whose anchor is a work-week start, the pairs
 * are the pay periods.
 */
export function twoWeekRestPeriodStart(
  date: string,
  weekStartsOn: number,
  anchorDate: string = DEFAULT_REST_PAIR_ANCHOR,
): string {
  const anchorWeek = workWeekStartDate(anchorDate, weekStartsOn);
  const week = workWeekStartDate(date, weekStartsOn);
  const weeksApart = Math.round(
    (Date.parse(`${week}T00:00:00Z`) - Date.parse(`${anchorWeek}T00:00:00Z`)) / (7 * 24 * HOUR),
  );
  return weeksApart % 2 === 0 ? week : shiftDate(week, -7);
}

/**
 * Weekly rest under the rule each work week is under (`ruleOn`: one rule, or the rule in force on
 * a week's first day, e.g. from the person's rule set). Pairs of work weeks are those of
 * twoWeekRestPeriodStart. A pair whose two weeks are both under (b) needs 48 consecutive hours off
 * somewhere inside the pair (the rest may straddle the middle boundary); otherwise each of its
 * weeks that holds work needs 24 consecutive hours off inside itself, so a change of rule set
 * between the two weeks of a pair falls back to the stricter-per-week rule (a).
 */
export function findMissingRestByRule(
  work: readonly WorkInterval[],
  options: WorkWeekOptions & {
    ruleOn: WeeklyRestRule | ((weekStartDate: string) => WeeklyRestRule);
    pairAnchorDate?: string;
  },
): MissingWeeklyRestFinding[] {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const spans = toSpans(work);
  const first = spans[0];
  if (!first) return [];
  const ruleOn = options.ruleOn;
  const ruleOf = (weekStartDate: string) =>
    typeof ruleOn === 'function' ? ruleOn(weekStartDate) : ruleOn;
  const firstPair = twoWeekRestPeriodStart(
    toBusinessDate(first.start, timeZone),
    options.weekStartsOn,
    options.pairAnchorDate,
  );
  return periodsWithWork(spans, firstPair, 2, timeZone).flatMap((pair) => {
    const secondWeek = shiftDate(pair.startDate, 7);
    if (ruleOf(pair.startDate) === 'biweekly_48' && ruleOf(secondWeek) === 'biweekly_48') {
      return restFindings(spans, [pair], BIWEEKLY_REST_MIN_MS);
    }
    const weeks = [pair.startDate, secondWeek].flatMap((startDate) => {
      const { start, end } = workWeekInstants(startDate, timeZone);
      const window = { start: start.getTime(), end: end.getTime() };
      return overlaps(spans, window) ? [{ startDate, window }] : [];
    });
    return restFindings(spans, weeks, WEEKLY_REST_MIN_MS);
  });
}

// ---------------------------------------------------------------------------------------------
// 5. No more than 48 hours of work in a work week without an excess-hours agreement.

export interface WeeklyWork {
  weekStartDate: string;
  workedMinutes: number;
}

/** Work per work week, split at the week boundary by real time (an overnight shift splits). */
export function workedMinutesPerWeek(
  work: readonly WorkInterval[],
  options: WorkWeekOptions,
): WeeklyWork[] {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const spans = toSpans(work);
  const first = spans[0];
  if (!first) return [];
  const firstWeek = workWeekStartDate(toBusinessDate(first.start, timeZone), options.weekStartsOn);
  return periodsWithWork(spans, firstWeek, 1, timeZone).map(({ startDate, window }) => ({
    weekStartDate: startDate,
    workedMinutes: wholeMinutes(workedWithin(spans, window)),
  }));
}

export interface ExcessWeeklyHoursFinding {
  kind: 'excess-weekly-hours';
  weekStartDate: string;
  weekStart: string;
  weekEnd: string;
  workedMinutes: number;
}

/**
 * Work weeks over 48 hours of work; none for a week an excess-hours agreement is on file for.
 * `hasExcessHoursAgreement` is either one answer for every week or a question asked per work week
 * (by the week's first date), e.g. agreements.ts's weekCoveredBy.
 */
export function findExcessWeeklyHours(
  work: readonly WorkInterval[],
  options: WorkWeekOptions & {
    hasExcessHoursAgreement: boolean | ((weekStartDate: string) => boolean);
  },
): ExcessWeeklyHoursFinding[] {
  const agreed = options.hasExcessHoursAgreement;
  if (agreed === true) return [];
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const spans = toSpans(work);
  const first = spans[0];
  if (!first) return [];
  const firstWeek = workWeekStartDate(toBusinessDate(first.start, timeZone), options.weekStartsOn);
  return periodsWithWork(spans, firstWeek, 1, timeZone).flatMap(({ startDate, window }) => {
    const worked = workedWithin(spans, window);
    if (worked <= WEEKLY_HOURS_MAX_MS) return [];
    if (typeof agreed === 'function' && agreed(startDate)) return [];
    return [
      {
        kind: 'excess-weekly-hours' as const,
        weekStartDate: startDate,
        weekStart: iso(window.start),
        weekEnd: iso(window.end),
        workedMinutes: wholeMinutes(worked),
      },
    ];
  });
}
