// The interval grid of a team's week (#31): real instants, so DST days have 46 or 50 half-hours.
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { intervalsOfDay, type Interval } from '@punchclock/shared/domain/demand/coverage';
import { getWeekDates } from '@punchclock/shared/domain/schedule';

export interface WeekGrid {
  /** The Sunday the week starts. */
  weekStart: string;
  days: { date: string; intervals: Interval[] }[];
  from: string;
  to: string;
}

/** The Sunday-started week holding `anyDay`, each day cut into `minutes` intervals. */
export function weekGrid(anyDay: string, minutes: number, timeZone: string): WeekGrid {
  const dates = getWeekDates(anyDay);
  const days = dates.map((date) => ({ date, intervals: intervalsOfDay(date, minutes, timeZone) }));
  const from = dates[0] ?? anyDay;
  return { weekStart: from, days, from, to: dates[6] ?? anyDay };
}

/** The interval of the team's grid that starts at `startsAt`, with its business day; else null. */
export function intervalStartingAt(
  startsAt: Date,
  minutes: number,
  timeZone: string,
): { date: string; interval: Interval } | null {
  const date = toBusinessDate(startsAt, timeZone);
  const interval = intervalsOfDay(date, minutes, timeZone).find(
    (candidate) => candidate.start.getTime() === startsAt.getTime(),
  );
  return interval ? { date, interval } : null;
}

/** Minutes from the business day's midnight to the interval's start (the forecast's key). */
export function minutesIntoDay(day: { intervals: Interval[] }, interval: Interval): number {
  const midnight = day.intervals[0]?.start.getTime() ?? interval.start.getTime();
  return Math.round((interval.start.getTime() - midnight) / 60_000);
}

export const intervalMinutesOf = (interval: Interval) =>
  Math.round((interval.end.getTime() - interval.start.getTime()) / 60_000);
