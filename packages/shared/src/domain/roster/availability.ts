import type {
  AvailabilityKind,
  DayAvailability,
  WeeklyAvailabilityRule,
} from '../../contracts/rosters.ts';
import { businessInstant, shiftDate, startOfBusinessDay } from '../business-time.ts';
import { timeToMinutes, weekdayOf } from '../schedule.ts';

/**
 * A person's availability (#30, decision 0047): a weekly pattern of ranges (available, prefer not,
 * unavailable) and one-off exceptions. Unstated time is available; a date's exceptions replace
 * the weekly rules of its weekday; a range with both times null is the whole day; an end not
 * after the start runs to midnight.
 */
export interface AvailabilityRange {
  kind: AvailabilityKind;
  startTime: string | null;
  endTime: string | null;
}

export type AvailabilityException = { date: string } & AvailabilityRange;

/** Where a day's ranges come from: its exceptions, or the weekly rules of its weekday. */
export type AvailabilitySource = 'weekly' | 'exception';

function byStart(a: AvailabilityRange, b: AvailabilityRange): number {
  return (a.startTime ?? '').localeCompare(b.startTime ?? '');
}

/** The ranges of one date and where they come from. */
export function resolveDayAvailabilityWithSource(
  weekly: readonly WeeklyAvailabilityRule[],
  exceptions: readonly AvailabilityException[],
  date: string,
): DayAvailability & { source: AvailabilitySource } {
  const ofDate = exceptions.filter((exception) => exception.date === date);
  const weekday = weekdayOf(date);
  const chosen = ofDate.length > 0 ? ofDate : weekly.filter((rule) => rule.weekday === weekday);
  return {
    date,
    ranges: chosen
      .map(({ kind, startTime, endTime }) => ({ kind, startTime, endTime }))
      .sort(byStart),
    source: ofDate.length > 0 ? 'exception' : 'weekly',
  };
}

/** One date's availability: its exceptions when it has any, else its weekday's weekly rules. */
export function resolveDayAvailability(
  weekly: readonly WeeklyAvailabilityRule[],
  exceptions: readonly AvailabilityException[],
  date: string,
): DayAvailability {
  const { ranges } = resolveDayAvailabilityWithSource(weekly, exceptions, date);
  return { date, ranges };
}

/**
 * The real instants a range of a date covers: the whole day when its times are null, up to
 * midnight when its end is not after its start (DST-correct: the whole of 2026-03-08 is 23 hours
 * in Toronto).
 */
export function availabilityRangeInstants(
  range: AvailabilityRange,
  date: string,
  timeZone: string,
): { start: Date; end: Date } {
  const midnightAfter = startOfBusinessDay(shiftDate(date, 1), timeZone);
  if (range.startTime === null || range.endTime === null) {
    return { start: startOfBusinessDay(date, timeZone), end: midnightAfter };
  }
  const start = businessInstant(date, range.startTime, timeZone);
  const end =
    timeToMinutes(range.endTime) > timeToMinutes(range.startTime)
      ? businessInstant(date, range.endTime, timeZone)
      : midnightAfter;
  return { start, end };
}
