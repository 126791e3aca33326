import { describe, expect, it } from 'vitest';
import { formatBusinessTime } from '../business-time.ts';
import {
  applyPayRounding,
  graceClockIn,
  graceClockOut,
  paidMinutesBetween,
  roundToNearestMinutes,
  validatePayRounding,
  type PayRoundingRule,
} from './rounding.ts';

const TORONTO = 'America/Toronto';
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

// June 2026 is EDT (UTC−4): 08:00 local = 12:00Z, 17:00 local = 21:00Z.

describe('roundToNearestMinutes', () => {
  it('rounds to 15 minutes: 7 min 29 s goes down, 7 min 30 s (half-way) goes up', () => {
    expect(iso(roundToNearestMinutes(at('2026-06-10T12:07:29Z'), 15))).toBe(
      '2026-06-10T12:00:00.000Z',
    );
    expect(iso(roundToNearestMinutes(at('2026-06-10T12:07:30Z'), 15))).toBe(
      '2026-06-10T12:15:00.000Z',
    );
    // 16:52: 7 min after 16:45, 8 before 17:00 → 16:45.
    expect(iso(roundToNearestMinutes(at('2026-06-10T20:52:00Z'), 15))).toBe(
      '2026-06-10T20:45:00.000Z',
    );
  });

  it('rounds to 6 minutes (tenths of an hour) and 5 minutes', () => {
    // 08:02:59 is under 3 min past 08:00 → 08:00; 08:03 is half-way → 08:06.
    expect(iso(roundToNearestMinutes(at('2026-06-10T12:02:59Z'), 6))).toBe(
      '2026-06-10T12:00:00.000Z',
    );
    expect(iso(roundToNearestMinutes(at('2026-06-10T12:03:00Z'), 6))).toBe(
      '2026-06-10T12:06:00.000Z',
    );
    // 16:58: 4 min after 16:54, 2 before 17:00 → 17:00.
    expect(iso(roundToNearestMinutes(at('2026-06-10T20:58:00Z'), 6))).toBe(
      '2026-06-10T21:00:00.000Z',
    );
    expect(iso(roundToNearestMinutes(at('2026-06-10T21:02:29Z'), 5))).toBe(
      '2026-06-10T21:00:00.000Z',
    );
    expect(iso(roundToNearestMinutes(at('2026-06-10T21:02:30Z'), 5))).toBe(
      '2026-06-10T21:05:00.000Z',
    );
  });

  it('rounds an instant in the repeated 01:00–02:00 hour of 2026-11-01 within its own pass', () => {
    // First pass (EDT, UTC−4): 01:07 EDT = 05:07Z → 01:05 EDT = 05:05Z, not 01:05 EST (06:05Z).
    const firstPass = roundToNearestMinutes(at('2026-11-01T05:07:00Z'), 5);
    expect(iso(firstPass)).toBe('2026-11-01T05:05:00.000Z');
    expect(formatBusinessTime(firstPass, TORONTO)).toBe('1:05 AM');
    // Second pass (EST, UTC−5): 01:58 EST = 06:58Z → 02:00 EST = 07:00Z.
    const secondPass = roundToNearestMinutes(at('2026-11-01T06:58:00Z'), 15);
    expect(iso(secondPass)).toBe('2026-11-01T07:00:00.000Z');
    expect(formatBusinessTime(secondPass, TORONTO)).toBe('2:00 AM');
  });

  it('gives the local-clock marks in Newfoundland too (offset −2:30 in summer)', () => {
    // 08:07 NDT = 10:37Z → nearest 15 on the local clock is 08:00 NDT = 10:30Z.
    const rounded = roundToNearestMinutes(at('2026-06-10T10:37:00Z'), 15);
    expect(formatBusinessTime(rounded, 'America/St_Johns')).toBe('8:00 AM');
  });

  it('refuses other steps', () => {
    expect(() => roundToNearestMinutes(at('2026-06-10T12:00:00Z'), 7)).toThrow('5, 6 or 15');
  });
});

describe('grace at start and end', () => {
  const start = at('2026-06-10T13:00:00Z'); // 09:00 EDT
  const end = at('2026-06-10T21:00:00Z'); // 17:00 EDT

  it('counts a clock-in up to G minutes late as the start, and nothing later or earlier', () => {
    expect(iso(graceClockIn(at('2026-06-10T13:05:00Z'), start, 5))).toBe(iso(start));
    expect(iso(graceClockIn(at('2026-06-10T13:00:30Z'), start, 5))).toBe(iso(start));
    expect(iso(graceClockIn(at('2026-06-10T13:05:01Z'), start, 5))).toBe(
      '2026-06-10T13:05:01.000Z',
    );
    expect(iso(graceClockIn(at('2026-06-10T12:55:00Z'), start, 5))).toBe(
      '2026-06-10T12:55:00.000Z',
    );
  });

  it('counts a clock-out up to G minutes early as the end, and nothing earlier or later', () => {
    expect(iso(graceClockOut(at('2026-06-10T20:55:00Z'), end, 5))).toBe(iso(end));
    expect(iso(graceClockOut(at('2026-06-10T20:54:59Z'), end, 5))).toBe('2026-06-10T20:54:59.000Z');
    expect(iso(graceClockOut(at('2026-06-10T21:10:00Z'), end, 5))).toBe('2026-06-10T21:10:00.000Z');
  });

  it('compares instants in the repeated hour, not wall-clock times', () => {
    // Shift starts 01:30 EST (06:30Z) on 2026-11-01. A clock-in at 01:33 EST (06:33Z) is 3 min
    // late → the start. A clock-in at "01:32" EDT (05:32Z) is 58 minutes EARLY, not 2 min late:
    // it stays as punched (a wall-clock comparison would wrongly call it late).
    const nightStart = at('2026-11-01T06:30:00Z');
    expect(iso(graceClockIn(at('2026-11-01T06:33:00Z'), nightStart, 5))).toBe(iso(nightStart));
    expect(iso(graceClockIn(at('2026-11-01T05:32:00Z'), nightStart, 5))).toBe(
      '2026-11-01T05:32:00.000Z',
    );
  });
});

