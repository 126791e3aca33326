import { describe, expect, it } from 'vitest';
import { toBusinessDate } from '../business-time.ts';
import {
  computeOvertime,
  ONTARIO_OVERTIME_RULES,
  splitDayByDailyTiers,
  thresholdPeriodContaining,
  validateOvertimeRules,
  type DayPaySplit,
  type OvertimeRuleSet,
  type WorkedDay,
} from './overtime.ts';
import { addDaysToDate, payPeriodContaining } from './pay-periods.ts';

const TORONTO = 'America/Toronto';
const MONDAY = 1;
const H = 60;

/** Consecutive days from `start`, `hours[i]` hours on day i (whole or fractional hours). */
function daysFrom(start: string, hours: readonly number[]): WorkedDay[] {
  return hours.map((h, index) => ({ date: addDaysToDate(start, index), workedMinutes: h * H }));
}

/** A shift's worked minutes, from its real instants (not its wall-clock times). */
function shiftMinutes(startIso: string, endIso: string): number {
  return (Date.parse(endIso) - Date.parse(startIso)) / 60_000;
}

function day(result: { days: DayPaySplit[] }, date: string): DayPaySplit | undefined {
  return result.days.find((d) => d.date === date);
}

/** Every day's minutes are either regular or in exactly one overtime code: nothing twice. */
function expectEveryMinuteOnce(result: { days: DayPaySplit[] }): void {
  for (const d of result.days) {
    const overtime = Object.values(d.overtime).reduce((sum, m) => sum + m, 0);
    expect(d.regularMinutes + overtime).toBe(d.workedMinutes);
  }
}

// 2026-06-01 is a Monday (2026-01-01 is a Thursday; June 1 is 151 days later, 151 = 7 × 21 + 4).
const JUNE_MONDAY = '2026-06-01';
const EIGHT_AND_TWELVE: OvertimeRuleSet = {
  weeklyThresholdMinutes: 44 * H,
  dailyTiers: [
    { afterMinutes: 8 * H, multiplier: 1.5 },
    { afterMinutes: 12 * H, multiplier: 2 },
  ],
};

describe('computeOvertime — Ontario weekly rule (44 h, 1.5×)', () => {
  it('ESA: 50 h in one week → 6 h overtime, on the last hours worked', () => {
    // Mon–Fri 9 h and Sat 5 h = 50 h = 3000 min; 3000 − 2640 = 360 min (6 h) overtime.
    // Latest days first: Saturday's 300 min all go; the other 60 come off Friday (540 → 480).
    // Same as counting forward: 44 h are reached 1 h into Friday, so Friday's last 1 h is overtime.
    const result = computeOvertime(
      daysFrom(JUNE_MONDAY, [9, 9, 9, 9, 9, 5]),
      ONTARIO_OVERTIME_RULES,
      MONDAY,
    );
    expect(result.weeks).toEqual([
      {
        start: '2026-06-01',
        end: '2026-06-07',
        workedMinutes: 3000,
        regularMinutes: 2640,
        overtime: { 'OT1.5': 360 },
      },
    ]);
    expect(day(result, '2026-06-06')).toMatchObject({
      regularMinutes: 0,
      overtime: { 'OT1.5': 300 },
    });
    expect(day(result, '2026-06-05')).toMatchObject({
      regularMinutes: 480,
      overtime: { 'OT1.5': 60 },
    });
    expect(day(result, '2026-06-04')).toMatchObject({ regularMinutes: 540, overtime: {} });
    expectEveryMinuteOnce(result);
  });

  it('pays nothing extra at exactly 44 h, and 1 minute at 44 h 1 min', () => {
    const at44 = computeOvertime(
      daysFrom(JUNE_MONDAY, [8, 8, 8, 8, 8, 4]),
      ONTARIO_OVERTIME_RULES,
      MONDAY,
    );
    expect(at44.weeks[0]?.overtime).toEqual({});
    const over = daysFrom(JUNE_MONDAY, [8, 8, 8, 8, 8, 4]);
    over[5] = { date: '2026-06-06', workedMinutes: 4 * H + 1 };
    const result = computeOvertime(over, ONTARIO_OVERTIME_RULES, MONDAY);
    expect(result.weeks[0]?.overtime).toEqual({ 'OT1.5': 1 });
    expect(day(result, '2026-06-06')).toMatchObject({
      regularMinutes: 240,
      overtime: { 'OT1.5': 1 },
    });
  });

  it('holds each work week against its own 44 h (no carry-over)', () => {
    // Week 1: 50 h → 6 h overtime. Week 2 (from Mon June 8): 38 h → none.
    const result = computeOvertime(
      [...daysFrom(JUNE_MONDAY, [10, 10, 10, 10, 10]), ...daysFrom('2026-06-08', [8, 8, 8, 8, 6])],
      ONTARIO_OVERTIME_RULES,
      MONDAY,
    );
    expect(result.weeks.map((w) => [w.start, w.regularMinutes, w.overtime])).toEqual([
      ['2026-06-01', 2640, { 'OT1.5': 360 }],
      ['2026-06-08', 38 * H, {}],
    ]);
  });
});

