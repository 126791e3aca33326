import { i18n } from '@lingui/core';
import { messages as frenchMessages } from '../locales/fr-CA/messages.ts';
import { describe, expect, it } from 'vitest';
import {
  countWorkingDays,
  formatDays,
  formatRequestDates,
  requestDaysX100,
  STANDARD_DAY_MINUTES,
} from './time-off.ts';

// 2026-11-16 is a Monday; 2026-11-21 and 22 the weekend after it.
const MONDAY = '2026-11-16';
const FRIDAY = '2026-11-20';
const SATURDAY = '2026-11-21';
const SUNDAY = '2026-11-22';

describe('countWorkingDays', () => {
  it('counts Monday to Friday, both ends included', () => {
    expect(countWorkingDays(MONDAY, MONDAY)).toBe(1);
    expect(countWorkingDays(MONDAY, FRIDAY)).toBe(5);
    expect(countWorkingDays(MONDAY, SUNDAY)).toBe(5);
    expect(countWorkingDays(SATURDAY, SUNDAY)).toBe(0);
    expect(countWorkingDays(FRIDAY, '2026-11-23')).toBe(2); // Friday and the next Monday
  });

  it('counts four whole weeks as 20 days, across a month end', () => {
    expect(countWorkingDays('2026-11-16', '2026-12-13')).toBe(20);
  });

  it('counts across a DST change and a year end like any other days', () => {
    // Toronto leaves DST on 2026-11-01 (a Sunday); dates are calendar days, not instants.
    expect(countWorkingDays('2026-10-26', '2026-11-06')).toBe(10);
    expect(countWorkingDays('2026-12-28', '2027-01-03')).toBe(5);
  });

  it('counts nothing when the range is empty (end before start)', () => {
    expect(countWorkingDays(FRIDAY, MONDAY)).toBe(0);
  });

  it('uses the person’s working days when given', () => {
    // Tuesday to Saturday (0 = Sunday).
    expect(countWorkingDays(MONDAY, SUNDAY, [2, 3, 4, 5, 6])).toBe(5);
    expect(countWorkingDays(SATURDAY, SUNDAY, [0, 6])).toBe(2);
    expect(countWorkingDays(MONDAY, SUNDAY, [])).toBe(0);
  });
});

describe('requestDaysX100', () => {
  it('counts whole days as 100 each, weekdays only', () => {
    expect(requestDaysX100({ startDate: MONDAY, endDate: MONDAY })).toBe(100);
    expect(requestDaysX100({ startDate: MONDAY, endDate: FRIDAY })).toBe(500);
    expect(requestDaysX100({ startDate: SATURDAY, endDate: SUNDAY })).toBe(0);
  });

  it('counts a whole week, weekend included, as 500', () => {
    expect(requestDaysX100({ startDate: MONDAY, endDate: SUNDAY })).toBe(500);
    expect(
      requestDaysX100({
        startDate: SATURDAY,
        endDate: '2026-11-27',
        startTime: null,
        endTime: null,
      }),
    ).toBe(500);
  });

  it('counts part of a day against a standard 8-hour day', () => {
    expect(STANDARD_DAY_MINUTES).toBe(480);
    const partDay = (startTime: string, endTime: string) =>
      requestDaysX100({ startDate: MONDAY, endDate: MONDAY, startTime, endTime });
    expect(partDay('13:00', '17:00')).toBe(50);
    expect(partDay('09:00', '17:00')).toBe(100);
    expect(partDay('09:00', '11:00')).toBe(25);
    expect(partDay('09:00', '10:00')).toBe(13); // 12.5 rounds to whole hundredths
    expect(partDay('08:45', '09:30')).toBe(9); // 45 min = 9.375
  });

  it('counts whole days when only one of the times is given', () => {
    expect(
      requestDaysX100({ startDate: MONDAY, endDate: FRIDAY, startTime: '13:00', endTime: null }),
    ).toBe(500);
  });
});

describe('formatDays', () => {
  it('writes whole and part days', () => {
    expect(formatDays(100)).toBe('1 day');
    expect(formatDays(0)).toBe('0 days');
    expect(formatDays(500)).toBe('5 days');
    expect(formatDays(50)).toBe('0.5 days');
    expect(formatDays(150)).toBe('1.5 days');
    expect(formatDays(125)).toBe('1.25 days');
  });

  it('writes 0 and 1 day, and the parts of a day below 2, in the singular in French', () => {
    i18n.loadAndActivate({ locale: 'fr-CA', messages: frenchMessages });
    try {
      expect([0, 50, 100, 150, 200, 125, 250].map(formatDays)).toEqual([
        '0 jour',
        '0,5 jour',
        '1 jour',
        '1,5 jour',
        '2 jours',
        '1,25 jour',
        '2,5 jours',
      ]);
    } finally {
      i18n.activate('en');
    }
  });
});

describe('formatRequestDates', () => {
  const request = {
    startDate: '2026-12-17',
    endDate: '2026-12-19',
    startTime: null,
    endTime: null,
  };
  it('writes the dates a request covers as a span, a day, or part of a day (English)', () => {
    expect(formatRequestDates(request)).toBe('Dec 17 – 19, 2026');
    expect(formatRequestDates({ ...request, endDate: '2026-12-17' })).toBe('Dec 17, 2026');
    expect(
      formatRequestDates({
        ...request,
        endDate: '2026-12-17',
        startTime: '13:00',
        endTime: '17:00',
      }),
    ).toBe('Dec 17, 2026, 1:00 PM–5:00 PM');
  });
});
