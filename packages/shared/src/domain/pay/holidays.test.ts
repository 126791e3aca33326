import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  holidayOn,
  holidaysForYear,
  isPublicHoliday,
  ontarioPublicHolidays,
} from './holidays.ts';

/*
 * Expected dates worked out by hand from the weekday of January 1 (2025 Wed, 2026 Thu, 2027 Fri,
 * 2029 Mon) plus day-of-year offsets mod 7 (Feb 1 = +31 → +3, May 24 = +143 → +3, May 25 = +144 →
 * +4, Jul 1 = +181 → +6, Sep 1 = +243 → +5, Oct 1 = +273 → +0, non-leap years).
 */

function datesOf(year: number): string[] {
  return ontarioPublicHolidays(year).map((holiday) => holiday.date);
}

describe('easterSunday', () => {
  it('matches published Easter dates', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2008)).toBe('2008-03-23');
    expect(easterSunday(2038)).toBe('2038-04-25'); // the latest possible date
  });
});

describe('ontarioPublicHolidays', () => {
  it('lists 2025', () => {
    // Feb 1 is a Saturday → Mondays 3, 10, 17. May 25 is a Sunday → Monday before is the 19th.
    // Sep 1 is a Monday. Oct 1 is a Wednesday → Mondays 6, 13. Easter Apr 20 → Friday Apr 18.
    expect(datesOf(2025)).toEqual([
      '2025-01-01',
      '2025-02-17',
      '2025-04-18',
      '2025-05-19',
      '2025-07-01',
      '2025-09-01',
      '2025-10-13',
      '2025-12-25',
      '2025-12-26',
    ]);
  });

  it('lists 2026, with Victoria Day the Monday before a Monday May 25', () => {
    // Feb 1 is a Sunday → Mondays 2, 9, 16. May 25 is itself a Monday → the one before, May 18.
    // Sep 1 is a Tuesday → Sep 7. Oct 1 is a Thursday → Mondays 5, 12. Easter Apr 5 → Apr 3.
    expect(datesOf(2026)).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-04-03',
      '2026-05-18',
      '2026-07-01',
      '2026-09-07',
      '2026-10-12',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('lists 2027, with Good Friday in March', () => {
    // Feb 1 is a Monday → Mondays 1, 8, 15. May 25 is a Tuesday → May 24. Sep 1 is a Wednesday
    // → Sep 6. Oct 1 is a Friday → Mondays 4, 11. Easter Mar 28 → Good Friday Mar 26.
    expect(datesOf(2027)).toEqual([
      '2027-01-01',
      '2027-02-15',
      '2027-03-26',
      '2027-05-24',
      '2027-07-01',
      '2027-09-06',
      '2027-10-11',
      '2027-12-25',
      '2027-12-26',
    ]);
  });

  it('names every holiday', () => {
    expect(ontarioPublicHolidays(2026).map((holiday) => holiday.name)).toEqual([
      "New Year's Day",
      'Family Day',
      'Good Friday',
      'Victoria Day',
      'Canada Day',
      'Labour Day',
      'Thanksgiving',
      'Christmas Day',
      'Boxing Day',
    ]);
  });

  it('keeps Canada Day on a Sunday (2029) without substituting a Monday', () => {
    // Jan 1 2029 is a Monday; Jul 1 is +181 days → +6 → Sunday. Substitute days are the
    // employer's (later) concern; the list holds the statutory date only.
    expect(new Date('2029-07-01T12:00:00Z').getUTCDay()).toBe(0);
    const holidays = ontarioPublicHolidays(2029);
    expect(holidayOn('2029-07-01', holidays)?.name).toBe('Canada Day');
    expect(isPublicHoliday('2029-07-02', holidays)).toBe(false);
    expect(holidays).toHaveLength(9);
    // Easter 2029 is April 1, so Good Friday falls in March.
    expect(holidayOn('2029-03-30', holidays)?.name).toBe('Good Friday');
  });

  it('refuses a non-Gregorian or fractional year', () => {
    expect(() => ontarioPublicHolidays(1500)).toThrow(RangeError);
    expect(() => ontarioPublicHolidays(2026.5)).toThrow(RangeError);
  });
});

describe('holidaysForYear', () => {
  it('is the statutory list when nothing is edited', () => {
    expect(holidaysForYear(2026, { added: [], removed: [] })).toEqual(ontarioPublicHolidays(2026));
  });

  it('adds extra holidays in date order and drops removed ones', () => {
    const holidays = holidaysForYear(2026, {
      added: [{ date: '2026-08-03', name: 'Civic Holiday' }],
      removed: ['2026-02-16'],
    });
    expect(holidays.map((holiday) => holiday.date)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-05-18',
      '2026-07-01',
      '2026-08-03',
      '2026-09-07',
      '2026-10-12',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(isPublicHoliday('2026-08-03', holidays)).toBe(true);
    expect(isPublicHoliday('2026-02-16', holidays)).toBe(false);
  });

  it('never lists one date twice: an added date that is already a holiday renames it', () => {
    const holidays = holidaysForYear(2026, {
      added: [{ date: '2026-12-26', name: 'Boxing Day (observed)' }],
      removed: [],
    });
    expect(holidays).toHaveLength(9);
    expect(holidayOn('2026-12-26', holidays)?.name).toBe('Boxing Day (observed)');
  });

  it('ignores added holidays of another year', () => {
    const holidays = holidaysForYear(2026, {
      added: [{ date: '2027-08-02', name: 'Civic Holiday' }],
      removed: [],
    });
    expect(holidays).toHaveLength(9);
  });
});

describe('isPublicHoliday', () => {
  it('matches exact dates only', () => {
    const holidays = ontarioPublicHolidays(2026);
    expect(isPublicHoliday('2026-04-03', holidays)).toBe(true);
    expect(isPublicHoliday('2026-04-05', holidays)).toBe(false); // Easter Sunday is not one
    expect(isPublicHoliday('2026-12-24', holidays)).toBe(false);
  });
});
