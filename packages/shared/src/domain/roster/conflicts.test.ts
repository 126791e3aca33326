import { describe, expect, it } from 'vitest';
import type { ShiftConflictCode } from '../../contracts/rosters.ts';
import {
  findShiftConflicts,
  refusingConflicts,
  shiftConflict,
  takerRefusingConflicts,
  type PersonPlanContext,
  type PlanTimeOff,
} from './conflicts.ts';
import { templateShiftId, type RosterShift } from './shift.ts';

/*
 * Hand-made weeks in Toronto (EST = UTC−5, EDT = UTC−4). Spring forward: 2026-03-08 02:00 →
 * 03:00, so the night of Saturday 2026-03-07 is an hour short (22:00–06:00 is 7 real hours). Fall
 * back: 2026-11-01 02:00 → 01:00, an hour long (22:00–06:00 on 2026-10-31 is 9 real hours).
 * Weeks start on Sunday. Figures in comments are real hours unless said "on the clock".
 */

const TORONTO = 'America/Toronto';

function shift(
  date: string,
  startTime: string,
  endTime: string,
  extra: Partial<RosterShift> = {},
): RosterShift {
  return {
    id: `shift:${date}`,
    userId: 'person',
    date,
    startTime,
    endTime,
    lunchStart: null,
    lunchEnd: null,
    breakDurationMins: 0,
    position: null,
    overrideReason: null,
    ...extra,
  };
}

function person(extra: Partial<PersonPlanContext> = {}): PersonPlanContext {
  return {
    userId: 'person',
    positions: [],
    shifts: [],
    timeOff: [],
    weekly: [],
    exceptions: [],
    ...extra,
  };
}

/** The conflicts of each shift of a week planned for one person, checked against the others. */
function conflictsOfWeek(shifts: RosterShift[], extra: Partial<PersonPlanContext> = {}) {
  const context = person({ shifts, ...extra });
  return Object.fromEntries(
    shifts.map((each) => [each.date, findShiftConflicts(each, context, TORONTO)] as const),
  );
}

const codes = (conflicts: { code: ShiftConflictCode }[]) => conflicts.map((c) => c.code);

describe('an ordinary week', () => {
  it('has no conflicts: nine-to-five Monday to Friday with lunch', () => {
    const week = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'].map(
      (date) => shift(date, '09:00', '17:00', { lunchStart: '12:00', lunchEnd: '12:30' }),
    );
    // The ESA day runs from each shift's start (decision 0015): from midnight, every 9-to-5 day
    // (9 h and 7 h off either side) would be short of 11 hours.
    for (const conflicts of Object.values(conflictsOfWeek(week))) expect(conflicts).toEqual([]);
  });

  it('has no conflicts: five night shifts 22:00–06:00, across both DST changes', () => {
    for (const dates of [
      ['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'],
      ['2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'],
    ]) {
      const week = dates.map((date) => shift(date, '22:00', '06:00'));
      for (const conflicts of Object.values(conflictsOfWeek(week))) expect(conflicts).toEqual([]);
    }
  });
});

