import { shiftDate } from '@punchclock/shared/domain/business-time';
import { intervalsOfDay } from '@punchclock/shared/domain/demand/coverage';
import { createRandom } from '../../../platform/seeded-random.ts';
import type { DemandInterval, ProblemPerson, RosterProblem } from './types.ts';

/**
 * A realistic week for the solver's tests and benchmark (bench/demand.ts): a contact centre open
 * 07:00–22:00 with a morning and an afternoon peak, quieter weekends, demand sized to the people
 * (about 85 % of what they can work), some people with a day off, a prefer-not morning, a
 * weekly minimum. Seeded, so the same arguments give the same week.
 */

export interface SampleOptions {
  people: number;
  seed?: number;
  /** Sunday of the week. */
  weekStart?: string;
  timeZone?: string;
  intervalMinutes?: number;
  /** Paid person-hours of demand per available person-hour (default 0.85). */
  load?: number;
}

export function sampleProblem(options: SampleOptions): RosterProblem {
  const random = createRandom(options.seed ?? 1);
  const timeZone = options.timeZone ?? 'America/Toronto';
  const weekStart = options.weekStart ?? '2026-06-07';
  const minutes = options.intervalMinutes ?? 30;
  const weekDates = Array.from({ length: 7 }, (_, day) => shiftDate(weekStart, day));

  const people: ProblemPerson[] = Array.from({ length: options.people }, (_, index) => {
    const dayOff = random() < 0.3 ? weekDates[Math.floor(random() * 7)]! : null;
    const unavailable = dayOff
      ? intervalsOfDay(dayOff, 1440, timeZone).map((interval) => ({
          start: interval.start.getTime(),
          end: interval.end.getTime(),
        }))
      : [];
    const preferNotDay = random() < 0.2 ? weekDates[Math.floor(random() * 7)]! : null;
    const preferNot = preferNotDay
      ? intervalsOfDay(preferNotDay, 60, timeZone)
          .slice(7, 10)
          .map((interval) => ({ start: interval.start.getTime(), end: interval.end.getTime() }))
      : [];
    return {
      id: `person-${String(index).padStart(4, '0')}`,
      name: `Person ${index + 1}`,
      positions: [],
      hourlyCost: 18 + Math.round(random() * 12),
      overtime: { weeklyThresholdMinutes: 44 * 60, premiumMultiplier: 0.5 },
      minWeekMinutes: random() < 0.3 ? 24 * 60 : 0,
      maxWeekMinutes: 40 * 60,
      unavailable,
      preferNot,
      locked: [],
    };
  });

  // The day's shape: a base, a peak around 10:30 and one around 15:00, nothing before 07:00 or
  // after 22:00; weekends at 60 %.
  const perDayHours = (people.length * 36 * (options.load ?? 0.85)) / (5 + 2 * 0.6);
  const demand: DemandInterval[] = [];
  for (const [day, date] of weekDates.entries()) {
    const intervals = intervalsOfDay(date, minutes, timeZone);
    const shapeOf = (hour: number) =>
      hour < 7 || hour >= 22
        ? 0
        : 0.5 + Math.exp(-(((hour - 10.5) / 1.8) ** 2)) + 0.8 * Math.exp(-(((hour - 15) / 2) ** 2));
    const hours = intervals.map((interval) => {
      const [h, m] = interval.label.split(':').map(Number) as [number, number];
      return h + m / 60 + minutes / 120;
    });
    const weights = hours.map(shapeOf);
    const total = weights.reduce((sum, weight) => sum + weight * (minutes / 60), 0);
    const scale = ((day === 0 || day === 6 ? 0.6 : 1) * perDayHours) / total;
    intervals.forEach((interval, index) => {
      const required = Math.round(weights[index]! * scale * 10) / 10;
      if (required <= 0) return;
      demand.push({
        start: interval.start.getTime(),
        end: interval.end.getTime(),
        position: '',
        required,
      });
    });
  }

  return {
    teamId: 'team',
    timeZone,
    weekDates,
    shape: {
      lengthsMinutes: [480, 240],
      startStepMinutes: 30,
      earliestStart: '07:00',
      latestEnd: '22:00',
      lunchMinutes: 30,
      breakDurationMins: 15,
    },
    demand,
    people,
    costs: { underHour: 60, overHour: 10, preferNotShift: 15 },
    rules: { dailyRestMinutes: 660, betweenShiftsMinutes: 480, weeklyMaxMinutes: 2880 },
    // A sample week is planned whole, whenever it falls.
    notBefore: 0,
  };
}
