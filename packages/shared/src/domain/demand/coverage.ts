import { TZDate } from '@date-fns/tz';
import { shiftDate, startOfBusinessDay } from '../business-time.ts';

/**
 * Coverage (#31 item 4): how many people a plan puts on each interval of a business day, and
 * where it falls short of what is required. Intervals are real stretches of time from the
 * business day's midnight to the next one, so a DST day has 46 or 50 half-hours, not 48. Pure.
 */

export interface Interval {
  start: Date;
  end: Date;
  /** "HH:mm" on the business clock (on the fall-back night 01:00 and 01:30 come twice). */
  label: string;
}

/** The day's intervals of `minutes` (15 or 30), midnight to midnight in the business zone. */
export function intervalsOfDay(date: string, minutes: number, timeZone: string): Interval[] {
  if (!Number.isInteger(minutes) || minutes <= 0 || 1440 % minutes !== 0) {
    throw new RangeError('minutes: a whole divisor of a day');
  }
  const first = startOfBusinessDay(date, timeZone).getTime();
  const last = startOfBusinessDay(shiftDate(date, 1), timeZone).getTime();
  const step = minutes * 60_000;
  const intervals: Interval[] = [];
  for (let start = first; start < last; start += step) {
    const local = new TZDate(start, timeZone);
    const label = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    intervals.push({ start: new Date(start), end: new Date(Math.min(start + step, last)), label });
  }
  return intervals;
}

/** A planned (or worked) stretch: on contacts from start to end, except an unpaid lunch. */
export interface CoverageShift {
  start: Date;
  end: Date;
  lunch?: { start: Date; end: Date } | null;
}

const overlap = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
  Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));

/**
 * People on each interval, in people-equivalents: a shift covering half an interval counts 0.5,
 * and its lunch does not count.
 */
export function coverageOf(
  shifts: readonly CoverageShift[],
  intervals: readonly Interval[],
): number[] {
  return intervals.map((interval) => {
    const from = interval.start.getTime();
    const to = interval.end.getTime();
    const length = to - from;
    let people = 0;
    for (const shift of shifts) {
      let covered = overlap(shift.start.getTime(), shift.end.getTime(), from, to);
      if (shift.lunch) {
        covered -= overlap(
          Math.max(shift.lunch.start.getTime(), shift.start.getTime()),
          Math.min(shift.lunch.end.getTime(), shift.end.getTime()),
          from,
          to,
        );
      }
      people += covered / length;
    }
    return people;
  });
}

export interface CoverageGap {
  /** People short on each interval (0 where the plan covers the requirement). */
  shortBy: number[];
  /** People more than required on each interval. */
  overBy: number[];
  /** Share of the required people-intervals the plan covers (1 when nothing is required). */
  coveredShare: number;
}

/** Required against planned, interval by interval. */
export function coverageGap(required: readonly number[], planned: readonly number[]): CoverageGap {
  if (required.length !== planned.length) throw new RangeError('one figure per interval each');
  const shortBy = required.map((need, index) => Math.max(0, need - (planned[index] ?? 0)));
  const overBy = required.map((need, index) => Math.max(0, (planned[index] ?? 0) - need));
  const needed = required.reduce((sum, need) => sum + need, 0);
  const short = shortBy.reduce((sum, gap) => sum + gap, 0);
  return { shortBy, overBy, coveredShare: needed === 0 ? 1 : (needed - short) / needed };
}
