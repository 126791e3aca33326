import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  businessInstant,
  DEFAULT_TIME_ZONE,
  formatBusinessDateTime,
  formatBusinessTime,
  formatElapsed,
  formatMinutes,
  shiftDate,
  startOfBusinessDay,
  toBusinessDate,
  wallClockTime,
} from './business-time.ts';

const TORONTO = 'America/Toronto';
const HOUR = 3_600_000;

describe('toBusinessDate', () => {
  it('defaults to Toronto', () => {
    expect(DEFAULT_TIME_ZONE).toBe(TORONTO);
  });

  it('puts the day boundary at Toronto midnight, not UTC midnight', () => {
    // November 22 is EST (UTC-5).
    expect(toBusinessDate('2026-11-22T04:59:59Z', TORONTO)).toBe('2026-11-21');
    expect(toBusinessDate('2026-11-22T05:00:00Z', TORONTO)).toBe('2026-11-22');
    expect(toBusinessDate('2026-11-22T00:30:00Z', TORONTO)).toBe('2026-11-21');
  });

  it('moves the boundary to 04:00Z in summer (EDT, UTC-4)', () => {
    expect(toBusinessDate('2026-07-01T03:59:59Z', TORONTO)).toBe('2026-06-30');
    expect(toBusinessDate('2026-07-01T04:00:00Z', TORONTO)).toBe('2026-07-01');
  });

  it('accepts a Date, a string with an offset and epoch milliseconds alike', () => {
    const instant = '2026-11-22T05:00:00Z';
    expect(toBusinessDate(new Date(instant), TORONTO)).toBe('2026-11-22');
    expect(toBusinessDate('2026-11-22T00:00:00-05:00', TORONTO)).toBe('2026-11-22');
    expect(toBusinessDate(Date.parse(instant) - 1, TORONTO)).toBe('2026-11-21');
  });

  it('writes years before 1000 with four digits, as PostgreSQL and every date field read them', () => {
    expect(toBusinessDate('0084-03-19T12:19:56.156Z', TORONTO)).toBe('0084-03-19');
    expect(toBusinessDate('0999-12-31T12:00:00Z', 'UTC')).toBe('0999-12-31');
    // Toronto's local mean time was UTC-5:17:32 then: the first hours of a UTC day are the day before.
    expect(toBusinessDate('0001-01-02T03:00:00Z', TORONTO)).toBe('0001-01-01');
  });

  it('honours another configured zone', () => {
    expect(toBusinessDate('2026-11-22T04:59:59Z', 'UTC')).toBe('2026-11-22');
    expect(toBusinessDate('2026-11-22T10:00:00Z', 'Pacific/Auckland')).toBe('2026-11-22');
    expect(toBusinessDate('2026-11-22T11:00:00Z', 'Pacific/Auckland')).toBe('2026-11-23');
  });
});

