import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  computeDayMetrics,
  DEFAULT_ADHERENCE_RULES,
  type DayInput,
  type DayPlan,
} from './adherence.ts';
import { shiftDate } from './business-time.ts';
import { shiftInstants, type ShiftPattern } from './schedule.ts';
import type { TimedEvent, TimeEventType } from './time-state.ts';

const TZ = 'America/Toronto';
/** A Wednesday in EST (UTC-5), far from any DST change. */
const DAY = '2026-11-18';

const NINE_TO_FIVE: ShiftPattern = {
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: '12:00',
  lunchEnd: '12:30',
  breakDurationMins: 15,
  workingDays: [1, 2, 3, 4, 5],
};
const NIGHT: ShiftPattern = {
  workStart: '22:00',
  workEnd: '06:00',
  lunchStart: '02:00',
  lunchEnd: '02:30',
  breakDurationMins: 15,
  workingDays: [0, 1, 2, 3, 4, 5, 6],
};

/** The instant of a wall-clock time on a date in Toronto. */
function localInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, TZ).getTime());
}

/**
 * The plan of a shift starting on `date`, built independently of the server: shiftInstants for
 * the shift, and the lunch window on the wall clock of the day it falls on (the next day when
 * its time is before the shift's start).
 */
function planOf(pattern: ShiftPattern, date: string): DayPlan {
  const { start, end } = shiftInstants(pattern, date, TZ);
  let lunch: { start: Date; end: Date } | null = null;
  if (pattern.lunchStart && pattern.lunchEnd) {
    const lunchPattern = { ...pattern, workStart: pattern.lunchStart, workEnd: pattern.lunchEnd };
    lunch = shiftInstants(lunchPattern, date, TZ);
    if (lunch.start < start) lunch = shiftInstants(lunchPattern, shiftDate(date, 1), TZ);
  }
  return {
    templateName: 'Test shift',
    start,
    end,
    lunchStart: lunch?.start ?? null,
    lunchEnd: lunch?.end ?? null,
    breakAllowanceMinutes: pattern.breakDurationMins,
  };
}

/** A punch at a Toronto wall-clock time ("HH:mm") on `date`. */
function punch(eventType: TimeEventType, time: string, date = DAY): TimedEvent {
  return { eventType, occurredAt: localInstant(date, time).toISOString(), date };
}

/** Punches from a compact list: [type, "HH:mm"] on DAY. */
const punches = (list: [TimeEventType, string][], date = DAY) =>
  list.map(([type, time]) => punch(type, time, date));

/** On time everywhere: 15-minute break at 10:30, lunch in its window, out at 17:00. */
const ON_TIME: [TimeEventType, string][] = [
  ['clock_in', '09:00'],
  ['break', '10:30'],
  ['clock_in', '10:45'],
  ['lunch', '12:00'],
  ['clock_in', '12:30'],
  ['clock_out', '17:00'],
];

/** Replace the punch of a type at a time with another time (keeps the rest of ON_TIME). */
function onTimeExcept(changes: Record<string, string>): [TimeEventType, string][] {
  return ON_TIME.map(([type, time]) => [type, changes[`${type}@${time}`] ?? time]);
}

const NEXT_MORNING = localInstant(shiftDate(DAY, 1), '08:00');
const plan = planOf(NINE_TO_FIVE, DAY);

function metrics(events: readonly TimedEvent[], overrides: Partial<DayInput> = {}) {
  return computeDayMetrics({ plan, events, now: NEXT_MORNING, ...overrides });
}

