import type {
  DayAvailability,
  RosterPerson,
  RosterResponse,
  Shift,
  ShiftConflict,
  ShiftInput,
  TemplateShift,
} from '@punchclock/shared/contracts/rosters';
import { rosterTotals } from '@punchclock/shared/domain/roster/totals';
import { getWeekDates, timeToMinutes } from '@punchclock/shared/domain/schedule';

/*
 * The roster board's pure logic (#30): which shifts, template shifts and markers a cell shows,
 * the week's totals, and the input a move or a copy sends. The page only wires it.
 */

/** The Sunday that starts the week of `date` (product §9: weeks start on Sunday). */
export function weekStartOf(date: string): string {
  return getWeekDates(date)[0]!;
}

/** A row of the board: a person, or the open shifts (nobody yet). */
export interface BoardRow {
  /** The person's id; null for the open shifts row. */
  userId: string | null;
  person: RosterPerson | null;
}

export function boardRows(data: Pick<RosterResponse, 'people'>): BoardRow[] {
  return [
    ...data.people.map((person) => ({ userId: person.userId, person })),
    { userId: null, person: null },
  ];
}

/** A range of the day the person is not (or would rather not be) available. */
export interface AvailabilityMarker {
  kind: 'unavailable' | 'prefer_not';
  /** Both null: the whole day. */
  startTime: string | null;
  endTime: string | null;
}

export interface BoardCell {
  /** The roster's shifts of this row on this date (deleted-but-unpublished ones included). */
  shifts: Shift[];
  /** The template shift the person has that day when no roster shift takes its place. */
  templateShift: TemplateShift | null;
  timeOff: RosterPerson['timeOff'];
  availability: AvailabilityMarker[];
}

const cellKey = (userId: string | null, date: string) => `${userId ?? ''}|${date}`;

interface CellIndex {
  shifts: Map<string, Shift[]>;
  /** The first template shift of a person on a date. */
  templates: Map<string, TemplateShift>;
}

/**
 * The week's shifts and template shifts by person and date, made once per answer (the board asks
 * for 1,400 cells on a 200-person week; each searching all 1,000 shifts was 1.4 M comparisons).
 */
const cellIndexes = new WeakMap<object, CellIndex>();
function cellIndexOf(data: Pick<RosterResponse, 'shifts' | 'templateShifts'>): CellIndex {
  let index = cellIndexes.get(data);
  if (!index) {
    index = { shifts: new Map(), templates: new Map() };
    for (const shift of data.shifts) {
      const key = cellKey(shift.userId, shift.date);
      const list = index.shifts.get(key);
      if (list) list.push(shift);
      else index.shifts.set(key, [shift]);
    }
    for (const template of data.templateShifts) {
      const key = cellKey(template.userId, template.date);
      if (!index.templates.has(key)) index.templates.set(key, template);
    }
    cellIndexes.set(data, index);
  }
  return index;
}

/** What one cell of the board shows. */
export function boardCell(
  data: Pick<RosterResponse, 'shifts' | 'templateShifts'>,
  row: BoardRow,
  date: string,
): BoardCell {
  const index = cellIndexOf(data);
  const key = cellKey(row.userId, date);
  const shifts = [...(index.shifts.get(key) ?? [])].sort((a, b) =>
    a.startTime.localeCompare(b.startTime),
  );
  const templateShift = row.userId === null ? null : (index.templates.get(key) ?? null);
  return {
    shifts,
    templateShift,
    timeOff: row.person?.timeOff.filter((entry) => entry.date === date) ?? [],
    availability: availabilityMarkers(row.person?.availability.find((day) => day.date === date)),
  };
}

/** The ranges worth a marker: unstated time is available, so only the other two kinds show. */
export function availabilityMarkers(day: DayAvailability | undefined): AvailabilityMarker[] {
  if (!day) return [];
  return day.ranges.flatMap((range) =>
    range.kind === 'available'
      ? []
      : [{ kind: range.kind, startTime: range.startTime, endTime: range.endTime }],
  );
}

export interface BoardTotals {
  /** Paid minutes per person (roster shifts and template shifts in their place). */
  people: Map<string, number>;
  /** Paid minutes per day, open shifts included. */
  days: Map<string, number>;
  /** Paid minutes of the open shifts. */
  openMinutes: number;
  weekMinutes: number;
}

/**
 * Hours of the week as the board shows them (the shared rosterTotals): every shift but deleted
 * ones, and the template shift of a person on a day without a roster shift (the plan they work
 * if nothing changes). The server sends no template shift where a roster shift is; one that
 * came anyway would be left out rather than counted twice.
 */
export function boardTotals(
  data: Pick<RosterResponse, 'days' | 'shifts' | 'templateShifts'>,
): BoardTotals {
  const planned = new Set(
    data.shifts
      .filter((shift) => shift.userId !== null)
      .map((shift) => `${shift.userId}|${shift.date}`),
  );
  const templateShifts = data.templateShifts.filter(
    (template) => !planned.has(`${template.userId}|${template.date}`),
  );
  const totals = rosterTotals(data.shifts, templateShifts, data.days);
  const people = new Map(Object.entries(totals.byPerson));
  const personMinutes = [...people.values()].reduce((sum, minutes) => sum + minutes, 0);
  return {
    people,
    days: new Map(Object.entries(totals.byDay)),
    openMinutes: totals.total - personMinutes,
    weekMinutes: totals.total,
  };
}

/** Blocking conflicts an override reason lets pass, which the shift has no reason for yet. */
export function needsOverrideReason(conflicts: readonly ShiftConflict[]): boolean {
  return conflicts.some((conflict) => conflict.severity === 'blocking' && conflict.isOverridable);
}

/** Conflicts that stop the shift from being published as it is. */
export function blocksPublishing(shift: Pick<Shift, 'conflicts' | 'overrideReason'>): boolean {
  return shift.conflicts.some(
    (conflict) =>
      conflict.severity === 'blocking' && (!conflict.isOverridable || !shift.overrideReason),
  );
}

/** The shift as the add/edit endpoints take it. */
export function shiftToInput(shift: Shift): ShiftInput {
  return {
    userId: shift.userId,
    teamId: shift.teamId,
    date: shift.date,
    startTime: shift.startTime,
    endTime: shift.endTime,
    lunchStart: shift.lunchStart,
    lunchEnd: shift.lunchEnd,
    breakDurationMins: shift.breakDurationMins,
    position: shift.position,
    note: shift.note,
    overrideReason: shift.overrideReason,
  };
}

/**
 * The shift moved (or copied) to another row and day. A person's shift takes that person's
 * team (the server's default when teamId is left out); an open shift keeps the team it had. An
 * override reason was given for the conflicts of one person on one day, so it stays only when
 * neither changes.
 */
export function movedShiftInput(
  shift: Shift,
  target: { userId: string | null; date: string },
): ShiftInput {
  const isSameSlot = target.userId === shift.userId && target.date === shift.date;
  const { teamId, ...rest } = shiftToInput(shift);
  return {
    ...rest,
    userId: target.userId,
    date: target.date,
    ...(target.userId === null ? { teamId } : {}),
    overrideReason: isSameSlot ? shift.overrideReason : null,
  };
}

/** Where a shift sits on a 24-hour line, in percent; an overnight shift runs off the end. */
export function timelineSpan(startTime: string, endTime: string) {
  const start = timeToMinutes(startTime);
  let end = timeToMinutes(endTime);
  const isOvernight = end <= start;
  if (isOvernight) end = 1440;
  return {
    left: (start / 1440) * 100,
    width: ((end - start) / 1440) * 100,
    isOvernight,
  };
}
