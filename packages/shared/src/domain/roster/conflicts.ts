import { t } from '@lingui/core/macro';
import type {
  ShiftConflict,
  ShiftConflictCode,
  WeeklyAvailabilityRule,
} from '../../contracts/rosters.ts';
import { SHIFT_CONFLICT_CODES } from '../../contracts/rosters.ts';
import {
  formatBusinessDateLong,
  formatDate,
  formatDuration,
  formatTimeRange,
} from '../../i18n/format.ts';
import { shiftDate, toBusinessDate } from '../business-time.ts';
import {
  DAILY_REST_MIN_MS,
  REST_BETWEEN_SHIFTS_MIN_MS,
  WEEKLY_HOURS_MAX_MS,
  findExcessWeeklyHours,
  findShortDailyRest,
  findShortRestBetweenShifts,
  type WorkInterval,
} from '../pay/labour-checks.ts';
import { workWeekStartDate } from '../pay/work-week.ts';
import { WEEK_STARTS_ON, timeToMinutes, weekdayOf } from '../schedule.ts';
import { formatRequestDates } from '../time-off.ts';
import {
  availabilityRangeInstants,
  resolveDayAvailabilityWithSource,
  type AvailabilityException,
  type AvailabilityRange,
} from './availability.ts';
import {
  isTemplateShiftId,
  rosterShiftInstants,
  rosterShiftWork,
  type RosterShift,
} from './shift.ts';

/**
 * The rules a planned shift is checked against (#30, decision 0047): overlaps, time off,
 * availability, the ESA's rest and weekly limits, and positions. Pure: the caller passes the
 * person's other shifts around the dates checked, their time off and availability.
 */

/** A person's time off as planning reads it: a whole day when its times are null. */
export interface PlanTimeOff {
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  status: 'approved' | 'pending';
  typeName: string;
}

/** Everything the rules need about the person a shift is for (or who would take it). */
export interface PersonPlanContext {
  userId: string;
  positions: readonly string[];
  /**
   * The person's other planned shifts around the dates checked, template shifts included (ids
   * like 'template:2026-03-08'); the shift being checked is skipped by id, and a template shift on
   * its date too (a roster shift takes the place of the template's that day).
   */
  shifts: readonly RosterShift[];
  timeOff: readonly PlanTimeOff[];
  weekly: readonly WeeklyAvailabilityRule[];
  exceptions: readonly AvailabilityException[];
  /** An excess-hours agreement on file (per work week by its first date): no 48-hour check. */
  hasExcessHoursAgreement?: boolean | ((weekStartDate: string) => boolean);
}

/** Severity and overridability of each code (decision 0047). */
export const SHIFT_CONFLICT_RULES: Record<
  ShiftConflictCode,
  Pick<ShiftConflict, 'severity' | 'isOverridable'>
> = {
  overlap: { severity: 'blocking', isOverridable: false },
  time_off: { severity: 'blocking', isOverridable: false },
  time_off_pending: { severity: 'warning', isOverridable: false },
  unavailable: { severity: 'blocking', isOverridable: true },
  prefer_not: { severity: 'warning', isOverridable: false },
  daily_rest: { severity: 'blocking', isOverridable: true },
  between_shifts: { severity: 'blocking', isOverridable: true },
  weekly_hours: { severity: 'blocking', isOverridable: true },
  overtime: { severity: 'warning', isOverridable: false },
  position: { severity: 'warning', isOverridable: false },
};

/** A conflict of a code with its severity and overridability, and the reader's message. */
export function shiftConflict(code: ShiftConflictCode, message: string): ShiftConflict {
  return { code, ...SHIFT_CONFLICT_RULES[code], message };
}

