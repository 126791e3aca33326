import { describe, expect, it } from 'vitest';
import { holidayPayWeeks, payReadsFrom, publicHolidayPayCents } from './public-holiday-pay.ts';

function ranges(holiday: string, weekStartsOn: number): string[] {
  return holidayPayWeeks(holiday, weekStartsOn).map(
    (week) => `${week.dateRangeStart}..${week.dateRangeEnd}`,
  );
}

describe('publicHolidayPayCents', () => {
  it('is (wages + vacation pay) ÷ 20', () => {
    // $800 a week × 4 = $3,200 = 320 000 ¢; 4 % vacation pay = 12 800 ¢;
    // (320 000 + 12 800) / 20 = 16 640 ¢ = $166.40.
    expect(publicHolidayPayCents({ regularWagesCents: 320_000, vacationPayCents: 12_800 })).toBe(
      16_640,
    );
  });

  it('averages an uneven month: a part-timer who worked 2 of the 4 weeks', () => {
    // 20 h × $17.20 = $344 twice = 68 800 ¢, no vacation pay payable: 68 800 / 20 = 3 440 ¢.
    expect(publicHolidayPayCents({ regularWagesCents: 68_800, vacationPayCents: 0 })).toBe(3_440);
  });

  it('rounds to the cent, half up', () => {
    // 123 457 / 20 = 6 172.85 → 6 173.
    expect(publicHolidayPayCents({ regularWagesCents: 123_457, vacationPayCents: 0 })).toBe(6_173);
    // 30 / 20 = 1.5 → 2 (half goes up); 29 / 20 = 1.45 → 1; 10 / 20 = 0.5 → 1; 9 / 20 → 0.
    expect(publicHolidayPayCents({ regularWagesCents: 20, vacationPayCents: 10 })).toBe(2);
    expect(publicHolidayPayCents({ regularWagesCents: 29, vacationPayCents: 0 })).toBe(1);
    expect(publicHolidayPayCents({ regularWagesCents: 0, vacationPayCents: 10 })).toBe(1);
    expect(publicHolidayPayCents({ regularWagesCents: 9, vacationPayCents: 0 })).toBe(0);
  });

  it('is 0 with nothing earned', () => {
    expect(publicHolidayPayCents({ regularWagesCents: 0, vacationPayCents: 0 })).toBe(0);
  });

  it('refuses fractional or negative cents', () => {
    expect(() => publicHolidayPayCents({ regularWagesCents: 10.5, vacationPayCents: 0 })).toThrow(
      RangeError,
    );
    expect(() => publicHolidayPayCents({ regularWagesCents: 0, vacationPayCents: -1 })).toThrow(
      RangeError,
    );
  });
});

describe('holidayPayWeeks', () => {
  it('takes the 4 weeks before the holiday week (Good Friday 2026, Sunday weeks)', () => {
    // Fri 2026-04-03 lies in the week Sun Mar 29 – Sat Apr 4; the 4 before start Mar 1, 8, 15, 22.
    // The week of Mar 8 (spring forward) is an ordinary calendar week here: dates, not hours.
    expect(ranges('2026-04-03', 0)).toEqual([
      '2026-03-01..2026-03-07',
      '2026-03-08..2026-03-14',
      '2026-03-15..2026-03-21',
      '2026-03-22..2026-03-28',
    ]);
  });

  it('follows the work-week start day (Good Friday 2026, Monday weeks)', () => {
    // Holiday week Mon Mar 30 – Sun Apr 5; the 4 before start Mar 2, 9, 16, 23.
    expect(ranges('2026-04-03', 1)).toEqual([
      '2026-03-02..2026-03-08',
      '2026-03-09..2026-03-15',
      '2026-03-16..2026-03-22',
      '2026-03-23..2026-03-29',
    ]);
  });

  it('excludes the holiday week when the holiday is its first day (Labour Day 2026, Monday)', () => {
    // Mon Sep 7 starts its own week; the 4 before start Aug 10, 17, 24, 31.
    expect(ranges('2026-09-07', 1)).toEqual([
      '2026-08-10..2026-08-16',
      '2026-08-17..2026-08-23',
      '2026-08-24..2026-08-30',
      '2026-08-31..2026-09-06',
    ]);
  });

  it('reaches back across the year end (New Year’s Day 2027, Sunday weeks)', () => {
    // Fri 2027-01-01 lies in Sun Dec 27 – Sat Jan 2; the 4 before start Nov 29, Dec 6, 13, 20.
    expect(ranges('2027-01-01', 0)).toEqual([
      '2026-11-29..2026-12-05',
      '2026-12-06..2026-12-12',
      '2026-12-13..2026-12-19',
      '2026-12-20..2026-12-26',
    ]);
  });
});

describe('payReadsFrom', () => {
  it('reads from the first work week of the period, or 4 weeks before it with a holiday', () => {
    // The period 2026-10-11 … 10-24 starts on a Sunday: Sunday weeks start there; with
    // Thanksgiving (10-12) in it, holiday pay reads the weeks of 09-13, 09-20, 09-27 and 10-04.
    expect(payReadsFrom('2026-10-11', 0, false)).toBe('2026-10-11');
    expect(payReadsFrom('2026-10-11', 0, true)).toBe('2026-09-13');
    // Monday weeks: 10-11 is the last day of the week of Mon 10-05; 4 weeks before it: 09-07.
    expect(payReadsFrom('2026-10-11', 1, false)).toBe('2026-10-05');
    expect(payReadsFrom('2026-10-11', 1, true)).toBe('2026-09-07');
  });
});
