import { describe, expect, it } from 'vitest';
import { businessInstant } from '../business-time.ts';
import { coverageGap, coverageOf, intervalsOfDay } from './coverage.ts';

const TORONTO = 'America/Toronto';
const at = (date: string, time: string) => businessInstant(date, time, TORONTO);

describe('intervalsOfDay', () => {
  it('cuts an ordinary day into 48 half-hours from midnight', () => {
    const intervals = intervalsOfDay('2026-06-15', 30, TORONTO);
    expect(intervals).toHaveLength(48);
    expect(intervals[0]?.label).toBe('00:00');
    expect(intervals[18]?.label).toBe('09:00');
    expect(intervals[47]?.label).toBe('23:30');
    expect(intervals[0]?.start.toISOString()).toBe('2026-06-15T04:00:00.000Z');
  });

  it('has 46 half-hours on the spring-forward day and 50 on the fall-back day', () => {
    const spring = intervalsOfDay('2026-03-08', 30, TORONTO);
    expect(spring).toHaveLength(46);
    expect(spring.map((interval) => interval.label).slice(3, 6)).toEqual([
      '01:30',
      '03:00',
      '03:30',
    ]);
    const fall = intervalsOfDay('2026-11-01', 30, TORONTO);
    expect(fall).toHaveLength(50);
    expect(fall.map((interval) => interval.label).slice(2, 7)).toEqual([
      '01:00',
      '01:30',
      '01:00',
      '01:30',
      '02:00',
    ]);
    expect(intervalsOfDay('2026-06-15', 15, TORONTO)).toHaveLength(96);
  });

  it('refuses a length that does not divide a day', () => {
    expect(() => intervalsOfDay('2026-06-15', 7, TORONTO)).toThrow(RangeError);
  });
});

describe('coverageOf', () => {
  const day = '2026-06-15';
  const intervals = intervalsOfDay(day, 30, TORONTO);
  const index = (label: string) => intervals.findIndex((interval) => interval.label === label);

  it('counts people per interval, part of an interval as a share, and not their lunch', () => {
    const coverage = coverageOf(
      [
        {
          start: at(day, '09:00'),
          end: at(day, '17:00'),
          lunch: { start: at(day, '12:00'), end: at(day, '12:30') },
        },
        { start: at(day, '09:15'), end: at(day, '13:00') },
      ],
      intervals,
    );
    expect(coverage[index('08:30')]).toBe(0);
    expect(coverage[index('09:00')]).toBe(1.5);
    expect(coverage[index('09:30')]).toBe(2);
    expect(coverage[index('12:00')]).toBe(1);
    expect(coverage[index('13:00')]).toBe(1);
    expect(coverage[index('16:30')]).toBe(1);
    expect(coverage[index('17:00')]).toBe(0);
  });

  it('covers the real hours of an overnight shift across the fall-back night', () => {
    const intervals = intervalsOfDay('2026-11-01', 30, TORONTO);
    // 22:00 on Oct 31 to 06:00 on Nov 1: the part on Nov 1 is 7 real hours (14 half-hours).
    const coverage = coverageOf(
      [{ start: at('2026-10-31', '22:00'), end: at('2026-11-01', '06:00') }],
      intervals,
    );
    expect(coverage.reduce((sum, people) => sum + people, 0)).toBe(14);
  });
});

describe('coverageGap', () => {
  it('says where the plan falls short or over, and what share of the need it covers', () => {
    expect(coverageGap([2, 3, 0, 1], [2, 1, 1, 0])).toEqual({
      shortBy: [0, 2, 0, 1],
      overBy: [0, 0, 1, 0],
      coveredShare: 3 / 6,
    });
    expect(coverageGap([0, 0], [1, 0]).coveredShare).toBe(1);
    expect(() => coverageGap([1], [1, 2])).toThrow(RangeError);
  });
});
