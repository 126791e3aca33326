import { describe, expect, it } from 'vitest';
import {
  isTemplateShiftId,
  rosterShiftInstants,
  rosterShiftPaidMinutes,
  rosterShiftWork,
  templateShiftId,
  type RosterShift,
} from './shift.ts';

const TORONTO = 'America/Toronto';
const HOUR = 3_600_000;

function shift(date: string, startTime: string, endTime: string, extra: Partial<RosterShift> = {}) {
  return {
    id: 's',
    userId: null,
    date,
    startTime,
    endTime,
    lunchStart: null,
    lunchEnd: null,
    breakDurationMins: 15,
    position: null,
    overrideReason: null,
    ...extra,
  } satisfies RosterShift;
}

const realHours = ({ start, end }: { start: Date; end: Date }) =>
  (end.getTime() - start.getTime()) / HOUR;

describe('rosterShiftInstants', () => {
  it.each([
    ['an ordinary night', '2026-03-09', 8, '2026-03-10T02:00:00.000Z'],
    ['the spring-forward night', '2026-03-07', 7, '2026-03-08T03:00:00.000Z'],
    ['the fall-back night', '2026-10-31', 9, '2026-11-01T02:00:00.000Z'],
  ])('22:00–06:00 on %s is %s real hours', (_name, date, hours, start) => {
    const instants = rosterShiftInstants(shift(date, '22:00', '06:00'), TORONTO);
    expect(realHours(instants)).toBe(hours);
    expect(instants.start.toISOString()).toBe(start);
  });

  it('ends a shift whose end is its start time the next day', () => {
    expect(realHours(rosterShiftInstants(shift('2026-03-09', '09:00', '09:00'), TORONTO))).toBe(24);
  });
});

describe('rosterShiftPaidMinutes', () => {
  it.each([
    ['09:00', '17:00', null, null, 480],
    ['09:00', '17:00', '12:00', '12:30', 450],
    ['22:00', '06:00', '02:00', '02:30', 450],
    ['22:00', '06:00', null, null, 480],
  ])(
    '%s–%s with lunch %s–%s: %s minutes (on the clock)',
    (start, end, lunchStart, lunchEnd, paid) => {
      expect(rosterShiftPaidMinutes({ startTime: start, endTime: end, lunchStart, lunchEnd })).toBe(
        paid,
      );
    },
  );
});

describe('rosterShiftWork', () => {
  it('is the whole shift without a lunch', () => {
    expect(rosterShiftWork(shift('2026-03-09', '09:00', '17:00'), TORONTO)).toEqual([
      { start: '2026-03-09T13:00:00.000Z', end: '2026-03-09T21:00:00.000Z' },
    ]);
  });

  it('splits at the unpaid lunch, on the next day after midnight of an overnight shift', () => {
    const night = shift('2026-10-31', '22:00', '06:00', { lunchStart: '03:00', lunchEnd: '03:30' });
    // 22:00 EDT = 02:00Z; 03:00 EST = 08:00Z; 06:00 EST = 11:00Z.
    expect(rosterShiftWork(night, TORONTO)).toEqual([
      { start: '2026-11-01T02:00:00.000Z', end: '2026-11-01T08:00:00.000Z' },
      { start: '2026-11-01T08:30:00.000Z', end: '2026-11-01T11:00:00.000Z' },
    ]);
  });
});

describe('template shift ids', () => {
  it('marks a template shift by its id', () => {
    expect(templateShiftId('2026-03-08')).toBe('template:2026-03-08');
    expect(isTemplateShiftId(templateShiftId('2026-03-08'))).toBe(true);
    expect(isTemplateShiftId('5b0c1f3e-0000-4000-8000-000000000000')).toBe(false);
  });
});