describe('startOfBusinessDay', () => {
  it('is Toronto midnight as an instant', () => {
    expect(startOfBusinessDay('2026-11-22', TORONTO).toISOString()).toBe(
      '2026-11-22T05:00:00.000Z',
    );
    expect(startOfBusinessDay('2026-07-01', TORONTO).toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
  });

  it('round-trips with toBusinessDate on both sides of the boundary', () => {
    const start = startOfBusinessDay('2026-11-22', TORONTO).getTime();
    expect(toBusinessDate(start, TORONTO)).toBe('2026-11-22');
    expect(toBusinessDate(start - 1, TORONTO)).toBe('2026-11-21');
  });

  it('makes 2026-03-08 (spring forward) a 23-hour day', () => {
    const start = startOfBusinessDay('2026-03-08', TORONTO);
    const next = startOfBusinessDay('2026-03-09', TORONTO);
    expect(start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(next.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(next.getTime() - start.getTime()).toBe(23 * HOUR);
    expect(toBusinessDate(next.getTime() - 1, TORONTO)).toBe('2026-03-08');
  });

  it('makes 2026-11-01 (fall back) a 25-hour day', () => {
    const start = startOfBusinessDay('2026-11-01', TORONTO);
    const next = startOfBusinessDay('2026-11-02', TORONTO);
    expect(start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(next.toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(next.getTime() - start.getTime()).toBe(25 * HOUR);
    expect(toBusinessDate(next.getTime() - 1, TORONTO)).toBe('2026-11-01');
  });

  it('is 24 hours on an ordinary day', () => {
    const start = startOfBusinessDay('2026-11-21', TORONTO);
    const next = startOfBusinessDay('2026-11-22', TORONTO);
    expect(next.getTime() - start.getTime()).toBe(24 * HOUR);
  });
});

describe('formatBusinessDateTime', () => {
  it('shows the Toronto date and h:mm a, the date turning at Toronto midnight', () => {
    expect(formatBusinessDateTime('2026-11-25T19:45:00Z', TORONTO)).toBe('Nov 25, 2026, 2:45 PM');
    // 00:30Z on Dec 1 is still Nov 30 in Toronto: a month end.
    expect(formatBusinessDateTime('2026-12-01T00:30:00Z', TORONTO)).toBe('Nov 30, 2026, 7:30 PM');
    expect(formatBusinessDateTime('2026-03-08T07:05:09Z', TORONTO, { seconds: true })).toBe(
      'Mar 8, 2026, 3:05:09 AM',
    );
  });
});

describe('formatBusinessTime', () => {
  it('shows h:mm a in Toronto time', () => {
    expect(formatBusinessTime('2026-11-22T14:05:00Z', TORONTO)).toBe('9:05 AM');
    expect(formatBusinessTime('2026-07-01T13:05:00Z', TORONTO)).toBe('9:05 AM');
    expect(formatBusinessTime('2026-11-22T22:30:00Z', TORONTO)).toBe('5:30 PM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatBusinessTime('2026-11-22T05:00:00Z', TORONTO)).toBe('12:00 AM');
    expect(formatBusinessTime('2026-11-22T17:00:00Z', TORONTO)).toBe('12:00 PM');
    expect(formatBusinessTime(new Date('2026-11-22T04:59:00Z'), TORONTO)).toBe('11:59 PM');
  });

  it('shows the repeated hour on the fall-back day twice, an hour apart', () => {
    expect(formatBusinessTime('2026-11-01T05:30:00Z', TORONTO)).toBe('1:30 AM');
    expect(formatBusinessTime('2026-11-01T06:30:00Z', TORONTO)).toBe('1:30 AM');
    // Spring forward: 01:59 EST is followed by 03:00 EDT.
    expect(formatBusinessTime('2026-03-08T06:59:00Z', TORONTO)).toBe('1:59 AM');
    expect(formatBusinessTime('2026-03-08T07:00:00Z', TORONTO)).toBe('3:00 AM');
  });
});

describe('shiftDate', () => {
  it('moves a calendar date across months, years and DST without a time zone', () => {
    expect(shiftDate('2026-11-22', -1)).toBe('2026-11-21');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-08', 1)).toBe('2026-03-09');
    expect(shiftDate('2026-11-01', 1)).toBe('2026-11-02');
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('agrees with date-fns on any date and step, and toBusinessDate with TZDate on any instant', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-02T00:00:00Z'),
          max: new Date('9998-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -800, max: 800 }),
        (instant, days) => {
          const date = format(instant, 'yyyy-MM-dd');
          // uuuu: the ISO year, in which the year before 0001 is 0000 (yyyy would say 0001 BC).
          expect(shiftDate(date, days)).toBe(format(addDays(parseISO(date), days), 'uuuu-MM-dd'));
          expect(toBusinessDate(instant, TORONTO)).toBe(
            format(new TZDate(instant.getTime(), TORONTO), 'yyyy-MM-dd'),
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('formatElapsed and formatMinutes', () => {
  it('formats live timers as m:ss under an hour and h:mm:ss above', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(59.9)).toBe('0:59');
    expect(formatElapsed(15 * 60)).toBe('15:00');
    expect(formatElapsed(3600 + 5 * 60 + 7)).toBe('1:05:07');
    expect(formatElapsed(-5)).toBe('0:00');
  });

  it('formats totals as hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0m');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(60)).toBe('1h');
    expect(formatMinutes(450)).toBe('7h 30m');
    expect(formatMinutes(-3)).toBe('0m');
  });
});

describe('wallClockTime', () => {
  const iso = (time: number) => new Date(time).toISOString();

  it('answers as TZDate does, across both DST changes, and the same on the second ask', () => {
    const cases: [number, number, number, number, number, string][] = [
      [2026, 10, 27, 9, 0, '2026-11-27T14:00:00.000Z'],
      [2026, 5, 1, 9, 0, '2026-06-01T13:00:00.000Z'],
      // 01:30 on 2026-11-01 happens twice; 02:30 on 2026-03-08 not at all.
      [2026, 10, 1, 1, 30, new TZDate(2026, 10, 1, 1, 30, 0, TORONTO).toISOString()],
      [2026, 2, 8, 2, 30, new TZDate(2026, 2, 8, 2, 30, 0, TORONTO).toISOString()],
    ];
    for (const [year, month, day, hours, minutes, expected] of cases) {
      for (let ask = 0; ask < 2; ask += 1) {
        expect(iso(wallClockTime(year, month, day, hours, minutes, TORONTO))).toBe(
          new Date(expected).toISOString(),
        );
      }
    }
  });

  it('rolls days, hours and minutes over, and keeps zones apart', () => {
    expect(iso(wallClockTime(2026, 10, 27, 24 + 6, 0, TORONTO))).toBe('2026-11-28T11:00:00.000Z');
    expect(iso(wallClockTime(2026, 10, 30, 1, 90, TORONTO))).toBe('2026-11-30T07:30:00.000Z');
    expect(iso(wallClockTime(2026, 10, 27, 9, 0, 'Europe/Paris'))).toBe('2026-11-27T08:00:00.000Z');
    expect(businessInstant('2026-11-27', '09:00', TORONTO).toISOString()).toBe(
      '2026-11-27T14:00:00.000Z',
    );
  });
});