describe('computeOvertime — averaging agreement', () => {
  const averaged: OvertimeRuleSet = {
    ...ONTARIO_OVERTIME_RULES,
    averaging: { weeks: 2, startDate: JUNE_MONDAY },
  };

  it('ESA: 50 h + 38 h over 2 weeks = 88 h → 0 h overtime (threshold 44 × 2 = 88 h)', () => {
    const result = computeOvertime(
      [...daysFrom(JUNE_MONDAY, [10, 10, 10, 10, 10]), ...daysFrom('2026-06-08', [8, 8, 8, 8, 6])],
      averaged,
      MONDAY,
    );
    expect(result.thresholdPeriods).toEqual([
      { start: '2026-06-01', end: '2026-06-14', thresholdMinutes: 88 * H, averaged: true },
    ]);
    expect(result.weeks.map((w) => [w.start, w.regularMinutes, w.overtime])).toEqual([
      ['2026-06-01', 50 * H, {}],
      ['2026-06-08', 38 * H, {}],
    ]);
  });

  it('50 h + 40 h = 90 h → 2 h overtime, on the block’s last working day', () => {
    // 90 − 88 = 2 h = 120 min, taken from Friday June 12 (the latest day with minutes).
    const result = computeOvertime(
      [...daysFrom(JUNE_MONDAY, [10, 10, 10, 10, 10]), ...daysFrom('2026-06-08', [8, 8, 8, 8, 8])],
      averaged,
      MONDAY,
    );
    expect(result.weeks.map((w) => w.overtime)).toEqual([{}, { 'OT1.5': 120 }]);
    expect(day(result, '2026-06-12')).toMatchObject({
      regularMinutes: 360,
      overtime: { 'OT1.5': 120 },
    });
  });

  it('uses non-overlapping blocks: the third week starts a new block', () => {
    // Blocks are June 1–14 and June 15–28; 3-week averaging would be June 1–21.
    expect(thresholdPeriodContaining(averaged, MONDAY, '2026-06-15')).toEqual({
      start: '2026-06-15',
      end: '2026-06-28',
      thresholdMinutes: 88 * H,
      averaged: true,
    });
    const threeWeeks = { ...averaged, averaging: { weeks: 3, startDate: JUNE_MONDAY } };
    expect(thresholdPeriodContaining(threeWeeks, MONDAY, '2026-06-15')).toMatchObject({
      start: '2026-06-01',
      end: '2026-06-21',
      thresholdMinutes: 132 * H,
    });
  });

  it('does not average before the agreement starts or a block that runs past its end', () => {
    const withEnd: OvertimeRuleSet = {
      ...ONTARIO_OVERTIME_RULES,
      averaging: { weeks: 2, startDate: JUNE_MONDAY, endDate: '2026-06-21' },
    };
    // Week of May 25: before the agreement → plain week.
    expect(thresholdPeriodContaining(withEnd, MONDAY, '2026-05-31')).toMatchObject({
      start: '2026-05-25',
      averaged: false,
    });
    // Block June 15–28 ends after June 21 → its weeks are plain weeks: 50 h → 6 h.
    const result = computeOvertime(daysFrom('2026-06-15', [10, 10, 10, 10, 10]), withEnd, MONDAY);
    expect(result.thresholdPeriods[0]).toMatchObject({ start: '2026-06-15', averaged: false });
    expect(result.weeks[0]?.overtime).toEqual({ 'OT1.5': 360 });
  });
});