describe('overlap', () => {
  it('flags an overnight shift running into the next day’s, on both, as blocking', () => {
    const night = shift('2026-03-09', '22:00', '06:00');
    const morning = shift('2026-03-10', '05:00', '13:00');
    const result = conflictsOfWeek([night, morning]);
    expect(codes(result['2026-03-09']!)).toContain('overlap');
    expect(codes(result['2026-03-10']!)).toContain('overlap');
    const overlap = result['2026-03-10']!.find((c) => c.code === 'overlap')!;
    expect(overlap).toMatchObject({ severity: 'blocking', isOverridable: false });
    expect(overlap.message).toBe('Overlaps their other shift on Mar 9, 2026, 10:00 PM–6:00 AM');
  });

  it('does not flag shifts that only touch', () => {
    const result = conflictsOfWeek([
      shift('2026-03-09', '22:00', '06:00'),
      shift('2026-03-10', '06:00', '10:00'),
    ]);
    expect(codes(result['2026-03-10']!)).not.toContain('overlap');
  });

  it('skips the shift checked (by id) and the template shift of its date, not other ones', () => {
    const checked = shift('2026-03-10', '09:00', '17:00');
    const context = person({
      shifts: [
        checked,
        shift('2026-03-10', '08:00', '16:00', { id: templateShiftId('2026-03-10') }),
        shift('2026-03-09', '22:00', '10:00', { id: templateShiftId('2026-03-09') }),
      ],
    });
    const conflicts = findShiftConflicts(checked, context, TORONTO);
    expect(codes(conflicts).filter((code) => code === 'overlap')).toHaveLength(1);
    expect(conflicts[0]!.message).toContain('Mar 9, 2026');
  });

  it('reads a time of the repeated fall-back hour as its first (EDT) one', () => {
    // 2026-10-31 22:00 EDT (02:00Z) → 2026-11-01 01:30 EDT (05:30Z): 3.5 real hours. A shift
    // from 01:15 (05:15Z, the first 01:15) overlaps its last quarter hour.
    const result = conflictsOfWeek([
      shift('2026-10-31', '22:00', '01:30'),
      shift('2026-11-01', '01:15', '09:00'),
    ]);
    expect(codes(result['2026-11-01']!)).toContain('overlap');
    const later = conflictsOfWeek([
      shift('2026-10-31', '22:00', '01:30'),
      shift('2026-11-01', '01:30', '09:00'),
    ]);
    expect(codes(later['2026-11-01']!)).not.toContain('overlap');
  });
});

describe('time off', () => {
  const approved = (extra: Partial<PlanTimeOff>): PlanTimeOff => ({
    startDate: '2026-03-10',
    endDate: '2026-03-10',
    startTime: null,
    endTime: null,
    status: 'approved',
    typeName: 'Vacation',
    ...extra,
  });
  const check = (checked: RosterShift, timeOff: PlanTimeOff[]) =>
    findShiftConflicts(checked, person({ timeOff }), TORONTO);

  it.each([
    ['a whole day covering the date', shift('2026-03-10', '09:00', '17:00'), {}, ['time_off']],
    [
      'a range of days covering it',
      shift('2026-03-11', '09:00', '17:00'),
      { startDate: '2026-03-09', endDate: '2026-03-13' },
      ['time_off'],
    ],
    ['a whole day before it', shift('2026-03-11', '09:00', '17:00'), {}, []],
    [
      // The shift belongs to the day it starts: a day off after it is not its day.
      'a whole day after an overnight shift',
      shift('2026-03-09', '22:00', '06:00'),
      {},
      [],
    ],
    [
      'part of the day inside the shift',
      shift('2026-03-10', '09:00', '17:00'),
      { startTime: '13:00', endTime: '15:00' },
      ['time_off'],
    ],
    [
      'part of the day touching the shift’s end',
      shift('2026-03-10', '09:00', '17:00'),
      { startTime: '17:00', endTime: '19:00' },
      [],
    ],
    [
      'part of the next day inside an overnight shift',
      shift('2026-03-09', '22:00', '06:00'),
      { startTime: '05:00', endTime: '09:00' },
      ['time_off'],
    ],
    [
      'pending, whole day',
      shift('2026-03-10', '09:00', '17:00'),
      { status: 'pending' as const },
      ['time_off_pending'],
    ],
  ])('%s', (_name, checked, extra, expected) => {
    expect(codes(check(checked, [approved(extra)]))).toEqual(expected);
  });

  it('says which time off, and blocks approved but only warns of pending', () => {
    const checked = shift('2026-03-10', '09:00', '17:00');
    const [approvedConflict] = check(checked, [approved({})]);
    expect(approvedConflict).toEqual({
      code: 'time_off',
      severity: 'blocking',
      isOverridable: false,
      message: 'Vacation approved for Mar 10, 2026',
    });
    const [pending] = check(checked, [
      approved({ status: 'pending', typeName: 'Sick', startTime: '13:00', endTime: '17:00' }),
    ]);
    expect(pending).toEqual({
      code: 'time_off_pending',
      severity: 'warning',
      isOverridable: false,
      message: 'Sick asked for Mar 10, 2026, 1:00 PM–5:00 PM, waiting for a decision',
    });
  });
});

