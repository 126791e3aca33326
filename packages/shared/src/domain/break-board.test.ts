import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { buildBreakBoard, type BoardPersonInput, type BoardRow } from './break-board.ts';
import { shiftDate, toBusinessDate } from './business-time.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type RuleEvent,
  type ScheduledShift,
} from './notification-rules.ts';
import { shiftInstants, type ShiftPattern } from './schedule.ts';
import type { TimeEventType } from './time-state.ts';

const TORONTO = 'America/Toronto';
const DAY = '2026-06-10';

const DAY_SHIFT: ShiftPattern = {
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: null,
  lunchEnd: null,
  breakDurationMins: 15,
  workingDays: [0, 1, 2, 3, 4, 5, 6],
};
const NIGHT_SHIFT: ShiftPattern = { ...DAY_SHIFT, workStart: '22:00', workEnd: '06:00' };

function shiftOn(
  date: string,
  pattern: ShiftPattern = DAY_SHIFT,
  templateName = 'Day',
  breakLimitMinutes = pattern.breakDurationMins,
): ScheduledShift {
  return { date, templateName, breakLimitMinutes, ...shiftInstants(pattern, date, TORONTO) };
}

/** "HH:mm" on a business day in Toronto, as an instant. */
function local(time: string, date = DAY): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, TORONTO).getTime());
}

let counter = 0;
function punch(eventType: TimeEventType, instant: Date): RuleEvent {
  counter += 1;
  return {
    id: `event-${counter}`,
    eventType,
    occurredAt: instant.toISOString(),
    date: toBusinessDate(instant, TORONTO),
  };
}

function personWith(
  shifts: ScheduledShift[],
  events: RuleEvent[],
  overrides: Partial<BoardPersonInput> = {},
): BoardPersonInput {
  counter += 1;
  return {
    userId: `user-${counter}`,
    name: `Person ${counter}`,
    role: 'employee',
    shifts,
    events,
    ...overrides,
  };
}

/** One person's row, with today as the business day of `now` in Toronto. */
function rowFor(person: BoardPersonInput, now: Date): BoardRow {
  const [row] = buildBreakBoard([person], now, toBusinessDate(now, TORONTO));
  if (!row) throw new Error('no row');
  return row;
}

