import { describe, expect, it } from 'vitest';
import type { Timesheet, TimesheetDay } from '@punchclock/shared/contracts/timesheets';
import {
  daysWithEntries,
  describeFinding,
  formatOvertime,
  formatOvertimeCode,
  formatPeriod,
  summariseTotals,
} from './timesheet-summary';

const TZ = 'America/Toronto';

const totals: Timesheet['totals'] = {
  workedMinutes: 52 * 60 + 30,
  regularMinutes: 44 * 60,
  overtime: { 'OT1.5': 8 * 60 + 30, OT2: 0 },
  breakMinutes: 45,
  lunchMinutes: 150,
  paidLeaveMinutes: 0,
  unpaidLeaveMinutes: 0,
};

const day = (date: string, changes: Partial<TimesheetDay> = {}): TimesheetDay => ({
  date,
  workedMinutes: 0,
  regularMinutes: 0,
  overtime: {},
  breakMinutes: 0,
  lunchMinutes: 0,
  paidLeaveMinutes: 0,
  unpaidLeaveMinutes: 0,
  holiday: null,
  isCorrected: false,
  leaveByPayCode: {},
  holidayPayMinutes: 0,
  workedOnHoliday: false,
  ...changes,
});

describe('timesheet summary', () => {
  it('writes the period with the year once, or twice across New Year', () => {
    expect(formatPeriod({ start: '2026-11-15', end: '2026-11-28' })).toBe('Nov 15 – Nov 28, 2026');
    expect(formatPeriod({ start: '2026-12-27', end: '2027-01-09' })).toBe(
      'Dec 27, 2026 – Jan 9, 2027',
    );
  });

  it('names overtime codes by their multiplier and leaves out codes with no minutes', () => {
    expect(formatOvertimeCode('OT1.5')).toBe('OT 1.5×');
    expect(formatOvertimeCode('OT2')).toBe('OT 2×');
    expect(formatOvertimeCode('STAT')).toBe('STAT');
    expect(formatOvertime({ 'OT1.5': 90, OT2: 30 })).toBe('OT 1.5× 1h 30m, OT 2× 30m');
    expect(formatOvertime({ OT2: 0 })).toBe('—');
  });

  it('lists the totals, one line per overtime code with minutes', () => {
    expect(summariseTotals(totals)).toEqual([
      { label: 'Worked', value: '52h 30m' },
      { label: 'Regular', value: '44h' },
      { label: 'OT 1.5×', value: '8h 30m' },
      { label: 'Breaks', value: '45m' },
      { label: 'Lunch', value: '2h 30m' },
      { label: 'Paid leave', value: '0m' },
    ]);
  });

  it('shows a single zero Overtime line when there is none', () => {
    const lines = summariseTotals({ ...totals, overtime: {} });
    expect(lines.map((line) => line.label)).toEqual([
      'Worked',
      'Regular',
      'Overtime',
      'Breaks',
      'Lunch',
      'Paid leave',
    ]);
    expect(lines[2]?.value).toBe('0m');
  });

  it('keeps only days with something in them or a holiday', () => {
    const days = [
      day('2026-11-15'),
      day('2026-11-16', { workedMinutes: 480 }),
      day('2026-11-17', { holiday: 'Remembrance Day' }),
      day('2026-11-18', { isCorrected: true }),
      day('2026-11-19', { paidLeaveMinutes: 480 }),
    ];
    expect(daysWithEntries(days).map((entry) => entry.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
  });

  it('writes each finding as a plain sentence, dated in the business time zone', () => {
    expect(
      describeFinding(
        {
          kind: 'missing-eating-period',
          // 21:00 in Toronto on Nov 18, already Nov 19 in UTC.
          start: '2026-11-19T02:00:00.000Z',
          end: '2026-11-19T08:00:00.000Z',
          workedMinutes: 360,
          fiveHoursReachedAt: '2026-11-19T07:00:00.000Z',
        },
        TZ,
      ),
    ).toBe('Worked more than 5 hours without a 30-minute eating period on Nov 18');
    expect(
      describeFinding(
        {
          kind: 'excess-weekly-hours',
          weekStartDate: '2026-11-15',
          weekStart: '2026-11-15T05:00:00.000Z',
          weekEnd: '2026-11-22T05:00:00.000Z',
          workedMinutes: 52 * 60,
        },
        TZ,
      ),
    ).toBe('More than 48 hours in the week of Nov 15 (52h)');
    expect(
      describeFinding(
        {
          kind: 'short-rest-between-shifts',
          previousShiftEnd: '2026-11-20T03:00:00.000Z',
          nextShiftStart: '2026-11-20T09:30:00.000Z',
          offMinutes: 390,
        },
        TZ,
      ),
    ).toBe('Less than 8 hours off between shifts on Nov 20 (6h 30m)');
    expect(
      describeFinding(
        {
          kind: 'short-daily-rest',
          businessDate: '2026-09-14',
          windowStart: '2026-09-14T13:00:00.000Z',
          windowEnd: '2026-09-15T13:00:00.000Z',
          longestOffMinutes: 360,
        },
        TZ,
      ),
    ).toBe('Less than 11 hours off in a row in the day from Sep 14 (longest 6h)');
    expect(
      describeFinding(
        {
          kind: 'missing-weekly-rest',
          periodStartDate: '2026-11-15',
          periodStart: '2026-11-15T05:00:00.000Z',
          periodEnd: '2026-11-22T05:00:00.000Z',
          requiredOffMinutes: 24 * 60,
          longestOffMinutes: 20 * 60,
        },
        TZ,
      ),
    ).toBe('No 24h off in a row in the period from Nov 15 (longest 20h)');
  });
});
