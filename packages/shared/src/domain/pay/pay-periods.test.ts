import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  datesOf,
  payPeriodContaining,
  payPeriodsBetween,
  weekDayOf,
  type PayCalendar,
} from './pay-periods.ts';
import { workWeekContaining } from './work-week.ts';

// Calendar facts used below, worked out by hand:
// - 2026-01-01 is a Thursday, so 2026-01-04, 2026-03-08 (spring forward), 2026-10-25 and
//   2026-11-01 (fall back) are Sundays, and 2026-12-31 is a Thursday (2026 has 365 days).
// - 2028-01-01 is a Saturday (2027-01-01 Friday + 365 days); Feb 1 is 31 days later, a Tuesday,
//   and 2028 is a leap year, so 2028-02-29 is a Tuesday and 2028-03-01 a Wednesday.

describe('business-date helpers', () => {
  it('knows the weekdays above and steps over leap days and year ends', () => {
    expect(weekDayOf('2026-01-04')).toBe(0);
    expect(weekDayOf('2026-12-31')).toBe(4);
    expect(weekDayOf('2028-02-29')).toBe(2);
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('refuses a date that does not exist', () => {
    expect(() => weekDayOf('2027-02-29')).toThrow(RangeError);
    expect(() => payPeriodContaining({ kind: 'monthly' }, '2026-13-01')).toThrow(RangeError);
    expect(() => payPeriodContaining({ kind: 'monthly' }, '2026-1-01')).toThrow(RangeError);
  });
});

describe('payPeriodContaining — weekly', () => {
  const weekly: PayCalendar = { kind: 'weekly', anchorDate: '2026-03-01' };

  it('starts on the anchor and runs 7 dates', () => {
    expect(payPeriodContaining(weekly, '2026-03-01')).toEqual({
      start: '2026-03-01',
      end: '2026-03-07',
    });
    expect(payPeriodContaining(weekly, '2026-03-07')).toEqual({
      start: '2026-03-01',
      end: '2026-03-07',
    });
  });

  it('keeps 7 dates in the spring-forward and fall-back weeks (dates, not hours)', () => {
    // 2026-03-08 is 23 hours long and 2026-11-01 25 hours; the periods are still Sun..Sat.
    const spring = payPeriodContaining(weekly, '2026-03-10');
    expect(spring).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(datesOf(spring)).toHaveLength(7);
    const fall = payPeriodContaining(weekly, '2026-11-01');
    expect(fall).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(datesOf(fall)).toHaveLength(7);
  });

  it('works with an anchor after the date', () => {
    // 2026-12-27 is a Sunday 294 days (42 weeks) after 2026-03-08.
    const later: PayCalendar = { kind: 'weekly', anchorDate: '2026-12-27' };
    expect(payPeriodContaining(later, '2026-03-09')).toEqual({
      start: '2026-03-08',
      end: '2026-03-14',
    });
  });
});

describe('payPeriodContaining — biweekly', () => {
  it('crosses the year end', () => {
    const biweekly: PayCalendar = { kind: 'biweekly', anchorDate: '2025-12-28' };
    expect(payPeriodContaining(biweekly, '2025-12-31')).toEqual({
      start: '2025-12-28',
      end: '2026-01-10',
    });
    expect(payPeriodContaining(biweekly, '2026-01-11')).toEqual({
      start: '2026-01-11',
      end: '2026-01-24',
    });
  });

  it('works from an anchor far in the past', () => {
    // 2000-01-02 → 2026-01-02 is 26 years with 7 leap days (2000, 2004, … 2024): 9497 days;
    // to 2026-01-04 is 9499 = 14 × 678 + 7, so 2026-01-04 is day 8 of a period that began
    // 7 days earlier, on 2025-12-28.
    const biweekly: PayCalendar = { kind: 'biweekly', anchorDate: '2000-01-02' };
    expect(payPeriodContaining(biweekly, '2026-01-04')).toEqual({
      start: '2025-12-28',
      end: '2026-01-10',
    });
  });

  it('works from an anchor far in the future', () => {
    // 2026-01-04 + 1400 days (100 periods): +361 → 2026-12-31, +1 → 2027-01-01 (362),
    // +365 → 2028-01-01 (727), +366 → 2029-01-01 (1093), +307 → day 308 of 2029 = Nov 4.
    const biweekly: PayCalendar = { kind: 'biweekly', anchorDate: '2029-11-04' };
    expect(payPeriodContaining(biweekly, '2026-01-10')).toEqual({
      start: '2026-01-04',
      end: '2026-01-17',
    });
    expect(payPeriodContaining(biweekly, '2026-01-03')).toEqual({
      start: '2025-12-21',
      end: '2026-01-03',
    });
  });
});

describe('payPeriodContaining — semi-monthly and monthly', () => {
  const semimonthly: PayCalendar = { kind: 'semimonthly' };
  const monthly: PayCalendar = { kind: 'monthly' };

  it('splits on the 15th and ends on the month’s last day (Feb 29 in 2028, Feb 28 in 2027)', () => {
    expect(payPeriodContaining(semimonthly, '2028-02-15')).toEqual({
      start: '2028-02-01',
      end: '2028-02-15',
    });
    expect(payPeriodContaining(semimonthly, '2028-02-16')).toEqual({
      start: '2028-02-16',
      end: '2028-02-29',
    });
    expect(payPeriodContaining(semimonthly, '2027-02-20')).toEqual({
      start: '2027-02-16',
      end: '2027-02-28',
    });
    expect(payPeriodContaining(semimonthly, '2026-12-31')).toEqual({
      start: '2026-12-16',
      end: '2026-12-31',
    });
    expect(payPeriodContaining(semimonthly, '2026-04-30')).toEqual({
      start: '2026-04-16',
      end: '2026-04-30',
    });
  });

  it('uses the calendar month', () => {
    expect(payPeriodContaining(monthly, '2028-02-29')).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
    expect(payPeriodContaining(monthly, '2026-12-01')).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
  });
});

describe('payPeriodsBetween', () => {
  it('lists every overlapping period across a year end and a leap February', () => {
    expect(payPeriodsBetween({ kind: 'semimonthly' }, '2027-12-20', '2028-03-01')).toEqual([
      { start: '2027-12-16', end: '2027-12-31' },
      { start: '2028-01-01', end: '2028-01-15' },
      { start: '2028-01-16', end: '2028-01-31' },
      { start: '2028-02-01', end: '2028-02-15' },
      { start: '2028-02-16', end: '2028-02-29' },
      { start: '2028-03-01', end: '2028-03-15' },
    ]);
  });

  it('lists the weekly periods around the fall-back week', () => {
    const weekly: PayCalendar = { kind: 'weekly', anchorDate: '2026-03-01' };
    expect(payPeriodsBetween(weekly, '2026-10-31', '2026-11-01')).toEqual([
      { start: '2026-10-25', end: '2026-10-31' },
      { start: '2026-11-01', end: '2026-11-07' },
    ]);
  });

  it('gives one period when both dates are in it, and none when to is before from', () => {
    const biweekly: PayCalendar = { kind: 'biweekly', anchorDate: '2025-12-28' };
    expect(payPeriodsBetween(biweekly, '2026-01-01', '2026-01-10')).toEqual([
      { start: '2025-12-28', end: '2026-01-10' },
    ]);
    expect(payPeriodsBetween(biweekly, '2026-01-10', '2026-01-01')).toEqual([]);
  });
});

describe('workWeekContaining', () => {
  it('starts on the configured day', () => {
    // 2026-11-01 is a Sunday: a Sunday week starts that day, a Monday week ended that day.
    expect(workWeekContaining('2026-11-01', 0)).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    expect(workWeekContaining('2026-11-01', 1)).toEqual({ start: '2026-10-26', end: '2026-11-01' });
  });

  it('crosses a leap day and a year end', () => {
    // 2028-02-29 is a Tuesday: its Monday week is Feb 28 – Mar 5.
    expect(workWeekContaining('2028-02-29', 1)).toEqual({ start: '2028-02-28', end: '2028-03-05' });
    // 2026-12-31 is a Thursday: its Sunday week is Dec 27 – Jan 2.
    expect(workWeekContaining('2026-12-31', 0)).toEqual({ start: '2026-12-27', end: '2027-01-02' });
    // 2027-01-02 is a Saturday: a Saturday week starts that very day.
    expect(workWeekContaining('2027-01-02', 6)).toEqual({ start: '2027-01-02', end: '2027-01-08' });
  });
});
