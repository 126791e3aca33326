import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKING_DAYS,
  findPlanOn,
  findShiftProblem,
  formatShiftHours,
  getMonthGrid,
  getWeekDates,
  isDateInRange,
  isOvernight,
  isWorkingDay,
  rangesOverlap,
  scheduledMinutes,
  shiftInstants,
  shiftMonth,
  shiftOffsets,
  timeToMinutes,
  weekdayOf,
  type ShiftPattern,
} from './schedule.ts';

const TORONTO = 'America/Toronto';

const DAY_SHIFT: ShiftPattern = {
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: '12:00',
  lunchEnd: '12:30',
  breakDurationMins: 15,
  workingDays: DEFAULT_WORKING_DAYS,
};

const NIGHT_SHIFT: ShiftPattern = {
  workStart: '22:00',
  workEnd: '06:00',
  lunchStart: '02:00',
  lunchEnd: '02:30',
  breakDurationMins: 15,
  workingDays: [0, 1, 2, 3, 4, 5, 6],
};

const range = (dateRangeStart: string, dateRangeEnd: string) => ({ dateRangeStart, dateRangeEnd });
const HOUR_MS = 3_600_000;

describe('isDateInRange', () => {
  const november = range('2026-11-02', '2026-11-27');

  it.each([
    ['the first day', '2026-11-02', true],
    ['the last day', '2026-11-27', true],
    ['a day inside', '2026-11-15', true],
    ['the day before', '2026-11-01', false],
    ['the day after', '2026-11-28', false],
    ['a day in another year', '2025-11-15', false],
  ])('%s (%s) → %s, both ends inclusive', (_case, date, expected) => {
    expect(isDateInRange(date, november)).toBe(expected);
  });

  it('matches a one-day range on that day only', () => {
    const oneDay = range('2026-11-23', '2026-11-23');
    expect(isDateInRange('2026-11-23', oneDay)).toBe(true);
    expect(isDateInRange('2026-11-22', oneDay)).toBe(false);
    expect(isDateInRange('2026-11-24', oneDay)).toBe(false);
  });
});

describe('rangesOverlap', () => {
  const base = range('2026-11-10', '2026-11-20');

  it.each([
    ['identical', range('2026-11-10', '2026-11-20'), true],
    ['touching at the start day', range('2026-11-01', '2026-11-10'), true],
    ['touching at the end day', range('2026-11-20', '2026-11-30'), true],
    ['inside', range('2026-11-12', '2026-11-13'), true],
    ['covering', range('2026-11-01', '2026-11-30'), true],
    ['ending the day before', range('2026-11-01', '2026-11-09'), false],
    ['starting the day after', range('2026-11-21', '2026-11-30'), false],
    ['a year earlier', range('2025-11-10', '2025-11-20'), false],
  ])('%s → %s, whichever side is first', (_case, other, expected) => {
    expect(rangesOverlap(base, other)).toBe(expected);
    expect(rangesOverlap(other, base)).toBe(expected);
  });
});