describe('computeOvertime — daily tiers', () => {
  it('ESA-style daily rule: a 10-h day with an 8-h daily threshold → 2 h at 1.5×', () => {
    // 600 min − 480 min = 120 min at 1.5×; 480 regular; the week (10 h) is far below 44 h.
    const rules: OvertimeRuleSet = {
      weeklyThresholdMinutes: 44 * H,
      dailyTiers: [{ afterMinutes: 8 * H, multiplier: 1.5 }],
    };
    const result = computeOvertime([{ date: JUNE_MONDAY, workedMinutes: 600 }], rules, MONDAY);
    expect(result.days).toEqual([
      { date: JUNE_MONDAY, workedMinutes: 600, regularMinutes: 480, overtime: { 'OT1.5': 120 } },
    ]);
  });

  it('splits a 13-h day into 8 h regular, 4 h at 1.5× and 1 h at 2×', () => {
    // 0–480 regular; 480–720 (240) at 1.5×; 720–780 (60) at 2×.
    expect(splitDayByDailyTiers(780, EIGHT_AND_TWELVE.dailyTiers)).toEqual({
      workedMinutes: 780,
      regularMinutes: 480,
      overtime: { 'OT1.5': 240, OT2: 60 },
    });
    expect(splitDayByDailyTiers(300, EIGHT_AND_TWELVE.dailyTiers)).toEqual({
      workedMinutes: 300,
      regularMinutes: 300,
      overtime: {},
    });
  });

  it('daily + weekly with 5 × 10 h: daily overtime 10 h, weekly none (regular 40 h ≤ 44 h)', () => {
    // Each day: 480 regular + 120 at 1.5×. Daily OT = 5 × 2 h = 10 h. Daily overtime minutes are
    // excluded from the weekly count, so the week holds 5 × 8 h = 40 h regular ≤ 44 h → no weekly
    // overtime. (Counting all 50 h against 44 h would pay 6 of those daily hours twice.)
    const result = computeOvertime(
      daysFrom(JUNE_MONDAY, [10, 10, 10, 10, 10]),
      EIGHT_AND_TWELVE,
      MONDAY,
    );
    expect(result.weeks[0]).toMatchObject({
      workedMinutes: 3000,
      regularMinutes: 2400,
      overtime: { 'OT1.5': 600 },
    });
    expect(result.days.every((d) => d.regularMinutes === 480 && d.overtime['OT1.5'] === 120)).toBe(
      true,
    );
    expectEveryMinuteOnce(result);
  });

  it('adds weekly overtime only from regular minutes, latest days first', () => {
    // Mon–Fri 10 h + Sat 8 h. Daily: 5 × 120 = 600 min at 1.5×; regular 5 × 480 + 480 = 2880.
    // Weekly: 2880 − 2640 = 240 min, all from Saturday's 480 regular → Sat 240 regular + 240 OT.
    // Totals: OT1.5 = 600 + 240 = 840; regular 2640; 840 + 2640 = 3480 = 58 h worked.
    const result = computeOvertime(
      daysFrom(JUNE_MONDAY, [10, 10, 10, 10, 10, 8]),
      EIGHT_AND_TWELVE,
      MONDAY,
    );
    expect(day(result, '2026-06-06')).toMatchObject({
      regularMinutes: 240,
      overtime: { 'OT1.5': 240 },
    });
    expect(day(result, '2026-06-05')).toMatchObject({
      regularMinutes: 480,
      overtime: { 'OT1.5': 120 },
    });
    expect(result.weeks[0]).toMatchObject({
      workedMinutes: 3480,
      regularMinutes: 2640,
      overtime: { 'OT1.5': 840 },
    });
    expectEveryMinuteOnce(result);
  });

  it('moves weekly overtime to earlier days when the last day has no regular minutes left', () => {
    // Weekly threshold 20 h, daily > 8 h. Mon–Thu 8 h (32 h regular), Fri 0.
    // Excess 12 h = 720 min: Thu 480 (all), then Wed 240. Mon, Tue untouched.
    const rules: OvertimeRuleSet = {
      weeklyThresholdMinutes: 20 * H,
      dailyTiers: [{ afterMinutes: 8 * H, multiplier: 1.5 }],
    };
    const result = computeOvertime(daysFrom(JUNE_MONDAY, [8, 8, 8, 8, 0]), rules, MONDAY);
    expect(result.days.map((d) => [d.regularMinutes, d.overtime])).toEqual([
      [480, {}],
      [480, {}],
      [240, { 'OT1.5': 240 }],
      [0, { 'OT1.5': 480 }],
      [0, {}],
    ]);
  });
});

