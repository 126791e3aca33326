import { TZDate } from '@date-fns/tz';
import { t } from '@lingui/core/macro';
import {
  businessInstant,
  shiftDate,
  startOfBusinessDay,
} from '@punchclock/shared/domain/business-time';
import { findShiftConflicts } from '@punchclock/shared/domain/roster/conflicts';
import type { RosterShift } from '@punchclock/shared/domain/roster/shift';
import { timeToMinutes } from '@punchclock/shared/domain/schedule';
import type { LockedShift, ProblemPerson, RosterProblem, TimeSpan } from './types.ts';

/**
 * The shifts the auto-fill may choose (#31 item 3, decision 0048), and which of them cannot go
 * together. Pure. A template is a shift's times on one day (the same for everyone); a candidate is
 * a template for one person and one position. Whether two shifts on neighbouring days can go
 * together is asked of the roster's own conflict rules (findShiftConflicts), so the solver and the
 * board never disagree on rest.
 */

/** One possible shift on one day of the week, in local clock times and real instants. */
export interface ShiftTemplate {
  id: number;
  /** Index in weekDates. */
  day: number;
  date: string;
  startTime: string;
  endTime: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  start: number;
  end: number;
  lunch: TimeSpan | null;
  /** On the clock less lunch, as the roster's totals count it. */
  paidMinutes: number;
  /** Real minutes of work (lunch out) inside the week, as the 48-hour check counts them. */
  weekWorkMinutes: number;
}

export interface Candidate {
  /** Column number: the model's variable is `x${index}`. */
  index: number;
  /** Index in problem.people. */
  person: number;
  template: ShiftTemplate;
  /** '' (whole-team demand) or a position the person holds, spelt as the demand spells it. */
  position: string;
  /** Paid hours × hourly cost. */
  labourCost: number;
  /** The team's "prefer not" cost when the shift touches a prefer-not span, else 0. */
  preferNotCost: number;
}

export interface CandidateSet {
  templates: ShiftTemplate[];
  /** Templates by day. */
  templatesByDay: ShiftTemplate[][];
  candidates: Candidate[];
  /** For each person, their candidates by day. */
  byPersonDay: Candidate[][][];
  /**
   * Whether template a (day d) and template b (day d + 1) cannot both be worked by one person
   * (overlap, 11 h daily rest, 8 h between shifts).
   */
  isIncompatible: (a: ShiftTemplate, b: ShiftTemplate) => boolean;
  /** Paid and in-week work minutes of each person's locked shifts in the week. */
  lockedPaidMinutes: number[];
  lockedWeekWorkMinutes: number[];
}

const MINUTE = 60_000;
/** A lunch goes in the middle of shifts this long or longer (MODEL.md). */
const LUNCH_FROM_MINUTES = 360;
/** The conflict codes that make two shifts of one person impossible together. */
const REST_CODES = new Set(['overlap', 'daily_rest', 'between_shifts']);

const overlaps = (a: TimeSpan, b: TimeSpan) => a.start < b.end && b.start < a.end;

