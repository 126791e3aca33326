import { describe, expect, it } from 'vitest';
import {
  blocksPublishing,
  boardCell,
  boardRows,
  boardTotals,
  movedShiftInput,
  needsOverrideReason,
  timelineSpan,
  weekStartOf,
} from './roster-board';
import {
  ANA,
  ANA_MONDAY,
  BO,
  BO_TUESDAY,
  OPEN_WEDNESDAY,
  shift,
  TEAM,
  WEEK,
} from './roster-test-data';

describe('weekStartOf', () => {
  it('is the Sunday of the week, the Sunday itself included', () => {
    expect(weekStartOf('2026-11-25')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-22')).toBe('2026-11-22');
    expect(weekStartOf('2026-11-28')).toBe('2026-11-22');
    // Across the fall DST change (Sunday Nov 1, 2026) and a new year.
    expect(weekStartOf('2026-11-03')).toBe('2026-11-01');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-27');
  });
});

describe('boardCell', () => {
  const [ana, bo, open] = boardRows(WEEK);

  it('puts the open shifts row last', () => {
    expect(boardRows(WEEK).map((row) => row.userId)).toEqual([ANA, BO, null]);
  });

  it("gives a person's template shift only on a day without a roster shift", () => {
    expect(boardCell(WEEK, ana!, '2026-11-24').templateShift?.templateName).toBe('Morning');
    expect(boardCell(WEEK, ana!, '2026-11-23').templateShift).toBeNull();
    expect(boardCell(WEEK, ana!, '2026-11-23').shifts).toEqual([ANA_MONDAY]);
  });

  it('marks only unavailable and prefer-not ranges, and the day’s time off', () => {
    expect(boardCell(WEEK, ana!, '2026-11-25').availability).toEqual([
      { kind: 'prefer_not', startTime: '18:00', endTime: '22:00' },
    ]);
    expect(boardCell(WEEK, bo!, '2026-11-23').availability).toEqual([
      { kind: 'unavailable', startTime: null, endTime: null },
    ]);
    expect(boardCell(WEEK, ana!, '2026-11-27').timeOff.map((entry) => entry.typeName)).toEqual([
      'Vacation',
    ]);
  });

  it('keeps open shifts in the open row only', () => {
    expect(boardCell(WEEK, open!, '2026-11-25').shifts).toEqual([OPEN_WEDNESDAY]);
    expect(boardCell(WEEK, ana!, '2026-11-25').shifts).toEqual([]);
  });
});

describe('boardTotals', () => {
  it('counts shifts (not deleted ones) and template shifts on days without a roster shift', () => {
    const totals = boardTotals(WEEK);
    // Ana: 7 h 30 Monday (lunch unpaid) + the 7 h 30 template shift Tuesday.
    expect(totals.people.get(ANA)).toBe(900);
    // Bo: the overnight 8 h Tuesday; Thursday's deleted shift counts nothing.
    expect(totals.people.get(BO)).toBe(480);
    expect(totals.openMinutes).toBe(240);
    expect(totals.days.get('2026-11-23')).toBe(450);
    // An overnight shift counts for the day it starts.
    expect(totals.days.get('2026-11-24')).toBe(930);
    expect(totals.days.get('2026-11-25')).toBe(240);
    expect(totals.days.get('2026-11-26')).toBe(0);
    expect(totals.weekMinutes).toBe(1620);
  });

  it("drops a template shift a person's roster shift takes the place of", () => {
    const data = {
      ...WEEK,
      shifts: [shift({ userId: ANA, date: '2026-11-24', paidMinutes: 120 })],
    };
    expect(boardTotals(data).people.get(ANA)).toBe(120);
  });
});

describe('conflicts', () => {
  it('asks for an override reason only for overridable blocking conflicts', () => {
    expect(needsOverrideReason(ANA_MONDAY.conflicts)).toBe(true);
    expect(
      needsOverrideReason([
        { code: 'overlap', severity: 'blocking', isOverridable: false, message: 'x' },
        { code: 'prefer_not', severity: 'warning', isOverridable: false, message: 'y' },
      ]),
    ).toBe(false);
  });

  it('blocks publishing until a reason is given, and always for overlaps', () => {
    expect(blocksPublishing(ANA_MONDAY)).toBe(true);
    expect(blocksPublishing({ ...ANA_MONDAY, overrideReason: 'Asked for it' })).toBe(false);
    expect(
      blocksPublishing({
        overrideReason: 'Asked for it',
        conflicts: [{ code: 'overlap', severity: 'blocking', isOverridable: false, message: 'x' }],
      }),
    ).toBe(true);
    expect(blocksPublishing(BO_TUESDAY)).toBe(false);
  });
});

describe('movedShiftInput', () => {
  it('moves to a person: the person’s team (left out) and no override reason', () => {
    const input = movedShiftInput(
      { ...ANA_MONDAY, overrideReason: 'Asked for it' },
      { userId: BO, date: '2026-11-25' },
    );
    expect(input).toEqual({
      userId: BO,
      date: '2026-11-25',
      startTime: '09:00',
      endTime: '17:00',
      lunchStart: '12:00',
      lunchEnd: '12:30',
      breakDurationMins: 15,
      position: 'Cashier',
      note: null,
      overrideReason: null,
    });
    expect('teamId' in input).toBe(false);
  });

  it('moves to the open row keeping the team; a copy to the same slot keeps the reason', () => {
    expect(movedShiftInput(ANA_MONDAY, { userId: null, date: '2026-11-23' })).toMatchObject({
      userId: null,
      teamId: TEAM,
    });
    const withReason = { ...ANA_MONDAY, overrideReason: 'Asked for it' };
    expect(movedShiftInput(withReason, { userId: ANA, date: '2026-11-23' }).overrideReason).toBe(
      'Asked for it',
    );
  });
});

describe('timelineSpan', () => {
  it('places a day shift and cuts an overnight one at midnight', () => {
    expect(timelineSpan('06:00', '18:00')).toEqual({ left: 25, width: 50, isOvernight: false });
    expect(timelineSpan('18:00', '06:00')).toEqual({ left: 75, width: 25, isOvernight: true });
  });
});
