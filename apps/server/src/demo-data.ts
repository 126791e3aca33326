import { randomUUID } from 'node:crypto';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { isWorkingDay, shiftInstants, type ShiftPattern } from '@punchclock/shared/domain/schedule';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { intervalsOfDay } from '@punchclock/shared/domain/demand/coverage';

export { createRandom } from './platform/seeded-random.ts';

export interface GeneratedPunch {
  id: string;
  eventType: TimeEventType;
  occurredAt: Date;
  date: string;
  shiftDate: string;
  source: 'web';
}

const MINUTE = 60_000;

/**
 * Realistic punches for one scheduled day: mostly on time, sometimes late, an occasional long
 * break, early leave, missed clock-out or absence — so reports and analytics have texture.
 */
export function generateShiftPunches(
  pattern: ShiftPattern,
  date: string,
  timeZone: string,
  random: () => number,
): GeneratedPunch[] {
  if (!isWorkingDay(pattern, date) || random() < 0.03) return []; // day off, or absent
  const { start, end } = shiftInstants(pattern, date, timeZone);
  const jitter = (spread: number) => Math.round((random() - 0.5) * spread) * MINUTE;
  const isLate = random() < 0.12;
  const arrive = start.getTime() + (isLate ? (6 + random() * 25) * MINUTE : jitter(8) - 3 * MINUTE);
  const punches: { eventType: TimeEventType; at: number }[] = [
    { eventType: 'clock_in', at: arrive },
  ];
  const shiftMs = end.getTime() - start.getTime();
  const breakAt = start.getTime() + shiftMs * 0.25 + jitter(30);
  const breakLength =
    (pattern.breakDurationMins + (random() < 0.1 ? 5 + random() * 15 : jitter(4) / MINUTE)) *
    MINUTE;
  punches.push(
    { eventType: 'break', at: breakAt },
    { eventType: 'clock_in', at: breakAt + Math.max(MINUTE, breakLength) },
  );
  if (pattern.lunchStart && pattern.lunchEnd) {
    const lunch = shiftInstants(
      { ...pattern, workStart: pattern.lunchStart, workEnd: pattern.lunchEnd },
      date,
      timeZone,
    );
    const lunchStart =
      lunch.start.getTime() < start.getTime()
        ? lunch.start.getTime() + 86_400_000
        : lunch.start.getTime();
    const lunchLength =
      lunch.end.getTime() - lunch.start.getTime() + (random() < 0.08 ? 10 * MINUTE : 0);
    const lunchAt = lunchStart + jitter(10);
    punches.push(
      { eventType: 'lunch', at: lunchAt },
      { eventType: 'clock_in', at: lunchAt + lunchLength },
    );
  }
  if (random() > 0.02) {
    const leavesEarly = random() < 0.06;
    punches.push({
      eventType: 'clock_out',
      at: end.getTime() + (leavesEarly ? -(10 + random() * 40) * MINUTE : jitter(12) + 2 * MINUTE),
    });
  }
  punches.sort((a, b) => a.at - b.at);
  return punches.map((punch) => ({
    id: randomUUID(),
    eventType: punch.eventType,
    occurredAt: new Date(punch.at),
    date: toBusinessDate(punch.at, timeZone),
    shiftDate: date,
    source: 'web' as const,
  }));
}

export function datesFrom(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => shiftDate(from, index));
}

export interface GeneratedWorkload {
  startsAt: Date;
  date: string;
  minutes: number;
  contacts: number;
  ahtSeconds: number;
}

/**
 * Weekday contacts per half-hour from 08:00 to 18:00, with a late-morning and a mid-afternoon
 * peak and some noise, so Demand Planning has history to forecast, compute and auto-fill from.
 * Sized for a team of three (about 1.5 people needed off peak, 3 at the peaks).
 */
export function generateWorkload(
  dates: readonly string[],
  timeZone: string,
  random: () => number,
): GeneratedWorkload[] {
  const rows: GeneratedWorkload[] = [];
  for (const date of dates) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const interval of intervalsOfDay(date, 30, timeZone)) {
      const hour = Number(interval.label.slice(0, 2)) + Number(interval.label.slice(3)) / 60;
      if (hour < 8 || hour >= 18) continue;
      const isPeak = (hour >= 10 && hour < 11.5) || (hour >= 14 && hour < 15.5);
      const base = isPeak ? 6 : 2;
      rows.push({
        startsAt: interval.start,
        date,
        minutes: 30,
        contacts: Math.max(0, Math.round(base + (random() - 0.5) * 2)),
        ahtSeconds: Math.round(170 + random() * 20),
      });
    }
  }
  return rows;
}