describe('availability', () => {
  // 2026-03-10 is a Tuesday; 2026-03-09 a Monday.
  const tuesdayEvenings = {
    weekday: 2,
    kind: 'unavailable' as const,
    startTime: '17:00',
    endTime: '22:00',
  };
  const check = (checked: RosterShift, extra: Partial<PersonPlanContext>) =>
    findShiftConflicts(checked, person(extra), TORONTO);

  it.each([
    ['overlapping an unavailable range', shift('2026-03-10', '12:00', '18:00'), ['unavailable']],
    ['ending as it starts', shift('2026-03-10', '09:00', '17:00'), []],
    ['another weekday', shift('2026-03-11', '12:00', '18:00'), []],
  ])('weekly rule, shift %s', (_name, checked, expected) => {
    expect(codes(check(checked, { weekly: [tuesdayEvenings] }))).toEqual(expected);
  });

  it('says when, in plain words, blocking but overridable', () => {
    const [conflict] = check(shift('2026-03-10', '12:00', '18:00'), { weekly: [tuesdayEvenings] });
    expect(conflict).toEqual({
      code: 'unavailable',
      severity: 'blocking',
      isOverridable: true,
      message: 'Unavailable 5:00 PM–10:00 PM on Tuesdays',
    });
  });

  it('lets a date’s exceptions replace its weekday’s rules', () => {
    const checked = shift('2026-03-10', '12:00', '18:00');
    const available = {
      date: '2026-03-10',
      kind: 'available' as const,
      startTime: null,
      endTime: null,
    };
    expect(check(checked, { weekly: [tuesdayEvenings], exceptions: [available] })).toEqual([]);
    const wholeDay = {
      date: '2026-03-10',
      kind: 'unavailable' as const,
      startTime: null,
      endTime: null,
    };
    expect(check(checked, { exceptions: [wholeDay] }).map((c) => c.message)).toEqual([
      'Unavailable all day on Mar 10, 2026',
    ]);
    // An exception on another date leaves the weekly rule in force.
    const elsewhere = { ...wholeDay, date: '2026-03-17' };
    expect(codes(check(checked, { weekly: [tuesdayEvenings], exceptions: [elsewhere] }))).toEqual([
      'unavailable',
    ]);
  });

  it('checks the next day for the part of an overnight shift after midnight', () => {
    const tuesdayMornings = {
      weekday: 2,
      kind: 'unavailable' as const,
      startTime: '00:00',
      endTime: '08:00',
    };
    const monday = shift('2026-03-09', '22:00', '06:00');
    expect(codes(check(monday, { weekly: [tuesdayMornings] }))).toEqual(['unavailable']);
    expect(
      codes(check(shift('2026-03-09', '14:00', '22:00'), { weekly: [tuesdayMornings] })),
    ).toEqual([]);
  });

  it('runs a range whose end is not after its start to midnight', () => {
    const lateEvenings = {
      weekday: 1,
      kind: 'prefer_not' as const,
      startTime: '18:00',
      endTime: '00:00',
    };
    const conflicts = check(shift('2026-03-09', '23:00', '03:00'), { weekly: [lateEvenings] });
    expect(conflicts).toEqual([
      {
        code: 'prefer_not',
        severity: 'warning',
        isOverridable: false,
        message: 'Would rather not work 6:00 PM–12:00 AM on Mondays',
      },
    ]);
  });

  it('reads the whole spring-forward day (23 hours) as the whole day', () => {
    const sunday = { weekday: 0, kind: 'unavailable' as const, startTime: null, endTime: null };
    // Saturday 2026-03-07 22:00 → Sunday 06:00 reaches into the Sunday.
    expect(codes(check(shift('2026-03-07', '22:00', '06:00'), { weekly: [sunday] }))).toEqual([
      'unavailable',
    ]);
    expect(codes(check(shift('2026-03-07', '14:00', '23:59'), { weekly: [sunday] }))).toEqual([]);
  });
});

