import { describe, expect, it } from 'vitest';
import { summariseDay } from './day-summary.ts';
import type { TimedEvent, TimeEventType } from './time-state.ts';

const DATE = '2026-11-20';

/** An event at Toronto local time hh:mm on 2026-11-20 (EST, UTC-5). */
function at(eventType: TimeEventType, localTime: string): TimedEvent {
  return { eventType, occurredAt: `${DATE}T${localTime}:00-05:00`, date: DATE };
}

const MINUTE = 60_000;

describe('summariseDay', () => {
  it('is empty with no events', () => {
    expect(summariseDay([], null)).toEqual({
      firstClockIn: null,
      lastClockOut: null,
      workedMinutes: 0,
      breakMinutes: 0,
      lunchMinutes: 0,
      isOpen: false,
    });
  });

  it('pays breaks and not lunch', () => {
    const events = [
      at('clock_in', '09:00'),
      at('break', '10:30'),
      at('clock_in', '10:45'),
      at('lunch', '12:00'),
      at('clock_in', '12:30'),
      at('clock_out', '17:00'),
    ];
    // Working 1:30 + 1:15 + 4:30 = 7:15, plus the 15-minute paid break.
    expect(summariseDay(events, null)).toEqual({
      firstClockIn: events[0]?.occurredAt,
      lastClockOut: events[5]?.occurredAt,
      workedMinutes: 7 * 60 + 15 + 15,
      breakMinutes: 15,
      lunchMinutes: 30,
      isOpen: false,
    });
  });

  it('does not depend on the order the events are given in', () => {
    const events = [
      at('clock_out', '12:00'),
      at('break', '10:00'),
      at('clock_in', '08:00'),
      at('clock_in', '10:20'),
    ];
    expect(summariseDay(events, null)).toMatchObject({
      firstClockIn: `${DATE}T08:00:00-05:00`,
      lastClockOut: `${DATE}T12:00:00-05:00`,
      workedMinutes: 240,
      breakMinutes: 20,
      lunchMinutes: 0,
    });
  });

  it('counts an open day up to untilMs', () => {
    const events = [at('clock_in', '09:00'), at('lunch', '12:00')];
    const until = Date.parse(`${DATE}T12:20:00-05:00`);
    expect(summariseDay(events, until)).toEqual({
      firstClockIn: events[0]?.occurredAt,
      lastClockOut: null,
      workedMinutes: 180,
      breakMinutes: 0,
      lunchMinutes: 20,
      isOpen: true,
    });
  });

  it('counts an open break up to untilMs as paid time', () => {
    const events = [at('clock_in', '09:00'), at('break', '10:00')];
    const until = Date.parse(`${DATE}T10:07:30-05:00`);
    expect(summariseDay(events, until)).toMatchObject({
      workedMinutes: 67,
      breakMinutes: 7,
      isOpen: true,
    });
  });

  it('ignores the open stretch when untilMs is null', () => {
    const events = [at('clock_in', '09:00'), at('break', '10:00')];
    expect(summariseDay(events, null)).toEqual({
      firstClockIn: events[0]?.occurredAt,
      lastClockOut: null,
      workedMinutes: 60,
      breakMinutes: 0,
      lunchMinutes: 0,
      isOpen: true,
    });
  });

  it('does not count the time between a clock-out and the next clock-in', () => {
    const events = [
      at('clock_in', '08:00'),
      at('clock_out', '10:00'),
      at('clock_in', '13:00'),
      at('clock_out', '14:30'),
    ];
    const summary = summariseDay(events, Date.parse(`${DATE}T20:00:00-05:00`));
    expect(summary).toMatchObject({
      firstClockIn: `${DATE}T08:00:00-05:00`,
      lastClockOut: `${DATE}T14:30:00-05:00`,
      workedMinutes: 210,
      isOpen: false,
    });
  });

  it('rounds each total down to whole minutes from the summed milliseconds', () => {
    const start = Date.parse(`${DATE}T09:00:00-05:00`);
    const iso = (ms: number) => new Date(ms).toISOString();
    const events: TimedEvent[] = [
      { eventType: 'clock_in', occurredAt: iso(start), date: DATE },
      { eventType: 'break', occurredAt: iso(start + 30 * 1000), date: DATE },
      { eventType: 'clock_in', occurredAt: iso(start + 60 * 1000 + 30 * 1000), date: DATE },
      { eventType: 'clock_out', occurredAt: iso(start + 2 * MINUTE), date: DATE },
    ];
    // 30 s + 30 s working and 60 s of break: 2 minutes paid, 1 of them break.
    expect(summariseDay(events, null)).toMatchObject({ workedMinutes: 2, breakMinutes: 1 });
  });

  it('never counts negative time for an until before the last event', () => {
    const events = [at('clock_in', '09:00')];
    expect(summariseDay(events, Date.parse(`${DATE}T08:00:00-05:00`)).workedMinutes).toBe(0);
  });
});