interface Span {
  start: number;
  end: number;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const spanOf = (instants: { start: Date; end: Date }): Span => ({
  start: instants.start.getTime(),
  end: instants.end.getTime(),
});

/** "Mar 7, 2026, 10:00 PM" on the business clock. */
const formatInstant = (instant: string | number, timeZone: string) =>
  formatDate(instant, 'MMM d, yyyy, h:mm a', { timeZone });

/** Every rule a shift breaks or bends for this person, in SHIFT_CONFLICT_CODES order. */
export function findShiftConflicts(
  shift: RosterShift,
  person: PersonPlanContext,
  timeZone: string,
): ShiftConflict[] {
  const own = spanOf(rosterShiftInstants(shift, timeZone));
  const others = person.shifts.filter(
    (other) => other.id !== shift.id && !(isTemplateShiftId(other.id) && other.date === shift.date),
  );
  const conflicts = [
    ...overlapConflicts(own, others, timeZone),
    ...timeOffConflicts(shift, own, person.timeOff, timeZone),
    ...availabilityConflicts(shift, own, person, timeZone),
    ...labourConflicts(shift, own, others, person, timeZone),
    ...positionConflicts(shift, person.positions),
  ];
  const order = (code: ShiftConflictCode) => SHIFT_CONFLICT_CODES.indexOf(code);
  return conflicts.sort((a, b) => order(a.code) - order(b.code));
}

function overlapConflicts(
  own: Span,
  others: readonly RosterShift[],
  timeZone: string,
): ShiftConflict[] {
  return others
    .filter((other) => overlaps(own, spanOf(rosterShiftInstants(other, timeZone))))
    .map((other) => {
      const date = formatBusinessDateLong(other.date);
      const hours = formatTimeRange(other.startTime, other.endTime);
      return shiftConflict('overlap', t`Overlaps their other shift on ${date}, ${hours}`);
    });
}

/** The real time a time-off request covers on a date: its hours that day, or none if whole-day. */
function timeOffSpan(timeOff: PlanTimeOff, date: string, timeZone: string): Span | null {
  if (timeOff.startTime === null || timeOff.endTime === null) return null;
  return spanOf(
    availabilityRangeInstants(
      { kind: 'unavailable', startTime: timeOff.startTime, endTime: timeOff.endTime },
      date,
      timeZone,
    ),
  );
}

/**
 * Approved or pending time off that takes the shift: a whole-day request covering the shift's date,
 * or a part-day one whose hours overlap the shift's real time.
 */
function timeOffConflicts(
  shift: RosterShift,
  own: Span,
  timeOff: readonly PlanTimeOff[],
  timeZone: string,
): ShiftConflict[] {
  const conflicts: ShiftConflict[] = [];
  for (const request of timeOff) {
    const isWholeDay = request.startTime === null || request.endTime === null;
    let takesShift = false;
    if (isWholeDay) {
      takesShift = request.startDate <= shift.date && shift.date <= request.endDate;
    } else {
      // Part-day hours apply on each date of the request (usually one); an overnight shift can
      // meet those of the day after its start.
      for (const date of [shiftDate(shift.date, -1), shift.date, shiftDate(shift.date, 1)]) {
        if (date < request.startDate || date > request.endDate) continue;
        const span = timeOffSpan(request, date, timeZone);
        if (span && overlaps(own, span)) takesShift = true;
      }
    }
    if (!takesShift) continue;
    const typeName = request.typeName;
    const dates = formatRequestDates(request);
    conflicts.push(
      request.status === 'approved'
        ? shiftConflict('time_off', t`${typeName} approved for ${dates}`)
        : shiftConflict(
            'time_off_pending',
            t`${typeName} asked for ${dates}, waiting for a decision`,
          ),
    );
  }
  return conflicts;
}

/** The business dates a shift's real time touches: its date, and the next for an overnight one. */
function datesTouched(shift: RosterShift, own: Span, timeZone: string): string[] {
  const last = toBusinessDate(own.end - 1, timeZone);
  const dates: string[] = [];
  for (let date = shift.date; date <= last; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

function weekdaysPhrase(weekday: number): string {
  switch (weekday) {
    case 0:
      return t`on Sundays`;
    case 1:
      return t`on Mondays`;
    case 2:
      return t`on Tuesdays`;
    case 3:
      return t`on Wednesdays`;
    case 4:
      return t`on Thursdays`;
    case 5:
      return t`on Fridays`;
    default:
      return t`on Saturdays`;
  }
}

function availabilityMessage(
  range: AvailabilityRange,
  date: string,
  source: 'weekly' | 'exception',
): string {
  const when = source === 'weekly' ? weekdaysPhrase(weekdayOf(date)) : null;
  const day = formatBusinessDateLong(date);
  const isWholeDay = range.startTime === null || range.endTime === null;
  const hours = isWholeDay
    ? ''
    : formatTimeRange(
        range.startTime!,
        timeToMinutes(range.endTime!) > timeToMinutes(range.startTime!) ? range.endTime! : '24:00',
      );
  if (range.kind === 'unavailable') {
    if (when !== null)
      return isWholeDay ? t`Unavailable all day ${when}` : t`Unavailable ${hours} ${when}`;
    return isWholeDay ? t`Unavailable all day on ${day}` : t`Unavailable ${hours} on ${day}`;
  }
  if (when !== null) {
    return isWholeDay
      ? t`Would rather not work all day ${when}`
      : t`Would rather not work ${hours} ${when}`;
  }
  return isWholeDay
    ? t`Would rather not work all day on ${day}`
    : t`Would rather not work ${hours} on ${day}`;
}

/** Unavailable and prefer-not ranges of every day the shift touches that its real time meets. */
function availabilityConflicts(
  shift: RosterShift,
  own: Span,
  person: PersonPlanContext,
  timeZone: string,
): ShiftConflict[] {
  const conflicts: ShiftConflict[] = [];
  for (const date of datesTouched(shift, own, timeZone)) {
    const day = resolveDayAvailabilityWithSource(person.weekly, person.exceptions, date);
    for (const range of day.ranges) {
      if (range.kind === 'available') continue;
      if (!overlaps(own, spanOf(availabilityRangeInstants(range, date, timeZone)))) continue;
      const code = range.kind === 'unavailable' ? 'unavailable' : 'prefer_not';
      conflicts.push(shiftConflict(code, availabilityMessage(range, date, day.source)));
    }
  }
  return conflicts;
}

/**
 * The ESA checks over the person's shifts with this one: the 11 hours off in each day (the day
 * from the start of that day's shift, as timesheets count it, decision 0015), 8 hours between
 * shifts, 48 hours a work week. Only findings this shift is part of are its conflicts.
 */
function labourConflicts(
  shift: RosterShift,
  own: Span,
  others: readonly RosterShift[],
  person: PersonPlanContext,
  timeZone: string,
): ShiftConflict[] {
  const all = [shift, ...others];
  const workOf = new Map(all.map((each) => [each, rosterShiftWork(each, timeZone)] as const));
  const work: WorkInterval[] = [...workOf.values()].flat();
  const conflicts: ShiftConflict[] = [];

  // Each day with a shift is the 24 hours from that shift's start; others from midnight.
  const dayStarts = new Map<string, string>();
  for (const each of [...all].sort((a, b) => a.startTime.localeCompare(b.startTime))) {
    if (!dayStarts.has(each.date)) {
      dayStarts.set(each.date, rosterShiftInstants(each, timeZone).start.toISOString());
    }
  }
  for (const finding of findShortDailyRest(work, timeZone, dayStarts)) {
    const window = { start: Date.parse(finding.windowStart), end: Date.parse(finding.windowEnd) };
    if (!overlaps(own, window)) continue;
    const off = formatDuration(finding.longestOffMinutes);
    const needed = formatDuration(DAILY_REST_MIN_MS / 60_000);
    const from = formatInstant(finding.windowStart, timeZone);
    conflicts.push(
      shiftConflict(
        'daily_rest',
        t`Only ${off} off in a row in the 24 hours from ${from}; ${needed} are needed each day`,
      ),
    );
  }

  // A gap inside a shift is its lunch: only longer gaps are between shifts.
  let longestLunchMs = 0;
  for (const intervals of workOf.values()) {
    for (let i = 1; i < intervals.length; i += 1) {
      const gap = Date.parse(intervals[i]!.start) - Date.parse(intervals[i - 1]!.end);
      longestLunchMs = Math.max(longestLunchMs, gap);
    }
  }
  const shiftGapMinutes = Math.floor(longestLunchMs / 60_000) + 1;
  for (const finding of findShortRestBetweenShifts(work, shiftGapMinutes)) {
    const previousEnd = Date.parse(finding.previousShiftEnd);
    const nextStart = Date.parse(finding.nextShiftStart);
    const off = formatDuration(finding.offMinutes);
    const needed = formatDuration(REST_BETWEEN_SHIFTS_MIN_MS / 60_000);
    if (own.start === nextStart) {
      conflicts.push(
        shiftConflict(
          'between_shifts',
          t`Only ${off} off before this shift; ${needed} are needed between shifts`,
        ),
      );
    } else if (own.end === previousEnd) {
      conflicts.push(
        shiftConflict(
          'between_shifts',
          t`Only ${off} off after this shift; ${needed} are needed between shifts`,
        ),
      );
    }
  }

  const ownWeek = workWeekStartDate(shift.date, WEEK_STARTS_ON);
  const weekly = findExcessWeeklyHours(work, {
    weekStartsOn: WEEK_STARTS_ON,
    timeZone,
    hasExcessHoursAgreement: person.hasExcessHoursAgreement ?? false,
  });
  for (const finding of weekly) {
    const window = { start: Date.parse(finding.weekStart), end: Date.parse(finding.weekEnd) };
    if (!overlaps(own, window)) continue;
    const worked = formatDuration(finding.workedMinutes);
    const limit = formatDuration(WEEKLY_HOURS_MAX_MS / 60_000);
    const week = formatBusinessDateLong(finding.weekStartDate);
    conflicts.push(
      shiftConflict(
        'weekly_hours',
        finding.weekStartDate === ownWeek
          ? t`${worked} this week, over the ${limit} limit`
          : t`${worked} in the week of ${week}, over the ${limit} limit`,
      ),
    );
  }
  return conflicts;
}

/** A shift's position the person does not hold (letter case aside). */
function positionConflicts(shift: RosterShift, positions: readonly string[]): ShiftConflict[] {
  const position = shift.position?.trim();
  if (!position) return [];
  const held = positions.some((each) => each.trim().toLowerCase() === position.toLowerCase());
  return held ? [] : [shiftConflict('position', t`Does not hold the position “${position}”`)];
}

/**
 * The conflicts that stop a publish: blocking ones, except overridable ones when a planner gave
 * an override reason.
 */
export function refusingConflicts(
  conflicts: readonly ShiftConflict[],
  options: { hasOverride: boolean },
): ShiftConflict[] {
  return conflicts.filter(
    (conflict) =>
      conflict.severity === 'blocking' && !(conflict.isOverridable && options.hasOverride),
  );
}

/**
 * The conflicts that refuse a trade for the person taking the shift (claimer, colleague, drop
 * taker): every blocking one, whatever override the shift carries (a planner's reason was for the
 * person it was planned for), and a position they do not hold (eligibility).
 */
export function takerRefusingConflicts(conflicts: readonly ShiftConflict[]): ShiftConflict[] {
  return conflicts.filter(
    (conflict) => conflict.severity === 'blocking' || conflict.code === 'position',
  );
}
