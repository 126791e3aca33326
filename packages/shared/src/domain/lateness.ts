import type { ScheduledShift } from './notification-rules.ts';
import type { TimedEvent } from './time-state.ts';

export interface LateArrival {
  minutesLate: number;
  /** True when they have not clocked in yet (the minutes keep growing until the shift ends). */
  stillOut: boolean;
}

const HOUR = 3_600_000;

/**
 * Minutes between today's shift start and the first clock-in for it — a clock-in up to three
 * hours early counts for the shift; without one, the minutes run until now or the shift's end.
 * Null when on time (under the grace minutes), before the shift starts, or with no shift today.
 */
export function minutesLateToday(
  person: {
    shifts: readonly Pick<ScheduledShift, 'date' | 'start' | 'end'>[];
    events: readonly Pick<TimedEvent, 'eventType' | 'occurredAt'>[];
  },
  today: string,
  graceMinutes: number,
  now: Date,
): LateArrival | null {
  const shift = person.shifts.find((candidate) => candidate.date === today);
  if (!shift || now < shift.start) return null;
  const earliest = shift.start.getTime() - 3 * HOUR;
  const firstIn = person.events.find(
    (event) => event.eventType === 'clock_in' && Date.parse(event.occurredAt) >= earliest,
  );
  const arrivedMs = firstIn
    ? Date.parse(firstIn.occurredAt)
    : Math.min(now.getTime(), shift.end.getTime());
  const late = Math.floor((arrivedMs - shift.start.getTime()) / 60_000);
  return late >= graceMinutes ? { minutesLate: late, stillOut: !firstIn } : null;
}