describe('rest between shifts (8 hours, ESA)', () => {
  it.each([
    // [name, first shift, second shift, off minutes flagged or null]
    ['8 h off', ['2026-03-09', '14:00', '22:00'], ['2026-03-10', '06:00', '14:00'], null],
    [
      '7 h 30 min off',
      ['2026-03-09', '14:00', '22:00'],
      ['2026-03-10', '05:30', '13:30'],
      '7h 30m',
    ],
    // Spring forward: 23:00 Sat → 07:30 Sun is 8.5 h on the clock, 7.5 real hours.
    [
      '7 h 30 min real across spring forward',
      ['2026-03-07', '15:00', '23:00'],
      ['2026-03-08', '07:30', '15:30'],
      '7h 30m',
    ],
    // Fall back: 00:00 Sun → 07:00 Sun is 7 h on the clock, 8 real hours.
    [
      '8 h real across fall back',
      ['2026-10-31', '16:00', '00:00'],
      ['2026-11-01', '07:00', '15:00'],
      null,
    ],
    // ESA s. 18(3): the 8 hours are owed only when the two shifts exceed 13 hours together.
    [
      'short shifts, 12 h together',
      ['2026-03-09', '09:00', '15:00'],
      ['2026-03-09', '20:00', '02:00'],
      null,
    ],
  ] as const)('%s', (_name, first, second, off) => {
    const a = shift(first[0], first[1], first[2], { id: 'a' });
    const b = shift(second[0], second[1], second[2], { id: 'b' });
    const context = person({ shifts: [a, b] });
    const ofA = findShiftConflicts(a, context, TORONTO).filter((c) => c.code === 'between_shifts');
    const ofB = findShiftConflicts(b, context, TORONTO).filter((c) => c.code === 'between_shifts');
    if (off === null) {
      expect([...ofA, ...ofB]).toEqual([]);
      return;
    }
    expect(ofA).toEqual([
      shiftConflict(
        'between_shifts',
        `Only ${off} off after this shift; 8h are needed between shifts`,
      ),
    ]);
    expect(ofB).toEqual([
      shiftConflict(
        'between_shifts',
        `Only ${off} off before this shift; 8h are needed between shifts`,
      ),
    ]);
    expect(ofB[0]).toMatchObject({ severity: 'blocking', isOverridable: true });
  });

  it('does not take a lunch for a rest between shifts, nor flag a shift not next to the gap', () => {
    const a = shift('2026-03-09', '14:00', '22:00', { id: 'a' });
    const b = shift('2026-03-10', '05:00', '14:00', {
      id: 'b',
      lunchStart: '09:00',
      lunchEnd: '10:00',
    });
    const c = shift('2026-03-11', '05:00', '13:00', { id: 'c' });
    const context = person({ shifts: [a, b, c] });
    const between = (each: RosterShift) =>
      findShiftConflicts(each, context, TORONTO).filter((x) => x.code === 'between_shifts');
    expect(between(a)).toHaveLength(1);
    expect(between(b).map((x) => x.message)).toEqual([
      'Only 7h off before this shift; 8h are needed between shifts',
    ]);
    expect(between(c)).toEqual([]);
  });
});

