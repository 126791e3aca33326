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

/**
 * Each interval's clock key (the forecast's): its label, with "#2" for the second occurrence of a
 * label on an autumn DST day ("01:00", "01:00#2"). Minutes since midnight would put 09:00 of a
 * DST day beside another day's 08:00.
 */
export function clockKeysOf(intervals: readonly Interval[]): string[] {
  const seen = new Map<string, number>();
  return intervals.map((interval) => {
    const occurrence = (seen.get(interval.label) ?? 0) + 1;
    seen.set(interval.label, occurrence);
    return occurrence === 1 ? interval.label : `${interval.label}#${occurrence}`;
  });
}

export const intervalMinutesOf = (interval: Interval) =>
  Math.round((interval.end.getTime() - interval.start.getTime()) / 60_000);