describe('getWeekDates', () => {
  const week = [
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
  ];

  it.each(week)('the week of %s runs Sunday 2026-11-22 to Saturday 2026-11-28', (date) => {
    expect(getWeekDates(date)).toEqual(week);
  });

  it('crosses a month and a year end', () => {
    expect(getWeekDates('2026-12-31')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('is unaffected by the DST change inside the week', () => {
    // 2026-11-01 (a Sunday) is the day Toronto falls back.
    expect(getWeekDates('2026-11-04')).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
  });
});

describe('getMonthGrid', () => {
  function expectWholeSundayWeeks(grid: string[][]) {
    for (const row of grid) {
      expect(row).toHaveLength(7);
      expect(weekdayOf(row[0]!)).toBe(0);
      expect(weekdayOf(row[6]!)).toBe(6);
    }
    const flat = grid.flat();
    // Consecutive days, no gaps or repeats.
    expect(new Set(flat).size).toBe(flat.length);
    expect([...flat].sort()).toEqual(flat);
  }

  it('covers November 2026 from Sunday 11-01 to Saturday 12-05 in whole weeks', () => {
    const grid = getMonthGrid('2026-11-17');
    expect(grid).toHaveLength(5);
    expect(grid[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(grid.at(-1)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expectWholeSundayWeeks(grid);
    expect(grid.flat().filter((date) => date.startsWith('2026-11-'))).toHaveLength(30);
  });

  it('gives the same grid for any day of the month', () => {
    expect(getMonthGrid('2026-11-01')).toEqual(getMonthGrid('2026-11-30'));
  });

  it('starts a month that begins mid-week on the Sunday before (October 2026 begins on a Thursday)', () => {
    const grid = getMonthGrid('2026-10-01');
    expect(grid[0]).toEqual([
      '2026-09-27',
      '2026-09-28',
      '2026-09-29',
      '2026-09-30',
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
    ]);
    expect(grid.at(-1)?.at(-1)).toBe('2026-10-31');
    expect(grid).toHaveLength(5);
    expectWholeSundayWeeks(grid);
  });

  it('needs six rows for August 2026 (Saturday 1st, Monday 31st)', () => {
    const grid = getMonthGrid('2026-08-15');
    expect(grid).toHaveLength(6);
    expect(grid[0]?.[0]).toBe('2026-07-26');
    expect(grid.at(-1)?.at(-1)).toBe('2026-09-05');
    expectWholeSundayWeeks(grid);
  });

  it('needs only four rows for February 2026 (Sunday 1st, Saturday 28th)', () => {
    const grid = getMonthGrid('2026-02-10');
    expect(grid).toHaveLength(4);
    expect(grid[0]?.[0]).toBe('2026-02-01');
    expect(grid.at(-1)?.at(-1)).toBe('2026-02-28');
    expectWholeSundayWeeks(grid);
  });
});

describe('shiftMonth', () => {
  it.each([
    ['2026-11-15', 1, '2026-12-15'],
    ['2026-11-15', -1, '2026-10-15'],
    ['2026-12-05', 1, '2027-01-05'],
    ['2026-01-05', -1, '2025-12-05'],
    ['2026-11-15', 0, '2026-11-15'],
    ['2026-11-15', 12, '2027-11-15'],
    // A day the next month does not have clamps to its last day.
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-03-31', -1, '2026-02-28'],
  ])('%s %+d month(s) → %s', (date, months, expected) => {
    expect(shiftMonth(date, months)).toBe(expected);
  });
});

describe('timeToMinutes', () => {
  it.each([
    ['00:00', 0],
    ['00:01', 1],
    ['09:00', 540],
    ['12:30', 750],
    ['23:59', 1439],
    ['17:45:00', 1065],
  ])('%s → %i', (time, minutes) => {
    expect(timeToMinutes(time)).toBe(minutes);
  });
});

describe('isOvernight', () => {
  it.each([
    ['09:00', '17:00', false],
    ['00:00', '23:59', false],
    ['22:00', '06:00', true],
    ['18:00', '00:00', true],
    // Not a valid shift (findShiftProblem refuses it) but it would end the next day.
    ['09:00', '09:00', true],
  ])('%s–%s → %s', (workStart, workEnd, expected) => {
    expect(isOvernight({ workStart, workEnd })).toBe(expected);
  });
});

describe('shiftOffsets and scheduledMinutes', () => {
  it('keeps a day shift within the day and subtracts the unpaid lunch: 450 minutes', () => {
    expect(shiftOffsets(DAY_SHIFT)).toEqual({
      start: 540,
      end: 1020,
      lunchStart: 720,
      lunchEnd: 750,
    });
    expect(scheduledMinutes(DAY_SHIFT)).toBe(450);
  });

  it('pushes the after-midnight part of an overnight shift past 1440: 450 minutes', () => {
    expect(shiftOffsets(NIGHT_SHIFT)).toEqual({
      start: 1320,
      end: 1800,
      lunchStart: 1560,
      lunchEnd: 1590,
    });
    expect(scheduledMinutes(NIGHT_SHIFT)).toBe(450);
  });

  it('leaves an overnight lunch before midnight on the start day', () => {
    const pattern = { ...NIGHT_SHIFT, lunchStart: '23:30', lunchEnd: '00:15' };
    expect(shiftOffsets(pattern)).toMatchObject({ lunchStart: 1410, lunchEnd: 1455 });
    expect(scheduledMinutes(pattern)).toBe(480 - 45);
  });

  it('pays the whole shift when there is no lunch (breaks are paid)', () => {
    const pattern = { ...DAY_SHIFT, lunchStart: null, lunchEnd: null, breakDurationMins: 60 };
    expect(shiftOffsets(pattern)).toEqual({
      start: 540,
      end: 1020,
      lunchStart: null,
      lunchEnd: null,
    });
    expect(scheduledMinutes(pattern)).toBe(480);
  });

  it('counts a shift ending at midnight as ending at 1440', () => {
    const pattern = {
      ...DAY_SHIFT,
      workStart: '16:00',
      workEnd: '00:00',
      lunchStart: '20:00',
      lunchEnd: '20:30',
    };
    expect(shiftOffsets(pattern)).toEqual({
      start: 960,
      end: 1440,
      lunchStart: 1200,
      lunchEnd: 1230,
    });
    expect(scheduledMinutes(pattern)).toBe(450);
  });
});

describe('findShiftProblem', () => {
  it('finds nothing wrong with a day shift or an overnight shift', () => {
    expect(findShiftProblem(DAY_SHIFT)).toBeNull();
    expect(findShiftProblem(NIGHT_SHIFT)).toBeNull();
  });

  it('accepts a shift without a lunch', () => {
    expect(findShiftProblem({ ...DAY_SHIFT, lunchStart: null, lunchEnd: null })).toBeNull();
  });

  it('accepts a lunch inside an overnight shift after midnight, and one spanning midnight', () => {
    expect(findShiftProblem({ ...NIGHT_SHIFT, lunchStart: '03:00', lunchEnd: '03:45' })).toBeNull();
    expect(findShiftProblem({ ...NIGHT_SHIFT, lunchStart: '23:45', lunchEnd: '00:15' })).toBeNull();
  });

  it('accepts a lunch touching the shift start or end', () => {
    expect(findShiftProblem({ ...DAY_SHIFT, lunchStart: '09:00', lunchEnd: '09:30' })).toBeNull();
    expect(findShiftProblem({ ...DAY_SHIFT, lunchStart: '16:30', lunchEnd: '17:00' })).toBeNull();
  });

  it('refuses a shift that ends when it starts', () => {
    expect(findShiftProblem({ ...DAY_SHIFT, workStart: '09:00', workEnd: '09:00' })).toBe(
      'The shift must end at a different time than it starts',
    );
  });

  it.each([
    ['before the shift', DAY_SHIFT, '07:00', '07:30'],
    ['after the shift', DAY_SHIFT, '17:30', '18:00'],
    ['running past the end', DAY_SHIFT, '16:45', '17:15'],
    ['starting before the start', DAY_SHIFT, '08:30', '09:30'],
    ['in an overnight shift, during the day', NIGHT_SHIFT, '12:00', '12:30'],
    ['in an overnight shift, past its end', NIGHT_SHIFT, '05:45', '06:15'],
    ['in an overnight shift, starting before it', NIGHT_SHIFT, '21:30', '22:30'],
  ])('refuses a lunch %s', (_case, pattern, lunchStart, lunchEnd) => {
    expect(findShiftProblem({ ...pattern, lunchStart, lunchEnd })).toBe(
      'Lunch must be inside the shift',
    );
  });

  it.each([
    ['ends before it starts', DAY_SHIFT, '12:30', '12:00'],
    ['ends when it starts', DAY_SHIFT, '12:00', '12:00'],
    ['ends before it starts, overnight after midnight', NIGHT_SHIFT, '02:30', '02:00'],
  ])('refuses a lunch that %s', (_case, pattern, lunchStart, lunchEnd) => {
    expect(findShiftProblem({ ...pattern, lunchStart, lunchEnd })).toBe(
      'Lunch must end after it starts',
    );
  });

  it.each([
    ['only a start', '12:00', null],
    ['only an end', null, '12:30'],
  ])('refuses a lunch with %s', (_case, lunchStart, lunchEnd) => {
    expect(findShiftProblem({ ...DAY_SHIFT, lunchStart, lunchEnd })).toBe(
      'Give both a lunch start and a lunch end, or neither',
    );
  });

  it('refuses a pattern without working days', () => {
    expect(findShiftProblem({ ...DAY_SHIFT, workingDays: [] })).toBe(
      'Choose at least one working day',
    );
  });
});

describe('weekdayOf and isWorkingDay', () => {
  it.each([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-11-27', 5],
    ['2026-11-28', 6],
    ['2026-11-01', 0],
    ['2026-03-08', 0],
    ['2024-02-29', 4],
  ])('%s is weekday %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it('works Monday to Friday by default', () => {
    const week = getWeekDates('2026-11-25');
    expect(week.map((date) => isWorkingDay(DAY_SHIFT, date))).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('follows the chosen days', () => {
    const weekends = { workingDays: [0, 6] };
    expect(isWorkingDay(weekends, '2026-11-22')).toBe(true);
    expect(isWorkingDay(weekends, '2026-11-28')).toBe(true);
    expect(isWorkingDay(weekends, '2026-11-25')).toBe(false);
  });

  it('does not run on its except dates (a published roster shift takes its place)', () => {
    const pattern = { ...DAY_SHIFT, exceptDates: ['2026-11-24', '2026-11-28'] };
    expect(getWeekDates('2026-11-25').map((date) => isWorkingDay(pattern, date))).toEqual([
      false,
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(isWorkingDay({ ...DAY_SHIFT, exceptDates: [] }, '2026-11-24')).toBe(true);
  });
});

describe('findPlanOn', () => {
  const assignment = {
    ...DAY_SHIFT,
    ...range('2026-11-01', '2026-11-30'),
    name: 'template',
    exceptDates: ['2026-11-24'],
  };
  const rosterShift = {
    ...NIGHT_SHIFT,
    ...range('2026-11-24', '2026-11-24'),
    workingDays: [weekdayOf('2026-11-24')],
    name: 'roster',
  };
  // The order of the list does not matter: the assignment is not found on its except date.
  const plans = [assignment, rosterShift];

  it('takes the published shift on its date, in whatever order the plans come', () => {
    expect(findPlanOn(plans, '2026-11-24')?.name).toBe('roster');
    expect(findPlanOn([...plans].reverse(), '2026-11-24')?.name).toBe('roster');
  });

  it('takes the template on the other working days, and nothing on days off or outside', () => {
    expect(findPlanOn(plans, '2026-11-23')?.name).toBe('template');
    expect(findPlanOn(plans, '2026-11-25')?.name).toBe('template');
    expect(findPlanOn(plans, '2026-11-22')).toBeUndefined();
    expect(findPlanOn(plans, '2026-12-01')).toBeUndefined();
  });

  it('finds a roster shift on a template day off (a Saturday shift)', () => {
    const saturday = { ...rosterShift, ...range('2026-11-28', '2026-11-28'), workingDays: [6] };
    expect(findPlanOn([assignment, saturday], '2026-11-28')?.name).toBe('roster');
  });
});

describe('shiftInstants in America/Toronto', () => {
  it('puts a 09:00–17:00 shift on 2026-11-23 (EST) at 14:00Z–22:00Z', () => {
    const { start, end } = shiftInstants(DAY_SHIFT, '2026-11-23', TORONTO);
    expect(start.toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-23T22:00:00.000Z');
  });

  it('puts the same shift in summer (EDT) an hour earlier in UTC', () => {
    const { start, end } = shiftInstants(DAY_SHIFT, '2026-07-15', TORONTO);
    expect(start.toISOString()).toBe('2026-07-15T13:00:00.000Z');
    expect(end.toISOString()).toBe('2026-07-15T21:00:00.000Z');
  });

  it('ends an overnight shift the next day', () => {
    const { start, end } = shiftInstants(NIGHT_SHIFT, '2026-11-23', TORONTO);
    expect(start.toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });

  it('lasts 9 real hours on the night DST ends (2026-10-31 → 11-01, ends 06:00 EST = 11:00Z)', () => {
    const { start, end } = shiftInstants(NIGHT_SHIFT, '2026-10-31', TORONTO);
    expect(start.toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-01T11:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(9 * HOUR_MS);
  });

  it('lasts 7 real hours on the night DST starts (2026-03-07 → 03-08)', () => {
    const { start, end } = shiftInstants(NIGHT_SHIFT, '2026-03-07', TORONTO);
    expect(start.toISOString()).toBe('2026-03-08T03:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(7 * HOUR_MS);
  });

  it('crosses a month and year end', () => {
    const { start, end } = shiftInstants(NIGHT_SHIFT, '2026-12-31', TORONTO);
    expect(start.toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(end.toISOString()).toBe('2027-01-01T11:00:00.000Z');
  });
});

describe('formatShiftHours', () => {
  it.each([
    ['09:00', '17:00', '9:00 AM–5:00 PM', '9 h – 17 h'],
    ['22:00', '06:00', '10:00 PM–6:00 AM (+1)', '22 h – 6 h (+1)'],
    ['16:00', '00:00', '4:00 PM–12:00 AM (+1)', '16 h – 0 h (+1)'],
    ['08:30:00', '16:45:00', '8:30 AM–4:45 PM', '8 h 30 – 16 h 45'],
  ])('%s–%s → "%s" / "%s"', (workStart, workEnd, english, french) => {
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(formatShiftHours({ workStart, workEnd }, 'en'))).toBe(english);
    expect(plain(formatShiftHours({ workStart, workEnd }, 'fr-CA'))).toBe(french);
  });
});
