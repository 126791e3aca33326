import { describe, expect, it } from 'vitest';
import { businessInstant } from '@punchclock/shared/domain/business-time';
import { availabilitySpans, lockedShiftsOf, timeOffSpans, weekLimitsOf } from './problem-loader.ts';

const TZ = 'America/Toronto';
const ms = (date: string, time: string) => businessInstant(date, time, TZ).getTime();

describe('the auto-fill problem from roster data', () => {
  it('makes "unavailable" hard and "prefer not" soft; a date’s exceptions replace its weekly rules', () => {
    const spans = availabilitySpans(
      [
        { weekday: 1, kind: 'prefer_not', startTime: '06:00', endTime: '09:00' },
        { weekday: 2, kind: 'unavailable', startTime: '18:00', endTime: '00:00' },
        { weekday: 3, kind: 'unavailable', startTime: null, endTime: null },
      ],
      [{ date: '2031-03-12', kind: 'available', startTime: null, endTime: null }],
      ['2031-03-10', '2031-03-11', '2031-03-12'],
      TZ,
    );
    expect(spans.preferNot).toEqual([
      { start: ms('2031-03-10', '06:00'), end: ms('2031-03-10', '09:00') },
    ]);
    // Tuesday evening to midnight; Wednesday's whole-day rule is replaced by its exception.
    expect(spans.unavailable).toEqual([
      { start: ms('2031-03-11', '18:00'), end: ms('2031-03-12', '00:00') },
    ]);
  });

  it('takes whole days of time off, and a part-day request’s hours, on the dates asked', () => {
    const spans = timeOffSpans(
      [
        {
          startDate: '2031-03-07',
          endDate: '2031-03-09',
          startTime: null,
          endTime: null,
          status: 'pending',
          typeName: 'Vacation',
        },
        {
          startDate: '2031-03-11',
          endDate: '2031-03-11',
          startTime: '13:00',
          endTime: '15:00',
          status: 'approved',
          typeName: 'Appointment',
        },
      ],
      // 2031-03-09 is the spring-forward day in Toronto: 23 hours.
      ['2031-03-09', '2031-03-10', '2031-03-11'],
      TZ,
    );
    expect(spans).toEqual([
      { start: ms('2031-03-09', '00:00'), end: ms('2031-03-10', '00:00') },
      { start: ms('2031-03-11', '13:00'), end: ms('2031-03-11', '15:00') },
    ]);
    expect((spans[0]?.end ?? 0) - (spans[0]?.start ?? 0)).toBe(23 * 3_600_000);
  });

  it('locks board shifts and template shifts in the range with their lunch and paid minutes', () => {
    const base = { userId: 'u', breakDurationMins: 15, overrideReason: null };
    const locked = lockedShiftsOf(
      [
        {
          ...base,
          id: 'a',
          date: '2031-03-10',
          startTime: '22:00',
          endTime: '06:00',
          lunchStart: '02:00',
          lunchEnd: '02:30',
          position: 'cashier',
        },
        {
          ...base,
          id: 'template:2031-03-11',
          date: '2031-03-11',
          startTime: '09:00',
          endTime: '17:00',
          lunchStart: null,
          lunchEnd: null,
          position: null,
        },
        {
          ...base,
          id: 'b',
          date: '2031-03-20',
          startTime: '09:00',
          endTime: '17:00',
          lunchStart: null,
          lunchEnd: null,
          position: null,
        },
      ],
      '2031-03-07',
      '2031-03-15',
      TZ,
    );
    expect(locked).toEqual([
      {
        date: '2031-03-10',
        start: ms('2031-03-10', '22:00'),
        end: ms('2031-03-11', '06:00'),
        lunch: { start: ms('2031-03-11', '02:00'), end: ms('2031-03-11', '02:30') },
        paidMinutes: 450,
        position: 'cashier',
      },
      // A template shift on a day without a board shift is the person's day too (decision 0047).
      {
        date: '2031-03-11',
        start: ms('2031-03-11', '09:00'),
        end: ms('2031-03-11', '17:00'),
        lunch: null,
        paidMinutes: 480,
        position: '',
      },
    ]);
  });

  it('takes a person’s own weekly hours over the team’s, never letting the minimum pass the maximum', () => {
    const team = { minWeekMinutes: 1200, maxWeekMinutes: 2400 };
    const none = { minWeekMinutes: null, maxWeekMinutes: null };
    expect(weekLimitsOf(none, team)).toEqual(team);
    expect(weekLimitsOf({ minWeekMinutes: 900, maxWeekMinutes: 1500 }, team)).toEqual({
      minWeekMinutes: 900,
      maxWeekMinutes: 1500,
    });
    // A part-timer's own 10 h maximum under the team's 20 h minimum: the minimum follows it down.
    expect(weekLimitsOf({ minWeekMinutes: null, maxWeekMinutes: 600 }, team)).toEqual({
      minWeekMinutes: 600,
      maxWeekMinutes: 600,
    });
  });
});