describe('applyPayRounding', () => {
  const nearest15: PayRoundingRule = { kind: 'nearest', stepMinutes: 15 };

  it('pays the rounded times and leaves the raw punches untouched', () => {
    // In 08:07:30 → 08:15; out 16:52 → 16:45: paid 8 h 30 min = 510 min.
    // Raw: 16:52:00 − 08:07:30 = 8 h 44 min 30 s → 524 whole minutes.
    const raw = { clockIn: at('2026-06-10T12:07:30Z'), clockOut: at('2026-06-10T20:52:00Z') };
    const paid = applyPayRounding(raw, nearest15);
    expect(iso(paid.clockIn)).toBe('2026-06-10T12:15:00.000Z');
    expect(iso(paid.clockOut)).toBe('2026-06-10T20:45:00.000Z');
    expect(paidMinutesBetween(paid)).toBe(510);
    expect(iso(raw.clockIn)).toBe('2026-06-10T12:07:30.000Z');
    expect(iso(raw.clockOut)).toBe('2026-06-10T20:52:00.000Z');
    expect(paidMinutesBetween(raw)).toBe(524);
  });

  it('pays a shift inside the repeated hour by instants: 01:52 EDT → 01:08 EST', () => {
    // Raw 05:52Z → 06:08Z = 16 min. In: 01:52 EDT is 7 min after 01:45 → 01:45 EDT (05:45Z).
    // Out: 01:08 EST is 8 min after 01:00, 7 before 01:15 → 01:15 EST (06:15Z). Paid 30 min, though
    // the wall clock reads 1:45 AM in and 1:15 AM out.
    const paid = applyPayRounding(
      { clockIn: at('2026-11-01T05:52:00Z'), clockOut: at('2026-11-01T06:08:00Z') },
      nearest15,
    );
    expect(formatBusinessTime(paid.clockIn, TORONTO)).toBe('1:45 AM');
    expect(formatBusinessTime(paid.clockOut, TORONTO)).toBe('1:15 AM');
    expect(paidMinutesBetween(paid)).toBe(30);
  });

  it('never pays a clock-out before the clock-in', () => {
    // 08:02 and 08:05 both round to 08:00 (15-minute step): nothing paid.
    const paid = applyPayRounding(
      { clockIn: at('2026-06-10T12:02:00Z'), clockOut: at('2026-06-10T12:05:00Z') },
      nearest15,
    );
    expect(paidMinutesBetween(paid)).toBe(0);
    // 08:07 → 08:00 but 08:07:40 → 08:15: 15 min paid for 40 s worked is what rounding does.
    const tiny = applyPayRounding(
      { clockIn: at('2026-06-10T12:07:00Z'), clockOut: at('2026-06-10T12:07:40Z') },
      nearest15,
    );
    expect(paidMinutesBetween(tiny)).toBe(15);
  });

  it('applies grace against the shift, and pays as punched without a shift or rule', () => {
    // Shift 09:00–17:00 EDT; in 09:04, out 16:57, grace 5 → paid 09:00–17:00 = 480 min.
    const shift = { start: at('2026-06-10T13:00:00Z'), end: at('2026-06-10T21:00:00Z') };
    const raw = { clockIn: at('2026-06-10T13:04:00Z'), clockOut: at('2026-06-10T20:57:00Z') };
    const grace: PayRoundingRule = { kind: 'grace', graceMinutes: 5 };
    expect(paidMinutesBetween(applyPayRounding(raw, grace, shift))).toBe(480);
    // Without the shift, or with no rule: 09:04–16:57 = 7 h 53 min = 473 min.
    expect(paidMinutesBetween(applyPayRounding(raw, grace))).toBe(473);
    expect(paidMinutesBetween(applyPayRounding(raw, { kind: 'none' }))).toBe(473);
  });
});

describe('validatePayRounding', () => {
  it('accepts the usual rules and explains bad ones', () => {
    expect(validatePayRounding({ kind: 'nearest', stepMinutes: 6 })).toEqual([]);
    expect(validatePayRounding({ kind: 'grace', graceMinutes: 0 })).toEqual([]);
    expect(validatePayRounding({ kind: 'nearest', stepMinutes: 10 as 5 })).toEqual([
      'Round to the nearest 5, 6 or 15 minutes',
    ]);
    expect(validatePayRounding({ kind: 'grace', graceMinutes: -1 })).toEqual([
      'Grace must be a whole number of minutes, not negative',
    ]);
    expect(validatePayRounding({ kind: 'grace', graceMinutes: 60 })).toEqual([
      'Grace must be shorter than an hour',
    ]);
  });
});