describe('computeDayMetrics: a 09:00–17:00 day with lunch 12:00–12:30 and a 15-minute break', () => {
  it('uses the documented default rules', () => {
    expect(DEFAULT_ADHERENCE_RULES).toEqual({
      lateGraceMinutes: 5,
      earlyLeaveGraceMinutes: 5,
      lunchAllowanceMinutes: 30,
    });
  });

  it('scores a day worked exactly to plan at 100 % adherence and conformance', () => {
    expect(metrics(punches(ON_TIME))).toEqual({
      status: 'complete',
      scheduledMinutes: 450,
      workedMinutes: 450,
      breakMinutes: 15,
      lunchMinutes: 30,
      adherentMinutes: 450,
      adherencePct: 100,
      conformancePct: 100,
      lateMinutes: 0,
      earlyLeaveMinutes: 0,
      overbreakMinutes: 0,
      missedClockOut: false,
      unscheduledMinutes: 0,
    });
  });

  it('gives the FIELD-NOTES worked example (9:30–17:30): full conformance, lower adherence', () => {
    const result = metrics(
      punches(onTimeExcept({ 'clock_in@09:00': '09:30', 'clock_out@17:00': '17:30' })),
    );
    expect(result.status).toBe('complete');
    expect(result.workedMinutes).toBe(450);
    expect(result.conformancePct).toBe(100);
    expect(result.lateMinutes).toBe(30);
    // 09:00–09:30 was planned work and nobody was there; 17:00–17:30 is outside the plan.
    expect(result.adherentMinutes).toBe(420);
    expect(result.adherencePct).toBe(93.3);
    expect(result.adherencePct).toBeLessThan(100);
    expect(result.unscheduledMinutes).toBe(30);
    expect(result.earlyLeaveMinutes).toBe(0);
  });

  it('does not call a clock-in within the grace late, and counts those minutes adherent', () => {
    const result = metrics(punches(onTimeExcept({ 'clock_in@09:00': '09:04' })));
    expect(result.lateMinutes).toBe(0);
    expect(result.adherentMinutes).toBe(450);
    expect(result.adherencePct).toBe(100);
    expect(result.workedMinutes).toBe(446);
    expect(result.conformancePct).toBe(99.1);
  });

  it('calls a clock-in just past the grace late by all of its minutes', () => {
    const result = metrics(punches(onTimeExcept({ 'clock_in@09:00': '09:06' })));
    expect(result.lateMinutes).toBe(6);
    expect(result.adherentMinutes).toBe(444);
  });

  it('counts an early leave (16:30) and its missing minutes', () => {
    const result = metrics(punches(onTimeExcept({ 'clock_out@17:00': '16:30' })));
    expect(result.earlyLeaveMinutes).toBe(30);
    expect(result.lateMinutes).toBe(0);
    expect(result.adherentMinutes).toBe(420);
    expect(result.workedMinutes).toBe(420);
    expect(result.adherencePct).toBe(93.3);
  });

  it('lets a clock-out within the early-leave grace pass (16:56)', () => {
    const result = metrics(punches(onTimeExcept({ 'clock_out@17:00': '16:56' })));
    expect(result.earlyLeaveMinutes).toBe(0);
    expect(result.adherentMinutes).toBe(450);
  });

  it('counts an overbreak (25 minutes of 15) and its extra minutes as non-adherent', () => {
    const result = metrics(punches(onTimeExcept({ 'clock_in@10:45': '10:55' })));
    expect(result.breakMinutes).toBe(25);
    expect(result.overbreakMinutes).toBe(10);
    expect(result.adherentMinutes).toBe(440);
    // Breaks are paid: the long break does not reduce worked time.
    expect(result.workedMinutes).toBe(450);
    expect(result.conformancePct).toBe(100);
  });

  it('counts a lunch outside its window as non-adherent', () => {
    const result = metrics(
      punches(onTimeExcept({ 'lunch@12:00': '13:00', 'clock_in@12:30': '13:30' })),
    );
    expect(result.lunchMinutes).toBe(30);
    expect(result.overbreakMinutes).toBe(0);
    // 13:00–13:30 was planned work; working through 12:00–12:30 earns nothing (unpaid window).
    expect(result.adherentMinutes).toBe(420);
    expect(result.scheduledMinutes).toBe(450);
  });

  it('counts a long lunch beyond its window as overbreak', () => {
    const result = metrics(punches(onTimeExcept({ 'clock_in@12:30': '12:45' })));
    expect(result.lunchMinutes).toBe(45);
    expect(result.overbreakMinutes).toBe(15);
    expect(result.adherentMinutes).toBe(435);
  });

  it('without a lunch window lets up to 30 minutes of lunch be taken any time', () => {
    const noWindow = planOf({ ...NINE_TO_FIVE, lunchStart: null, lunchEnd: null }, DAY);
    const lateLunch = punches(onTimeExcept({ 'lunch@12:00': '14:10', 'clock_in@12:30': '14:40' }));
    const result = metrics(lateLunch, { plan: noWindow });
    expect(result.scheduledMinutes).toBe(480);
    expect(result.lunchMinutes).toBe(30);
    expect(result.adherentMinutes).toBe(480);
    expect(result.adherencePct).toBe(100);
    expect(result.overbreakMinutes).toBe(0);

    const longLunch = punches(onTimeExcept({ 'lunch@12:00': '14:10', 'clock_in@12:30': '14:50' }));
    const long = metrics(longLunch, { plan: noWindow });
    expect(long.lunchMinutes).toBe(40);
    expect(long.overbreakMinutes).toBe(10);
    expect(long.adherentMinutes).toBe(470);
  });

  it('flags a missed clock-out once the day is over and counts work to the planned end', () => {
    const events = punches(ON_TIME.slice(0, 5));
    const result = metrics(events);
    expect(result.status).toBe('complete');
    expect(result.missedClockOut).toBe(true);
    expect(result.workedMinutes).toBe(450);
    expect(result.earlyLeaveMinutes).toBe(0);
    expect(result.adherentMinutes).toBe(450);
    expect(result.unscheduledMinutes).toBe(0);
  });

  it('does not flag an open day as a missed clock-out while the shift is running', () => {
    const result = metrics(punches(ON_TIME.slice(0, 5)), { now: localInstant(DAY, '15:00') });
    expect(result.status).toBe('in_progress');
    expect(result.missedClockOut).toBe(false);
    // Counted up to now: 09:00–15:00 less the 30-minute lunch.
    expect(result.workedMinutes).toBe(330);
  });

  it('marks a planned day with no punches absent once it is over', () => {
    expect(metrics([])).toEqual({
      status: 'absent',
      scheduledMinutes: 450,
      workedMinutes: 0,
      breakMinutes: 0,
      lunchMinutes: 0,
      adherentMinutes: 0,
      adherencePct: null,
      conformancePct: null,
      lateMinutes: 0,
      earlyLeaveMinutes: 0,
      overbreakMinutes: 0,
      missedClockOut: false,
      unscheduledMinutes: 0,
    });
  });

  it('scores nothing yet while the plan is still running', () => {
    const events = punches(ON_TIME.slice(0, 3));
    const result = metrics(events, { now: localInstant(DAY, '11:00') });
    expect(result.status).toBe('in_progress');
    expect(result.adherencePct).toBeNull();
    expect(result.conformancePct).toBeNull();
    expect(result.adherentMinutes).toBe(0);
    expect(result.scheduledMinutes).toBe(450);
    expect(result.earlyLeaveMinutes).toBe(0);
    // Before the shift has even begun, a day without punches is not absent yet.
    expect(metrics([], { now: localInstant(DAY, '08:00') }).status).toBe('in_progress');
  });

  it('counts every worked minute of a day without a plan as unscheduled', () => {
    const result = metrics(punches(ON_TIME), { plan: null });
    expect(result).toMatchObject({
      status: 'unscheduled',
      scheduledMinutes: 0,
      workedMinutes: 450,
      unscheduledMinutes: 450,
      adherencePct: null,
      conformancePct: null,
      lateMinutes: 0,
    });
  });

  it('has nothing to say about a day with neither plan nor punches', () => {
    const result = metrics([], { plan: null });
    expect(result.status).toBe('no_schedule');
    expect(result.scheduledMinutes).toBe(0);
    expect(result.workedMinutes).toBe(0);
    expect(result.adherencePct).toBeNull();
  });

  it('excuses a day covered by time off: no lateness, no score', () => {
    const late = punches(onTimeExcept({ 'clock_in@09:00': '10:00', 'clock_out@17:00': '16:00' }));
    const result = metrics(late, { isExcused: true });
    expect(result.status).toBe('excused');
    expect(result.lateMinutes).toBe(0);
    expect(result.earlyLeaveMinutes).toBe(0);
    expect(result.adherencePct).toBeNull();
    expect(metrics([], { isExcused: true }).status).toBe('excused');
    // The same day unexcused is late and early.
    expect(metrics(late)).toMatchObject({ lateMinutes: 60, earlyLeaveMinutes: 60 });
  });

  it('ignores where a punch came from: offline-synced punches score the same', () => {
    const offline = punches(ON_TIME).map((event) => ({ ...event, source: 'offline_sync' }));
    const late = punches(onTimeExcept({ 'clock_in@09:00': '09:20' }));
    const lateOffline = late.map((event) => ({ ...event, source: 'offline_sync' }));
    expect(metrics(offline)).toEqual(metrics(punches(ON_TIME)));
    expect(metrics(lateOffline)).toEqual(metrics(late));
  });

  it('does not depend on the order punches are given in', () => {
    const events = punches(onTimeExcept({ 'clock_in@09:00': '09:20' }));
    expect(metrics([...events].reverse())).toEqual(metrics(events));
  });

  it('applies rules other than the defaults', () => {
    const events = punches(onTimeExcept({ 'clock_in@09:00': '09:08' }));
    expect(metrics(events).lateMinutes).toBe(8);
    const lenient = { ...DEFAULT_ADHERENCE_RULES, lateGraceMinutes: 10 };
    expect(metrics(events, { rules: lenient })).toMatchObject({
      lateMinutes: 0,
      adherentMinutes: 450,
    });
  });
});

