import { sortEvents, type TimedEvent } from './time-state.ts';

export interface DaySummary {
  firstClockIn: string | null;
  lastClockOut: string | null;
  /** Paid time: working plus breaks (breaks are paid, lunch is not). */
  workedMinutes: number;
  breakMinutes: number;
  lunchMinutes: number;
  /** True when the last event leaves the person working, on break or at lunch. */
  isOpen: boolean;
}

/**
 * Totals for one day's punches. Each stretch between two events belongs to the state the
 * earlier event started. An open stretch counts up to `untilMs` (now, for today) or not at all.
 */
export function summariseDay(events: readonly TimedEvent[], untilMs: number | null): DaySummary {
  const sorted = sortEvents(events);
  let workingMs = 0;
  let breakMs = 0;
  let lunchMs = 0;
  sorted.forEach((event, index) => {
    if (event.eventType === 'clock_out') return;
    const next = sorted[index + 1];
    const endMs = next ? Date.parse(next.occurredAt) : untilMs;
    if (endMs === null) return;
    const duration = Math.max(0, endMs - Date.parse(event.occurredAt));
    if (event.eventType === 'clock_in') workingMs += duration;
    else if (event.eventType === 'break') breakMs += duration;
    else lunchMs += duration;
  });
  const last = sorted.at(-1);
  const toMinutes = (ms: number) => Math.floor(ms / 60_000);
  return {
    firstClockIn: sorted.find((event) => event.eventType === 'clock_in')?.occurredAt ?? null,
    lastClockOut: sorted.findLast((event) => event.eventType === 'clock_out')?.occurredAt ?? null,
    workedMinutes: toMinutes(workingMs + breakMs),
    breakMinutes: toMinutes(breakMs),
    lunchMinutes: toMinutes(lunchMs),
    isOpen: last !== undefined && last.eventType !== 'clock_out',
  };
}