function clock(offset: number): string {
  const minutes = ((offset % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The instant of a clock offset (minutes from the day's midnight, ≥ 1440 the next day), or null
 * when that clock time does not exist (the hour skipped when clocks spring forward).
 */
function instantAt(date: string, offset: number, timeZone: string): number | null {
  const day = offset >= 1440 ? shiftDate(date, Math.floor(offset / 1440)) : date;
  const time = clock(offset);
  const instant = businessInstant(day, time, timeZone).getTime();
  const local = new TZDate(instant, timeZone);
  const isReal = local.getHours() * 60 + local.getMinutes() === timeToMinutes(time);
  return isReal ? instant : null;
}

/** The work of a shift: start to end less its lunch. */
export function workSpans(shift: {
  start: number;
  end: number;
  lunch: TimeSpan | null;
}): TimeSpan[] {
  if (!shift.lunch) return [{ start: shift.start, end: shift.end }];
  return [
    { start: shift.start, end: shift.lunch.start },
    { start: shift.lunch.end, end: shift.end },
  ].filter((span) => span.end > span.start);
}

function minutesWithin(spans: readonly TimeSpan[], window: TimeSpan): number {
  let total = 0;
  for (const span of spans) {
    total += Math.max(0, Math.min(span.end, window.end) - Math.max(span.start, window.start));
  }
  return total / MINUTE;
}

/** The real instants of the week: its first day's midnight to the midnight after its last. */
export function weekWindow(problem: Pick<RosterProblem, 'weekDates' | 'timeZone'>): TimeSpan {
  const first = problem.weekDates[0]!;
  const last = problem.weekDates[problem.weekDates.length - 1]!;
  return {
    start: startOfBusinessDay(first, problem.timeZone).getTime(),
    end: startOfBusinessDay(shiftDate(last, 1), problem.timeZone).getTime(),
  };
}

/**
 * Every shift the shape allows on each day: each length from the earliest start, every start
 * step, ending by the latest end (the next day when it is not after the earliest start); lunch in
 * the middle, on the step grid. Clock times that do not exist that day (spring forward) are left
 * out; on the autumn night the repeated hour makes an overnight shift an hour longer in real time.
 */
export function shiftTemplates(problem: RosterProblem): ShiftTemplate[][] {
  const { shape, timeZone } = problem;
  const earliest = timeToMinutes(shape.earliestStart);
  let latest = timeToMinutes(shape.latestEnd);
  if (latest <= earliest) latest += 1440;
  const step = Math.max(1, shape.startStepMinutes);
  const week = weekWindow(problem);
  let id = 0;
  return problem.weekDates.map((date, day) => {
    const templates: ShiftTemplate[] = [];
    for (const length of [...new Set(shape.lengthsMinutes)].sort((a, b) => b - a)) {
      if (length <= 0) continue;
      const hasLunch = shape.lunchMinutes > 0 && length >= LUNCH_FROM_MINUTES;
      for (let from = earliest; from < 1440 && from + length <= latest; from += step) {
        const to = from + length;
        const lunchFrom = hasLunch
          ? from + Math.floor((length - shape.lunchMinutes) / 2 / step) * step
          : null;
        const lunchTo = lunchFrom === null ? null : lunchFrom + shape.lunchMinutes;
        const start = instantAt(date, from, timeZone);
        const end = instantAt(date, to, timeZone);
        const lunchStart = lunchFrom === null ? null : instantAt(date, lunchFrom, timeZone);
        const lunchEnd = lunchTo === null ? null : instantAt(date, lunchTo, timeZone);
        if (start === null || end === null || end <= start) continue;
        if (lunchFrom !== null && (lunchStart === null || lunchEnd === null)) continue;
        const lunch =
          lunchStart !== null && lunchEnd !== null ? { start: lunchStart, end: lunchEnd } : null;
        const template: ShiftTemplate = {
          id: id++,
          day,
          date,
          startTime: clock(from),
          endTime: clock(to),
          lunchStart: lunchFrom === null ? null : clock(lunchFrom),
          lunchEnd: lunchTo === null ? null : clock(lunchTo),
          start,
          end,
          lunch,
          paidMinutes: length - (lunchTo !== null && lunchFrom !== null ? lunchTo - lunchFrom : 0),
          weekWorkMinutes: 0,
        };
        template.weekWorkMinutes = minutesWithin(workSpans(template), week);
        templates.push(template);
      }
    }
    return templates;
  });
}

/** A template or locked shift as the roster's rules read it. */
export function asRosterShift(
  shift: Pick<ShiftTemplate, 'date' | 'startTime' | 'endTime' | 'lunchStart' | 'lunchEnd'>,
  id: string,
  position: string | null = null,
): RosterShift {
  return {
    id,
    userId: 'person',
    date: shift.date,
    startTime: shift.startTime,
    endTime: shift.endTime,
    lunchStart: shift.lunchStart,
    lunchEnd: shift.lunchEnd,
    breakDurationMins: 0,
    position,
    overrideReason: null,
  };
}

/** A locked shift's local clock times, from its instants. */
export function lockedTimes(
  locked: LockedShift,
  timeZone: string,
): Pick<ShiftTemplate, 'date' | 'startTime' | 'endTime' | 'lunchStart' | 'lunchEnd'> {
  const at = (instant: number) => {
    const local = new TZDate(instant, timeZone);
    return clock(local.getHours() * 60 + local.getMinutes());
  };
  return {
    date: locked.date,
    startTime: at(locked.start),
    endTime: at(locked.end),
    lunchStart: locked.lunch ? at(locked.lunch.start) : null,
    lunchEnd: locked.lunch ? at(locked.lunch.end) : null,
  };
}

type Times = Pick<ShiftTemplate, 'date' | 'startTime' | 'endTime' | 'lunchStart' | 'lunchEnd'> & {
  start: number;
  end: number;
  lunch: TimeSpan | null;
};

/**
 * Whether the roster's rules refuse these shifts together for one person (either seen from the
 * other). Only their relative real times matter (each day's rest window starts at that day's
 * shift), so answers are cached by that geometry: a week of identical days asks each pair once.
 */
export function restChecker(timeZone: string): {
  together: (a: Times, b: Times) => boolean;
  alone: (shift: Times) => boolean;
} {
  const cache = new Map<string, boolean>();
  const conflicts = (shift: Times, other: Times | null) =>
    findShiftConflicts(
      asRosterShift(shift, 'a'),
      {
        userId: 'person',
        positions: [],
        shifts: other ? [asRosterShift(other, 'b')] : [],
        timeOff: [],
        weekly: [],
        exceptions: [],
      },
      timeZone,
    ).some((conflict) => REST_CODES.has(conflict.code));
  const geometry = (shift: Times, origin: number) =>
    `${shift.start - origin},${shift.end - origin},${shift.lunch ? `${shift.lunch.start - origin},${shift.lunch.end - origin}` : ''}`;
  const cached = (key: string, ask: () => boolean) => {
    let answer = cache.get(key);
    if (answer === undefined) {
      answer = ask();
      cache.set(key, answer);
    }
    return answer;
  };
  return {
    together: (a, b) => {
      const [first, second] = a.start <= b.start ? [a, b] : [b, a];
      const key = `${geometry(first, first.start)}|${geometry(second, first.start)}`;
      return cached(key, () => conflicts(first, second) || conflicts(second, first));
    },
    // A shift can break a rule alone (longer than 13 h leaves no 11 h off in its day).
    alone: (shift) => cached(geometry(shift, shift.start), () => conflicts(shift, null)),
  };
}

/** Positions the person may fill, as the demand spells them (letter case and spaces aside). */
function positionsFor(person: ProblemPerson, demanded: readonly string[]): string[] {
  const held = new Set(person.positions.map((each) => each.trim().toLowerCase()));
  return demanded.filter((position) => position === '' || held.has(position.trim().toLowerCase()));
}

/**
 * The most candidate shifts a week may have. They are built on the server's main thread and each
 * becomes a column of the model: the benchmark's 500 people (8 h and 4 h shifts every 30 min,
 * 07:00–22:00, one position) give 127 566, so this leaves three times that.
 */
export const MAX_CANDIDATES = 400_000;

/** A week whose settings would give too many candidate shifts: refused before building them. */
export class TooManyCandidates extends Error {
  constructor(readonly count: number) {
    super(
      t`This week would need ${count} candidate shifts (at most ${MAX_CANDIDATES}): use fewer shift lengths or a longer start step.`,
    );
  }
}

/**
 * The candidates there would be before availability and rest are looked at (people × open days ×
 * that day's templates × positions): an upper bound, counted without building anything.
 */
export function candidateBound(
  problem: RosterProblem,
  templatesByDay: readonly (readonly ShiftTemplate[])[],
): number {
  const demanded = [...new Set(problem.demand.map((interval) => interval.position))];
  let count = 0;
  for (const person of problem.people) {
    const lockedDays = new Set(person.locked.map((shift) => shift.date));
    const positions = positionsFor(person, demanded).length;
    templatesByDay.forEach((templates, day) => {
      if (lockedDays.has(problem.weekDates[day]!)) return;
      const upcoming = templates.filter((template) => template.start >= problem.notBefore);
      count += upcoming.length * positions;
    });
  }
  return count;
}

/**
 * The candidates: per person, day, template and position. Left out: shifts starting before
 * notBefore, days the person has a locked
 * shift (one shift a day), templates touching their unavailable spans or time off, overlapping a
 * locked shift or breaking rest with one, breaking a rule on their own (a shift too long for the
 * daily rest), and positions they do not hold or that have no demand. Throws TooManyCandidates
 * when the settings would give more than MAX_CANDIDATES.
 */
export function buildCandidates(problem: RosterProblem): CandidateSet {
  const templatesByDay = shiftTemplates(problem);
  const bound = candidateBound(problem, templatesByDay);
  if (bound > MAX_CANDIDATES) throw new TooManyCandidates(bound);
  const templates = templatesByDay.flat();
  const check = restChecker(problem.timeZone);
  const incompatible = new Map<string, boolean>();
  const isIncompatible = (a: ShiftTemplate, b: ShiftTemplate) => {
    const key = `${a.id}:${b.id}`;
    let answer = incompatible.get(key);
    if (answer === undefined) {
      answer = check.together(a, b);
      incompatible.set(key, answer);
    }
    return answer;
  };
  const demanded = [...new Set(problem.demand.map((interval) => interval.position))].sort();
  const week = weekWindow(problem);
  const weekDates = new Set(problem.weekDates);

  const candidates: Candidate[] = [];
  const lockedPaidMinutes: number[] = [];
  const lockedWeekWorkMinutes: number[] = [];
  const byPersonDay = problem.people.map((person, personIndex) => {
    const lockedDays = new Set(person.locked.map((shift) => shift.date));
    const locked = person.locked.map((shift) => ({
      ...lockedTimes(shift, problem.timeZone),
      start: shift.start,
      end: shift.end,
      lunch: shift.lunch,
    }));
    lockedPaidMinutes.push(
      person.locked.reduce(
        (sum, shift) => sum + (weekDates.has(shift.date) ? shift.paidMinutes : 0),
        0,
      ),
    );
    lockedWeekWorkMinutes.push(
      person.locked.reduce((sum, shift) => sum + minutesWithin(workSpans(shift), week), 0),
    );
    const positions = positionsFor(person, demanded);
    return templatesByDay.map((dayTemplates, day) => {
      const date = problem.weekDates[day]!;
      if (lockedDays.has(date) || positions.length === 0) return [];
      const list: Candidate[] = [];
      for (const template of dayTemplates) {
        // Hours that have passed are not planned (a week under way).
        if (template.start < problem.notBefore) continue;
        if (check.alone(template)) continue;
        if (person.unavailable.some((span) => overlaps(span, template))) continue;
        const clashes = locked.some(
          (shift) =>
            overlaps(shift, template) ||
            (Math.abs(shift.start - template.start) < 3 * 86_400_000 &&
              check.together(template, shift)),
        );
        if (clashes) continue;
        const isPreferNot = person.preferNot.some((span) => overlaps(span, template));
        for (const position of positions) {
          const candidate: Candidate = {
            index: candidates.length,
            person: personIndex,
            template,
            position,
            labourCost: (template.paidMinutes / 60) * person.hourlyCost,
            preferNotCost: isPreferNot ? problem.costs.preferNotShift : 0,
          };
          candidates.push(candidate);
          list.push(candidate);
        }
      }
      return list;
    });
  });
  return {
    templates,
    templatesByDay,
    candidates,
    byPersonDay,
    isIncompatible,
    lockedPaidMinutes,
    lockedWeekWorkMinutes,
  };
}