describe('computeDayMetrics: overnight and DST', () => {
  const nightPunches = (date: string, next: string) => [
    punch('clock_in', '22:00', date),
    punch('break', '23:30', date),
    punch('clock_in', '23:45', date),
    punch('lunch', '02:00', next),
    punch('clock_in', '02:30', next),
    punch('clock_out', '06:00', next),
  ];

  it('scores a 22:00–06:00 shift with lunch 02:00–02:30 as one day', () => {
    const night = planOf(NIGHT, DAY);
    expect(night.start.toISOString()).toBe('2026-11-19T03:00:00.000Z');
    expect(night.end.toISOString()).toBe('2026-11-19T11:00:00.000Z');
    expect(night.lunchStart?.toISOString()).toBe('2026-11-19T07:00:00.000Z');
    const result = computeDayMetrics({
      plan: night,
      events: nightPunches(DAY, shiftDate(DAY, 1)),
      now: localInstant(shiftDate(DAY, 1), '12:00'),
    });
    expect(result).toMatchObject({
      status: 'complete',
      scheduledMinutes: 450,
      workedMinutes: 450,
      adherentMinutes: 450,
      adherencePct: 100,
      conformancePct: 100,
      lateMinutes: 0,
      overbreakMinutes: 0,
      missedClockOut: false,
    });
  });

  it('counts a night-shift lunch taken before midnight as outside its window', () => {
    const next = shiftDate(DAY, 1);
    const events = [
      punch('clock_in', '22:00', DAY),
      punch('lunch', '23:00', DAY),
      punch('clock_in', '23:30', DAY),
      punch('clock_out', '06:00', next),
    ];
    const result = computeDayMetrics({
      plan: planOf(NIGHT, DAY),
      events,
      now: localInstant(next, '12:00'),
    });
    expect(result.adherentMinutes).toBe(420);
  });

  it('does not call a stray clock-out before the night shift started an early leave', () => {
    // The night before's clock-out filed on this day (issue #12): 16 h before the shift starts.
    const next = shiftDate(DAY, 1);
    const result = computeDayMetrics({
      plan: planOf(NIGHT, DAY),
      events: [punch('clock_out', '06:00', DAY)],
      now: localInstant(next, '08:00'),
    });
    expect(result).toMatchObject({ status: 'absent', earlyLeaveMinutes: 0, workedMinutes: 0 });
  });

  it('does not call a day worked wholly before the shift an early leave', () => {
    const next = shiftDate(DAY, 1);
    const result = computeDayMetrics({
      plan: planOf(NIGHT, DAY),
      events: punches(
        [
          ['clock_in', '13:00'],
          ['clock_out', '17:00'],
        ],
        DAY,
      ),
      now: localInstant(next, '08:00'),
    });
    expect(result).toMatchObject({ earlyLeaveMinutes: 0, lateMinutes: 0, workedMinutes: 240 });
    expect(result.unscheduledMinutes).toBe(240);
  });

  it('is still in progress at 03:00 the next morning', () => {
    const next = shiftDate(DAY, 1);
    const result = computeDayMetrics({
      plan: planOf(NIGHT, DAY),
      events: nightPunches(DAY, next).slice(0, 3),
      now: localInstant(next, '03:00'),
    });
    expect(result.status).toBe('in_progress');
    expect(result.missedClockOut).toBe(false);
  });

  it('plans 9 real hours on the night the clocks fall back (2026-10-31 → 11-01)', () => {
    const night = planOf(NIGHT, '2026-10-31');
    expect(night.start.toISOString()).toBe('2026-11-01T02:00:00.000Z'); // 22:00 EDT
    expect(night.end.toISOString()).toBe('2026-11-01T11:00:00.000Z'); // 06:00 EST
    expect(night.lunchStart?.toISOString()).toBe('2026-11-01T07:00:00.000Z'); // 02:00 EST
    const result = computeDayMetrics({
      plan: night,
      events: nightPunches('2026-10-31', '2026-11-01'),
      now: localInstant('2026-11-01', '12:00'),
    });
    expect(result).toMatchObject({
      status: 'complete',
      scheduledMinutes: 510,
      workedMinutes: 510,
      lunchMinutes: 30,
      adherentMinutes: 510,
      adherencePct: 100,
      conformancePct: 100,
      lateMinutes: 0,
      earlyLeaveMinutes: 0,
    });
    expect(computeDayMetrics({ plan: night, events: [], now: NEXT_MORNING }).status).toBe('absent');
  });

  it('plans 7 real hours on the night the clocks spring forward (2026-03-07 → 03-08)', () => {
    const night = planOf({ ...NIGHT, lunchStart: '01:00', lunchEnd: '01:30' }, '2026-03-07');
    expect(night.start.toISOString()).toBe('2026-03-08T03:00:00.000Z'); // 22:00 EST
    expect(night.end.toISOString()).toBe('2026-03-08T10:00:00.000Z'); // 06:00 EDT
    const events = [
      punch('clock_in', '22:00', '2026-03-07'),
      punch('lunch', '01:00', '2026-03-08'),
      punch('clock_in', '01:30', '2026-03-08'),
      punch('clock_out', '06:00', '2026-03-08'),
    ];
    const result = computeDayMetrics({
      plan: night,
      events,
      now: localInstant('2026-03-08', '12:00'),
    });
    expect(result).toMatchObject({
      status: 'complete',
      scheduledMinutes: 390,
      workedMinutes: 390,
      adherentMinutes: 390,
      adherencePct: 100,
    });
    const noLunch = planOf({ ...NIGHT, lunchStart: null, lunchEnd: null }, '2026-03-07');
    expect(
      computeDayMetrics({ plan: noLunch, events: [], now: NEXT_MORNING }).scheduledMinutes,
    ).toBe(420);
  });
});

describe('computeDayMetrics: volume', () => {
  it('computes 10,000 days', () => {
    const events = punches(onTimeExcept({ 'clock_in@09:00': '09:12', 'clock_in@10:45': '10:52' }));
    let adherent = 0;
    for (let index = 0; index < 10_000; index += 1) {
      adherent += computeDayMetrics({ plan, events, now: NEXT_MORNING }).adherentMinutes;
    }
    // 12 late minutes and 7 over the break allowance, every time.
    expect(adherent).toBe(10_000 * (450 - 12 - 7));
  });
});