describe('daily rest (11 hours in each day from the shift’s start, ESA)', () => {
  it.each([
    // Mon 09:00–17:00, Tue 03:00–11:00: 10 h off from Mon 09:00 to Tue 09:00.
    ['10 h off', ['2026-03-09', '09:00', '17:00'], ['2026-03-10', '03:00', '11:00'], '10h'],
    ['11 h off', ['2026-03-09', '09:00', '17:00'], ['2026-03-10', '04:00', '12:00'], null],
    // Spring forward: Sat 20:00 → Sun 07:30 is 11.5 h on the clock, 10.5 real hours.
    [
      '10 h 30 min real across spring forward',
      ['2026-03-07', '12:00', '20:00'],
      ['2026-03-08', '07:30', '15:30'],
      '10h 30m',
    ],
    [
      '11 h real across spring forward',
      ['2026-03-07', '12:00', '20:00'],
      ['2026-03-08', '08:00', '16:00'],
      null,
    ],
    // Fall back: Sat 20:00 → Sun 06:30 is 10.5 h on the clock, 11.5 real hours.
    [
      '11 h 30 min real across fall back',
      ['2026-10-31', '12:00', '20:00'],
      ['2026-11-01', '06:30', '14:30'],
      null,
    ],
    [
      '10 h 30 min real across fall back',
      ['2026-10-31', '12:00', '20:00'],
      ['2026-11-01', '05:30', '13:30'],
      '10h 30m',
    ],
  ] as const)('%s', (_name, first, second, off) => {
    const a = shift(first[0], first[1], first[2], { id: 'a' });
    const b = shift(second[0], second[1], second[2], { id: 'b' });
    const context = person({ shifts: [a, b] });
    const daily = (each: RosterShift) =>
      findShiftConflicts(each, context, TORONTO).filter((c) => c.code === 'daily_rest');
    if (off === null) {
      expect([...daily(a), ...daily(b)]).toEqual([]);
      return;
    }
    // Both shifts are in the first shift's 24 hours: both are flagged.
    for (const each of [a, b]) {
      expect(daily(each)).toHaveLength(1);
      expect(daily(each)[0]).toMatchObject({ severity: 'blocking', isOverridable: true });
      expect(daily(each)[0]!.message).toMatch(
        new RegExp(`^Only ${off} off in a row in the 24 hours from .+; 11h are needed each day$`),
      );
    }
  });

  it('names the start of the 24 hours on the business clock', () => {
    const a = shift('2026-03-09', '09:00', '17:00', { id: 'a' });
    const b = shift('2026-03-10', '03:00', '11:00', { id: 'b' });
    const [conflict] = findShiftConflicts(b, person({ shifts: [a, b] }), TORONTO);
    expect(conflict!.message).toBe(
      'Only 10h off in a row in the 24 hours from Mar 9, 2026, 9:00 AM; 11h are needed each day',
    );
  });
});

describe('weekly hours (48 h a Sunday-started week, ESA)', () => {
  const tenHours = (date: string) => shift(date, '09:00', '19:00');

  it.each([
    // 4 × 10 h + Sunday 00:00–09:00: 9 h on the clock, 8 real hours on spring-forward day.
    ['48 real hours in the spring-forward week (49 on the clock)', '2026-03-08', '09:00', null],
    ['49 real hours in the spring-forward week', '2026-03-08', '10:00', '49h'],
    // Sunday 00:00–08:00 is 8 h on the clock, 9 real hours on fall-back day.
    ['49 real hours in the fall-back week (48 on the clock)', '2026-11-01', '08:00', '49h'],
    ['48 real hours in the fall-back week', '2026-11-01', '07:00', null],
  ] as const)('%s', (_name, sunday, sundayEnd, worked) => {
    const dates = [1, 2, 3, 4].map((days) => {
      const [y, m, d] = sunday.split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
    });
    const week = [shift(sunday, '00:00', sundayEnd), ...dates.map(tenHours)];
    const result = conflictsOfWeek(week);
    for (const conflicts of Object.values(result)) {
      const weekly = conflicts.filter((c) => c.code === 'weekly_hours');
      if (worked === null) expect(weekly).toEqual([]);
      else {
        expect(weekly).toEqual([
          shiftConflict('weekly_hours', `${worked} this week, over the 48h limit`),
        ]);
        expect(weekly[0]).toMatchObject({ severity: 'blocking', isOverridable: true });
      }
    }
  });

  it('counts paid time only (lunch is unpaid)', () => {
    // 5 × (09:00–19:00 less a 30-minute lunch) = 47.5 h.
    const lunch = { lunchStart: '12:00', lunchEnd: '12:30' };
    const dates = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
    const week = dates.map((date) => shift(date, '09:00', '19:00', lunch));
    expect(Object.values(conflictsOfWeek(week)).flat()).toEqual([]);
    const longer = [...week, shift('2026-03-14', '09:00', '10:00')];
    const result = conflictsOfWeek(longer);
    expect(result['2026-03-14']!.map((c) => c.message)).toEqual([
      '48h 30m this week, over the 48h limit',
    ]);
  });

  it('flags a Saturday overnight shift for the week it runs into, by name', () => {
    // Saturday 2026-10-31 22:00 → Sunday 06:00 is 9 real hours, 7 of them (00:00 EDT → 06:00
    // EST) in the week of 2026-11-01, which holds 42 h more.
    const saturday = shift('2026-10-31', '22:00', '06:00');
    const days = ['2026-11-02', '2026-11-03', '2026-11-04'].map((date) =>
      shift(date, '08:00', '22:00'),
    );
    const result = conflictsOfWeek([saturday, ...days]);
    expect(
      result['2026-10-31']!.filter((c) => c.code === 'weekly_hours').map((c) => c.message),
    ).toEqual(['49h in the week of Nov 1, 2026, over the 48h limit']);
  });

  it('is not checked for a person with an excess-hours agreement', () => {
    const dates = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
    const week = dates.map((date) => shift(date, '08:00', '18:00'));
    const all = [...week, shift('2026-03-14', '08:00', '09:00')];
    expect(codes(conflictsOfWeek(all)['2026-03-14']!)).toEqual(['weekly_hours']);
    expect(conflictsOfWeek(all, { hasExcessHoursAgreement: true })['2026-03-14']).toEqual([]);
    expect(
      conflictsOfWeek(all, { hasExcessHoursAgreement: (week) => week === '2026-03-08' })[
        '2026-03-14'
      ],
    ).toEqual([]);
  });
});