describe('computeOvertime — DST weeks and overnight shifts', () => {
  it('spring forward: the 22:00–06:00 night of 2026-03-07 is 7 h, counted on Saturday', () => {
    // 22:00 EST = 03:00Z Mar 8; 06:00 EDT = 10:00Z → 7 h elapsed (02:00–03:00 never happened).
    const springNight = shiftMinutes('2026-03-08T03:00:00Z', '2026-03-08T10:00:00Z');
    expect(springNight).toBe(420);
    expect(toBusinessDate('2026-03-08T03:00:00Z', TORONTO)).toBe('2026-03-07');
    // Monday week Mar 2–8: Mon–Fri nights 8 h (40 h) + Saturday's 7 h = 47 h → 3 h (180 min)
    // overtime, all from Saturday: 420 − 180 = 240 regular.
    const result = computeOvertime(
      [
        ...daysFrom('2026-03-02', [8, 8, 8, 8, 8]),
        { date: '2026-03-07', workedMinutes: springNight },
      ],
      ONTARIO_OVERTIME_RULES,
      MONDAY,
    );
    expect(result.weeks).toEqual([
      {
        start: '2026-03-02',
        end: '2026-03-08',
        workedMinutes: 47 * H,
        regularMinutes: 44 * H,
        overtime: { 'OT1.5': 180 },
      },
    ]);
    expect(day(result, '2026-03-07')).toMatchObject({
      regularMinutes: 240,
      overtime: { 'OT1.5': 180 },
    });
  });

  it('fall back: the 22:00–06:00 night of 2026-10-31 is 9 h, counted on Saturday', () => {
    // 22:00 EDT = 02:00Z Nov 1; 06:00 EST = 11:00Z → 9 h elapsed (01:00–02:00 happened twice).
    const fallNight = shiftMinutes('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z');
    expect(fallNight).toBe(540);
    expect(toBusinessDate('2026-11-01T02:00:00Z', TORONTO)).toBe('2026-10-31');
    // Monday week Oct 26 – Nov 1: 40 h + 9 h = 49 h → 5 h (300 min) overtime, from Saturday
    // (Sunday Nov 1 has no minutes of its own): 540 − 300 = 240 regular.
    const result = computeOvertime(
      [
        ...daysFrom('2026-10-26', [8, 8, 8, 8, 8]),
        { date: '2026-10-31', workedMinutes: fallNight },
      ],
      ONTARIO_OVERTIME_RULES,
      MONDAY,
    );
    expect(result.weeks[0]).toMatchObject({
      start: '2026-10-26',
      end: '2026-11-01',
      workedMinutes: 49 * H,
    });
    expect(day(result, '2026-10-31')).toMatchObject({
      regularMinutes: 240,
      overtime: { 'OT1.5': 300 },
    });
    expect(day(result, '2026-11-01')).toBeUndefined();
  });

  it('a shift across midnight on the last day of a pay period stays in that period and week', () => {
    // Semi-monthly: Nov 1–15 is a period; Nov 15 is a Sunday, the last day of the Monday week
    // Nov 9–15. Shift Sun 20:00 EST (01:00Z Nov 16) → Mon 06:00 EST (11:00Z) = 10 h, belonging to
    // Sunday Nov 15 (the day it started), so Mon Nov 16 — the next period and week — gets none.
    const start = '2026-11-16T01:00:00Z';
    expect(toBusinessDate(start, TORONTO)).toBe('2026-11-15');
    expect(payPeriodContaining({ kind: 'semimonthly' }, '2026-11-15')).toEqual({
      start: '2026-11-01',
      end: '2026-11-15',
    });
    // Mon–Thu 9 h (36 h) + the 10-h Sunday night = 46 h → 2 h (120 min) overtime, on Sunday.
    const result = computeOvertime(
      [
        ...daysFrom('2026-11-09', [9, 9, 9, 9]),
        { date: '2026-11-15', workedMinutes: shiftMinutes(start, '2026-11-16T11:00:00Z') },
        { date: '2026-11-16', workedMinutes: 0 },
      ],
      ONTARIO_OVERTIME_RULES,
      MONDAY,
    );
    expect(day(result, '2026-11-15')).toMatchObject({
      regularMinutes: 480,
      overtime: { 'OT1.5': 120 },
    });
    expect(result.weeks.map((w) => [w.start, w.workedMinutes, w.overtime])).toEqual([
      ['2026-11-09', 46 * H, { 'OT1.5': 120 }],
      ['2026-11-16', 0, {}],
    ]);
  });
});

