import { describe, expect, it } from 'vitest';
import { minutesLateToday } from './lateness.ts';

const TODAY = '2026-06-10';
const START = new Date('2026-06-10T13:00:00.000Z');
const END = new Date('2026-06-10T21:00:00.000Z');
const at = (minutesAfterStart: number) => new Date(START.getTime() + minutesAfterStart * 60_000);
const clockIn = (minutesAfterStart: number) => ({
  eventType: 'clock_in' as const,
  occurredAt: at(minutesAfterStart).toISOString(),
});
const person = (events: ReturnType<typeof clockIn>[], date = TODAY) => ({
  shifts: [{ date, start: START, end: END }],
  events,
});

describe('minutesLateToday', () => {
  it('is null with no shift today, or before the shift starts', () => {
    expect(minutesLateToday(person([], '2026-06-09'), TODAY, 5, at(60))).toBeNull();
    expect(minutesLateToday(person([]), TODAY, 5, at(-1))).toBeNull();
  });

  it('is null for an on-time or early clock-in, and within the grace minutes', () => {
    expect(minutesLateToday(person([clockIn(-10)]), TODAY, 5, at(60))).toBeNull();
    expect(minutesLateToday(person([clockIn(0)]), TODAY, 5, at(60))).toBeNull();
    expect(minutesLateToday(person([clockIn(4)]), TODAY, 5, at(60))).toBeNull();
  });

  it('counts the minutes to the first clock-in once they reach the grace minutes', () => {
    expect(minutesLateToday(person([clockIn(5)]), TODAY, 5, at(60))).toEqual({
      minutesLate: 5,
      stillOut: false,
    });
    expect(minutesLateToday(person([clockIn(22), clockIn(40)]), TODAY, 5, at(60))).toEqual({
      minutesLate: 22,
      stillOut: false,
    });
  });

  it('counts up to now while they are still out, and stops at the shift end', () => {
    expect(minutesLateToday(person([]), TODAY, 5, at(30))).toEqual({
      minutesLate: 30,
      stillOut: true,
    });
    expect(minutesLateToday(person([]), TODAY, 5, at(600))).toEqual({
      minutesLate: 480,
      stillOut: true,
    });
  });

  it('ignores a clock-in more than three hours before the shift (an earlier shift)', () => {
    expect(minutesLateToday(person([clockIn(-181)]), TODAY, 5, at(30))).toEqual({
      minutesLate: 30,
      stillOut: true,
    });
    expect(minutesLateToday(person([clockIn(-180)]), TODAY, 5, at(30))).toBeNull();
  });
});
