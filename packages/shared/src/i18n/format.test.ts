import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  formatBusinessDateLong,
  formatDate,
  formatDateRange,
  formatDuration,
  formatElapsedTime,
  formatNumber,
  formatTimeOfDay,
  formatTimeRange,
  type DatePattern,
} from './format.ts';

const PATTERNS: DatePattern[] = [
  'MMM d, yyyy',
  'MMM d',
  'MMMM d, yyyy',
  'MMMM d',
  'MMMM yyyy',
  'EEEE, MMMM d',
  'EEEE, MMMM d, yyyy',
  'EEE, MMM d, yyyy',
  'EEE, MMM d',
  'EEEE',
  'EEE',
  'd',
  'h:mm a',
  'h:mm:ss a',
  'MMM d, yyyy, h:mm a',
  'MMM d, yyyy, h:mm:ss a',
];
const TORONTO = 'America/Toronto';

describe('formatDate', () => {
  it('writes English exactly as the date-fns patterns the screens were written with', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...PATTERNS),
        (date, pattern) => {
          const expected = format(new TZDate(date.getTime(), TORONTO), pattern);
          expect(formatDate(date, pattern, { timeZone: TORONTO, locale: 'en' })).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('shows the business clock on both DST nights and at a month end', () => {
    const en = (iso: string) =>
      formatDate(iso, 'MMM d, yyyy, h:mm a', { timeZone: TORONTO, locale: 'en' });
    // 8 March 2026, 2:00 EST → 3:00 EDT; 1 November 2026, 2:00 EDT → 1:00 EST.
    expect(en('2026-03-08T06:59:00Z')).toBe('Mar 8, 2026, 1:59 AM');
    expect(en('2026-03-08T07:00:00Z')).toBe('Mar 8, 2026, 3:00 AM');
    expect(en('2026-11-01T05:30:00Z')).toBe('Nov 1, 2026, 1:30 AM');
    expect(en('2026-11-01T06:30:00Z')).toBe('Nov 1, 2026, 1:30 AM');
    expect(en('2026-12-01T04:59:00Z')).toBe('Nov 30, 2026, 11:59 PM');
  });

  it('writes French (Canada) with 24-hour time and its own date order', () => {
    const fr = (pattern: DatePattern) =>
      formatDate('2026-11-25T19:45:07Z', pattern, { timeZone: TORONTO, locale: 'fr-CA' });
    expect(fr('h:mm a')).toBe('14\u00a0h\u00a045');
    expect(fr('MMM d, yyyy')).toBe('25 nov. 2026');
    expect(fr('EEEE, MMMM d')).toBe('mercredi 25 novembre');
    // A time never breaks inside (no-break spaces); a line may break before it.
    expect(fr('MMM d, yyyy, h:mm a')).toBe('25 nov. 2026, 14\u00a0h\u00a045');
    expect(
      formatDate('2026-11-26T04:30:00Z', 'h:mm a', { timeZone: TORONTO, locale: 'fr-CA' }),
    ).toBe('23\u00a0h\u00a030');
    expect(fr('MMM d, yyyy, h:mm:ss a')).toBe(
      '25 nov. 2026, 14\u00a0h\u00a045\u00a0min\u00a007\u00a0s',
    );
  });
});

describe('formatNumber and formatDuration', () => {
  it('groups and separates decimals as each language does', () => {
    expect(formatNumber(1234.5, {}, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, {}, 'fr-CA').replace(/\s/g, ' ')).toBe('1 234,5');
  });

  it('writes durations as "7h 30m" in English and "7 h 30" in French', () => {
    expect([0, 5, 60, 450, 600].map((minutes) => formatDuration(minutes, 'en'))).toEqual([
      '0m',
      '5m',
      '1h',
      '7h 30m',
      '10h',
    ]);
    // French sets a number and its unit apart with a no-break space.
    expect([0, 5, 60, 450, 605].map((minutes) => formatDuration(minutes, 'fr-CA'))).toEqual([
      '0\u00a0min',
      '5\u00a0min',
      '1\u00a0h',
      '7\u00a0h\u00a030',
      '10\u00a0h\u00a005',
    ]);
  });
});

describe('times of day, ranges, dates in sentences and timers (#28 item 19)', () => {
  it('writes a schedule’s wall-clock times as each language reads them', () => {
    const cases = ['08:30', '09:00', '00:00', '00:15', '12:00', '12:30', '16:45', '23:59', '24:00'];
    expect(cases.map((time) => formatTimeOfDay(time, 'en'))).toEqual([
      '8:30 AM',
      '9:00 AM',
      '12:00 AM',
      '12:15 AM',
      '12:00 PM',
      '12:30 PM',
      '4:45 PM',
      '11:59 PM',
      '12:00 AM',
    ]);
    // French: 24-hour, "h" between, no zeros on the hour (OQLF); 24:00 ends a day.
    expect(cases.map((time) => formatTimeOfDay(time, 'fr-CA').replace(/\u00a0/g, ' '))).toEqual([
      '8 h 30',
      '9 h',
      '0 h',
      '0 h 15',
      '12 h',
      '12 h 30',
      '16 h 45',
      '23 h 59',
      '24 h',
    ]);
    // Seconds as the database's time type returns them are ignored.
    expect(formatTimeOfDay('17:00:00', 'en')).toBe('5:00 PM');
  });

  it('writes a shift as a range, overnight and to midnight included', () => {
    expect(formatTimeRange('09:00', '17:00', 'en')).toBe('9:00 AM–5:00 PM');
    expect(formatTimeRange('22:00', '06:00', 'en')).toBe('10:00 PM–6:00 AM');
    expect(formatTimeRange('16:00', '24:00', 'en')).toBe('4:00 PM–12:00 AM');
    expect(formatTimeRange('09:00', '17:00', 'fr-CA')).toBe('9\u00a0h\u00a0– 17\u00a0h');
    expect(formatTimeRange('08:30', '16:45', 'fr-CA')).toBe(
      '8\u00a0h\u00a030\u00a0– 16\u00a0h\u00a045',
    );
    expect(formatTimeRange('16:00', '24:00', 'fr-CA')).toBe('16\u00a0h\u00a0– 24\u00a0h');
  });

  it('writes an instant’s time on the hour without zeros in French, not in English', () => {
    const at = (iso: string, locale: 'en' | 'fr-CA') =>
      formatDate(iso, 'h:mm a', { timeZone: TORONTO, locale });
    expect(at('2026-11-25T14:00:00Z', 'en')).toBe('9:00 AM');
    expect(at('2026-11-25T14:00:00Z', 'fr-CA')).toBe('9\u00a0h');
    expect(at('2026-11-25T14:05:00Z', 'fr-CA')).toBe('9\u00a0h\u00a005');
    expect(at('2026-11-26T05:00:00Z', 'fr-CA')).toBe('0\u00a0h');
    // DST applies to instants: 07:00Z on 8 March 2026 is 3 AM in Toronto, not 2.
    expect(at('2026-03-08T07:00:00Z', 'fr-CA')).toBe('3\u00a0h');
    expect(
      formatDate('2026-11-25T14:00:05Z', 'h:mm:ss a', { timeZone: TORONTO, locale: 'fr-CA' }),
    ).toBe('9\u00a0h\u00a000\u00a0min\u00a005\u00a0s');
  });

  it('writes business dates for sentences and headings, whatever the reader’s zone', () => {
    expect(formatBusinessDateLong('2026-12-17', 'en')).toBe('Dec 17, 2026');
    expect(formatBusinessDateLong('2026-12-17', 'fr-CA')).toBe('17 déc. 2026');
    expect(formatBusinessDateLong('2027-01-01', 'en')).toBe('Jan 1, 2027');
    expect(formatDateRange('2026-11-22', '2026-12-05', 'en')).toBe('Nov 22 – Dec 5, 2026');
    expect(formatDateRange('2026-11-22', '2026-12-05', 'fr-CA')).toBe('22 nov. – 5 déc. 2026');
    expect(formatDateRange('2026-12-27', '2027-01-09', 'en')).toBe('Dec 27, 2026 – Jan 9, 2027');
    expect(formatDateRange('2026-12-17', '2026-12-17', 'fr-CA')).toBe('17 déc. 2026');
  });

  it('writes a live timer as a stopwatch in English and with its units in French', () => {
    const seconds = [0, 8, 59.9, 15 * 60, 3600 + 5 * 60 + 7, -5];
    expect(seconds.map((value) => formatElapsedTime(value, 'en'))).toEqual([
      '0:00',
      '0:08',
      '0:59',
      '15:00',
      '1:05:07',
      '0:00',
    ]);
    expect(
      seconds.map((value) => formatElapsedTime(value, 'fr-CA').replace(/\u00a0/g, ' ')),
    ).toEqual(['0 s', '8 s', '59 s', '15 min 00 s', '1 h 05 min 07 s', '0 s']);
  });
});
