import fc from 'fast-check';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatNumber, type DatePattern } from './format.ts';

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