describe('buildBreakBoard statuses', () => {
  const shift = shiftOn(DAY);
  const eleven = local('11:00');

  it('shows someone on a break over the limit, by how much', () => {
    const breakStart = local('10:40');
    const row = rowFor(
      personWith([shift], [punch('clock_in', local('08:58')), punch('break', breakStart)]),
      eleven,
    );
    expect(row).toMatchObject({
      status: 'on_break',
      state: 'break',
      since: breakStart.toISOString(),
      elapsedMinutes: 20,
      limitMinutes: 15,
      overByMinutes: 5,
      breaksTaken: 1,
      breakMinutes: 20,
      lunchMinutes: 0,
      overbreaks: 1,
    });
  });

  it('is not over at exactly the limit', () => {
    const row = rowFor(
      personWith([shift], [punch('clock_in', local('09:00')), punch('break', local('10:45'))]),
      eleven,
    );
    expect(row).toMatchObject({ elapsedMinutes: 15, limitMinutes: 15, overByMinutes: 0 });
    expect(row.overbreaks).toBe(0);
  });

  it("takes the break limit from the template's break duration", () => {
    const generous = shiftOn(DAY, DAY_SHIFT, 'Generous', 25);
    const events = [punch('clock_in', local('09:00')), punch('break', local('10:40'))];
    expect(rowFor(personWith([generous], events), eleven)).toMatchObject({
      status: 'on_break',
      limitMinutes: 25,
      overByMinutes: 0,
      overbreaks: 0,
    });
    expect(rowFor(personWith([generous], events), local('11:10'))).toMatchObject({
      elapsedMinutes: 30,
      overByMinutes: 5,
      overbreaks: 1,
    });
  });

  it('falls back to the default 15 minutes without a shift', () => {
    const events = [punch('clock_in', local('09:00')), punch('break', local('10:30'))];
    expect(rowFor(personWith([], events), eleven)).toMatchObject({
      status: 'on_break',
      limitMinutes: 15,
      overByMinutes: 15,
      shift: null,
    });
  });

  it('shows someone at lunch against the 30 minute lunch limit', () => {
    const events = [punch('clock_in', local('09:00')), punch('lunch', local('10:25'))];
    expect(rowFor(personWith([shift], events), eleven)).toMatchObject({
      status: 'at_lunch',
      state: 'lunch',
      since: local('10:25').toISOString(),
      elapsedMinutes: 35,
      limitMinutes: 30,
      overByMinutes: 5,
      breaksTaken: 0,
      lunchMinutes: 35,
      overbreaks: 1,
    });
  });

  it('follows the configured lunch and default break limits', () => {
    const settings = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      lunchLimitMinutes: 45,
      defaultBreakLimitMinutes: 10,
    };
    const atLunch = personWith(
      [],
      [punch('clock_in', local('09:00')), punch('lunch', local('10:25'))],
    );
    const onBreak = personWith(
      [],
      [punch('clock_in', local('09:00')), punch('break', local('10:45'))],
    );
    const [lunchRow, breakRow] = buildBreakBoard([atLunch, onBreak], eleven, DAY, settings);
    expect(lunchRow).toMatchObject({ limitMinutes: 45, overByMinutes: 0 });
    expect(breakRow).toMatchObject({ limitMinutes: 10, overByMinutes: 5 });
  });

  it('shows someone working since the clock-in that opened the shift', () => {
    const events = [
      punch('clock_in', local('08:55')),
      punch('break', local('09:30')),
      punch('clock_in', local('09:50')),
    ];
    expect(rowFor(personWith([shift], events), eleven)).toMatchObject({
      status: 'working',
      state: 'clock_in',
      since: local('08:55').toISOString(),
      elapsedMinutes: 125,
      limitMinutes: null,
      overByMinutes: 0,
      breaksTaken: 1,
      breakMinutes: 20,
      overbreaks: 1,
    });
  });

  it('shows someone late once the grace has passed, since the shift start', () => {
    expect(rowFor(personWith([shift], []), eleven)).toMatchObject({
      status: 'late',
      state: 'none',
      since: shift.start.toISOString(),
      elapsedMinutes: 120,
      limitMinutes: null,
    });
    expect(rowFor(personWith([shift], []), local('09:05')).status).toBe('late');
  });

  it('shows someone not yet in before the start and within the grace', () => {
    for (const time of ['07:00', '08:59', '09:00', '09:04']) {
      const row = rowFor(personWith([shift], []), local(time));
      expect(row.status, time).toBe('not_yet_in');
      expect(row.since, time).toBe(shift.start.toISOString());
    }
    expect(rowFor(personWith([shift], []), local('07:00')).elapsedMinutes).toBe(0);
  });

  it('shows someone clocked out since the clock-out', () => {
    const events = [punch('clock_in', local('06:00')), punch('clock_out', local('10:30'))];
    expect(rowFor(personWith([shift], events), eleven)).toMatchObject({
      status: 'clocked_out',
      state: 'clock_out',
      since: local('10:30').toISOString(),
      elapsedMinutes: 30,
    });
  });

  it('shows someone without a shift or punches as off', () => {
    expect(rowFor(personWith([], []), eleven)).toEqual({
      userId: expect.any(String),
      name: expect.any(String),
      role: 'employee',
      status: 'off',
      state: 'none',
      since: null,
      elapsedMinutes: 0,
      limitMinutes: null,
      overByMinutes: 0,
      shift: null,
      breaksTaken: 0,
      breakMinutes: 0,
      lunchMinutes: 0,
      overbreaks: 0,
    });
  });

  it('shows a no-show as off once the shift is over', () => {
    expect(rowFor(personWith([shift], []), local('17:00')).status).toBe('off');
  });

  it("shows today's shift with its instants", () => {
    const row = rowFor(personWith([shiftOn(shiftDate(DAY, -1)), shift], []), eleven);
    expect(row.shift).toEqual({
      templateName: 'Day',
      start: '2026-06-10T13:00:00.000Z',
      end: '2026-06-10T21:00:00.000Z',
    });
  });

  it('keeps the people in the order given, with their name and role', () => {
    const people = [
      personWith([], [], { name: 'Zoe', role: 'admin' }),
      personWith([], [], { name: 'Adam', role: null }),
    ];
    const rows = buildBreakBoard(people, eleven, DAY);
    expect(rows.map((row) => [row.userId, row.name, row.role])).toEqual([
      [people[0]?.userId, 'Zoe', 'admin'],
      [people[1]?.userId, 'Adam', null],
    ]);
  });
});

