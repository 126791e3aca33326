import { describe, expect, it } from 'vitest';
import type { WeeklyAvailabilityRule } from '../../contracts/rosters.ts';
import { availabilityRangeInstants, resolveDayAvailability } from './availability.ts';

const TORONTO = 'America/Toronto';
const HOUR = 3_600_000;

const weekly: WeeklyAvailabilityRule[] = [
  { weekday: 2, kind: 'unavailable', startTime: '17:00', endTime: '22:00' },
  { weekday: 2, kind: 'prefer_not', startTime: '06:00', endTime: '09:00' },
  { weekday: 3, kind: 'unavailable', startTime: null, endTime: null },
];

describe('resolveDayAvailability', () => {
  it('takes the weekly rules of the date’s weekday, by start time', () => {
    expect(resolveDayAvailability(weekly, [], '2026-03-10')).toEqual({
      date: '2026-03-10',
      ranges: [
        { kind: 'prefer_not', startTime: '06:00', endTime: '09:00' },
        { kind: 'unavailable', startTime: '17:00', endTime: '22:00' },
      ],
    });
  });

  it('states nothing for a weekday without rules (available)', () => {
    expect(resolveDayAvailability(weekly, [], '2026-03-09')).toEqual({
      date: '2026-03-09',
      ranges: [],
    });
  });

  it('lets the date’s exceptions replace its weekly rules', () => {
    const exceptions = [
      { date: '2026-03-10', kind: 'available' as const, startTime: '17:00', endTime: '22:00' },
      { date: '2026-03-17', kind: 'unavailable' as const, startTime: null, endTime: null },
    ];
    expect(resolveDayAvailability(weekly, exceptions, '2026-03-10')).toEqual({
      date: '2026-03-10',
      ranges: [{ kind: 'available', startTime: '17:00', endTime: '22:00' }],
    });
    expect(resolveDayAvailability(weekly, exceptions, '2026-03-11').ranges).toEqual([
      { kind: 'unavailable', startTime: null, endTime: null },
    ]);
  });
});

describe('availabilityRangeInstants', () => {
  const hours = ({ start, end }: { start: Date; end: Date }) =>
    (end.getTime() - start.getTime()) / HOUR;
  it.each([
    ['a whole ordinary day', '2026-03-09', null, null, 24],
    ['the whole spring-forward day', '2026-03-08', null, null, 23],
    ['the whole fall-back day', '2026-11-01', null, null, 25],
    ['17:00–22:00', '2026-03-09', '17:00', '22:00', 5],
    ['18:00 to midnight (end 00:00)', '2026-03-09', '18:00', '00:00', 6],
    ['20:00–08:00 runs to midnight only', '2026-03-09', '20:00', '08:00', 4],
  ])('%s', (_name, date, startTime, endTime, expected) => {
    expect(
      hours(availabilityRangeInstants({ kind: 'unavailable', startTime, endTime }, date, TORONTO)),
    ).toBe(expected);
  });
});