describe('position', () => {
  it.each([
    ['no position on the shift', null, [], []],
    ['held (letter case aside)', 'Cashier', ['cashier'], []],
    ['not held', 'Cashier', ['Cook'], ['position']],
  ] as const)('%s', (_name, position, positions, expected) => {
    const conflicts = findShiftConflicts(
      shift('2026-03-10', '09:00', '17:00', { position }),
      person({ positions }),
      TORONTO,
    );
    expect(codes(conflicts)).toEqual(expected);
    if (expected.length) {
      expect(conflicts[0]).toEqual({
        code: 'position',
        severity: 'warning',
        isOverridable: false,
        message: 'Does not hold the position “Cashier”',
      });
    }
  });
});

describe('refusing conflicts', () => {
  const all = (
    [
      'overlap',
      'time_off',
      'time_off_pending',
      'unavailable',
      'prefer_not',
      'daily_rest',
      'between_shifts',
      'weekly_hours',
      'overtime',
      'position',
    ] as const
  ).map((code) => shiftConflict(code, code));

  it('stops publish on every blocking conflict without an override reason', () => {
    expect(codes(refusingConflicts(all, { hasOverride: false }))).toEqual([
      'overlap',
      'time_off',
      'unavailable',
      'daily_rest',
      'between_shifts',
      'weekly_hours',
    ]);
  });

  it('lets an override reason pass availability, rest and weekly hours, never overlap or time off', () => {
    expect(codes(refusingConflicts(all, { hasOverride: true }))).toEqual(['overlap', 'time_off']);
  });

  it('refuses a trade for the taker on every blocking conflict and a position they lack', () => {
    expect(codes(takerRefusingConflicts(all))).toEqual([
      'overlap',
      'time_off',
      'unavailable',
      'daily_rest',
      'between_shifts',
      'weekly_hours',
      'position',
    ]);
  });
});

describe('conflicts together', () => {
  it('lists every rule a shift breaks, in the contract’s order', () => {
    const previous = shift('2026-03-09', '14:00', '22:00', { id: 'previous' });
    const checked = shift('2026-03-10', '05:00', '13:00', { position: 'Cook' });
    const context = person({
      shifts: [previous],
      positions: ['Cashier'],
      weekly: [{ weekday: 2, kind: 'prefer_not', startTime: '00:00', endTime: '08:00' }],
      timeOff: [
        {
          startDate: '2026-03-10',
          endDate: '2026-03-10',
          startTime: null,
          endTime: null,
          status: 'pending',
          typeName: 'Vacation',
        },
      ],
    });
    expect(codes(findShiftConflicts(checked, context, TORONTO))).toEqual([
      'time_off_pending',
      'prefer_not',
      'daily_rest',
      'between_shifts',
      'position',
    ]);
  });
});