describe('validateOvertimeRules', () => {
  it('accepts the Ontario default and a daily 8/12 rule set', () => {
    expect(validateOvertimeRules(ONTARIO_OVERTIME_RULES)).toEqual([]);
    expect(validateOvertimeRules(EIGHT_AND_TWELVE, MONDAY)).toEqual([]);
  });

  it('explains each problem in words a user can act on', () => {
    expect(validateOvertimeRules({ weeklyThresholdMinutes: -60 })).toEqual([
      'The weekly threshold cannot be negative',
    ]);
    expect(
      validateOvertimeRules({
        weeklyThresholdMinutes: 2640,
        averaging: { weeks: 5, startDate: JUNE_MONDAY },
      }),
    ).toEqual(['Averaging covers 2 to 4 weeks']);
    expect(
      validateOvertimeRules({
        weeklyThresholdMinutes: 2640,
        dailyTiers: [
          { afterMinutes: 720, multiplier: 2 },
          { afterMinutes: 480, multiplier: 1.5 },
        ],
      }),
    ).toEqual([
      'Daily threshold 2 must start later in the day than the one before it',
      'Daily threshold 2 must pay a higher rate than the one before it',
    ]);
    expect(
      validateOvertimeRules({
        weeklyThresholdMinutes: 2640,
        weeklyMultiplier: 1,
        dailyTiers: [{ afterMinutes: 480, multiplier: 0.5 }],
      }),
    ).toEqual([
      'The weekly overtime rate must be more than 1× (overtime pays more)',
      'Daily threshold 1: the rate must be more than 1× (overtime pays more)',
    ]);
  });

  it('checks the averaging dates, and the start day when the work-week start is known', () => {
    const tuesdayStart = {
      weeklyThresholdMinutes: 2640,
      averaging: { weeks: 2, startDate: '2026-06-02' },
    };
    expect(validateOvertimeRules(tuesdayStart)).toEqual([]);
    expect(validateOvertimeRules(tuesdayStart, MONDAY)).toEqual([
      'Averaging must start on the first day of a work week (a Monday)',
    ]);
    expect(
      validateOvertimeRules({
        weeklyThresholdMinutes: 2640,
        averaging: { weeks: 2, startDate: '2026-06-01', endDate: '2026-05-31' },
      }),
    ).toEqual(['The averaging agreement ends before it starts']);
    expect(
      validateOvertimeRules({
        weeklyThresholdMinutes: 2640,
        averaging: { weeks: 2, startDate: 'soon' },
      }),
    ).toEqual(['The averaging agreement needs a valid start date']);
  });

  it('makes computeOvertime refuse bad rules and bad days', () => {
    expect(() => computeOvertime([], { weeklyThresholdMinutes: -1 }, MONDAY)).toThrow(
      'The weekly threshold cannot be negative',
    );
    const twice = [
      { date: JUNE_MONDAY, workedMinutes: 60 },
      { date: JUNE_MONDAY, workedMinutes: 60 },
    ];
    expect(() => computeOvertime(twice, ONTARIO_OVERTIME_RULES, MONDAY)).toThrow('appears twice');
    expect(() =>
      computeOvertime([{ date: JUNE_MONDAY, workedMinutes: -5 }], ONTARIO_OVERTIME_RULES, MONDAY),
    ).toThrow('not negative');
  });
});