describe("buildBreakBoard: today's breaks", () => {
  const shift = shiftOn(DAY);

  it('counts breaks, break and lunch minutes and overbreaks so far', () => {
    const events = [
      punch('clock_in', local('09:00')),
      punch('break', local('09:30')), // 15 min, within
      punch('clock_in', local('09:45')),
      punch('lunch', local('12:00')), // 40 min, over 30
      punch('clock_in', local('12:40')),
      punch('break', local('14:00')), // 16 min, over 15
      punch('clock_in', local('14:16')),
      punch('break', local('14:50')), // running: 10 min so far
    ];
    expect(rowFor(personWith([shift], events), local('15:00'))).toMatchObject({
      status: 'on_break',
      elapsedMinutes: 10,
      breaksTaken: 3,
      breakMinutes: 41,
      lunchMinutes: 40,
      overbreaks: 2,
    });
  });

  it('ends a break at the clock-out that followed it', () => {
    const events = [
      punch('clock_in', local('09:00')),
      punch('break', local('10:00')),
      punch('clock_out', local('10:25')),
    ];
    expect(rowFor(personWith([shift], events), local('12:00'))).toMatchObject({
      status: 'clocked_out',
      breaksTaken: 1,
      breakMinutes: 25,
      overbreaks: 1,
    });
  });

  it("leaves yesterday's breaks out", () => {
    const yesterday = shiftDate(DAY, -1);
    const events = [
      punch('clock_in', local('09:00', yesterday)),
      punch('break', local('10:00', yesterday)),
      punch('clock_in', local('10:40', yesterday)),
      punch('clock_out', local('17:00', yesterday)),
      punch('clock_in', local('09:00')),
    ];
    expect(rowFor(personWith([shift], events), local('11:00'))).toMatchObject({
      status: 'working',
      breaksTaken: 0,
      breakMinutes: 0,
      overbreaks: 0,
    });
  });
});

describe('buildBreakBoard: overnight shift 22:00–06:00', () => {
  const lastNight = shiftOn(shiftDate(DAY, -1), NIGHT_SHIFT, 'Night', 20);
  const tonight = shiftOn(DAY, NIGHT_SHIFT, 'Night', 20);
  const oneAm = local('01:00');

  it('shows a night worker on a break after midnight against the running shift’s limit', () => {
    const events = [punch('clock_in', lastNight.start), punch('break', local('00:35'))];
    expect(rowFor(personWith([lastNight, tonight], events), oneAm)).toMatchObject({
      status: 'on_break',
      elapsedMinutes: 25,
      limitMinutes: 20,
      overByMinutes: 5,
    });
  });

  it('shows a no-show for the shift still running after midnight as late', () => {
    expect(rowFor(personWith([lastNight, tonight], []), oneAm)).toMatchObject({
      status: 'late',
      since: lastNight.start.toISOString(),
      elapsedMinutes: 180,
    });
  });

  it('shows the same no-show late at 22:05 on the start day', () => {
    expect(rowFor(personWith([lastNight, tonight], []), local('22:05')).status).toBe('late');
    expect(rowFor(personWith([lastNight, tonight], []), local('22:04')).status).toBe('not_yet_in');
  });
});
