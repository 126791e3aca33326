import { sortEvents, type TimedEvent, type TimeEventType } from './time-state.ts';

/**
 * The adherence engine (docs/decisions/0010): one person's business day — their plan and their
 * punches — in, metrics out. Pure and minute-by-minute, so DST days (23 h, 25 h) and overnight
 * shifts need no special cases: it walks real instants.
 */

export interface AdherenceRules {
  /** A first clock-in up to this many minutes after the start is not late (Frappe's grace). */
  lateGraceMinutes: number;
  /** A last clock-out up to this many minutes before the end is not an early leave. */
  earlyLeaveGraceMinutes: number;
  /** Unpaid lunch allowance when the plan has no lunch window. */
  lunchAllowanceMinutes: number;
}

export const DEFAULT_ADHERENCE_RULES: AdherenceRules = {
  lateGraceMinutes: 5,
  earlyLeaveGraceMinutes: 5,
  lunchAllowanceMinutes: 30,
};

/** The scheduled day, as real instants (see shiftInstants). */
export interface DayPlan {
  templateName: string;
  start: Date;
  end: Date;
  lunchStart: Date | null;
  lunchEnd: Date | null;
  breakAllowanceMinutes: number;
}

export type DayStatus =
  'complete' | 'in_progress' | 'absent' | 'excused' | 'no_schedule' | 'unscheduled';

export interface DayMetrics {
  status: DayStatus;
  /** Paid minutes planned: the shift less its lunch window. */
  scheduledMinutes: number;
  /** Paid minutes worked: working plus breaks (lunch is unpaid). */
  workedMinutes: number;
  breakMinutes: number;
  lunchMinutes: number;
  /** Planned paid minutes where the actual state matched the plan. */
  adherentMinutes: number;
  /** null when not meaningful (absent, no schedule, in progress, excused). */
  adherencePct: number | null;
  conformancePct: number | null;
  lateMinutes: number;
  earlyLeaveMinutes: number;
  /** Break beyond its allowance plus lunch beyond its allowance. */
  overbreakMinutes: number;
  missedClockOut: boolean;
  /** Paid minutes worked outside the planned shift (all of them on an unscheduled day). */
  unscheduledMinutes: number;
}

export interface DayInput {
  plan: DayPlan | null;
  /** The day's punches (raw, or with approved corrections applied). */
  events: readonly TimedEvent[];
  /** Approved time off covers the day: nothing is expected of the person. */
  isExcused?: boolean;
  now: Date;
  rules?: AdherenceRules;
}

const MINUTE = 60_000;
type Actual = 'out' | 'work' | 'break' | 'lunch';

const ACTUAL_OF: Record<TimeEventType, Actual> = {
  clock_in: 'work',
  break: 'break',
  lunch: 'lunch',
  clock_out: 'out',
};

const floorMinute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;
const roundPct = (value: number) => Math.round(value * 10) / 10;

/**
 * The actual state at each instant, from punches (any order), the last one open until
 * `openUntil`. Coverage (#31) reads who was working per interval from the same segments.
 */
export function segmentsOf(events: readonly TimedEvent[], openUntilMs: number) {
  const sorted = sortEvents(events);
  return sorted.map((event, index) => {
    const next = sorted[index + 1];
    const startMs = Date.parse(event.occurredAt);
    return {
      actual: ACTUAL_OF[event.eventType],
      startMs,
      endMs: next ? Date.parse(next.occurredAt) : Math.max(startMs, openUntilMs),
    };
  });
}

export function computeDayMetrics(input: DayInput): DayMetrics {
  const rules = input.rules ?? DEFAULT_ADHERENCE_RULES;
  const { plan } = input;
  const nowMs = input.now.getTime();
  const sorted = sortEvents(input.events);
  const last = sorted.at(-1);
  const isOpen = last !== undefined && last.eventType !== 'clock_out';
  const lastMs = last ? Date.parse(last.occurredAt) : 0;
  const isInProgress =
    (plan !== null && nowMs < plan.end.getTime()) ||
    (isOpen && plan === null && nowMs - lastMs < 16 * 3_600_000);

  // A still-open day counts up to now; a finished day left open (missed clock-out) counts up
  // to the planned end at most, never beyond the last punch otherwise.
  const missedClockOut = isOpen && !isInProgress;
  const openUntil = !isOpen
    ? lastMs
    : isInProgress
      ? nowMs
      : plan
        ? Math.max(lastMs, plan.end.getTime())
        : lastMs;
  const segments = segmentsOf(sorted, openUntil);

  let workMs = 0;
  let breakMs = 0;
  let lunchMs = 0;
  for (const segment of segments) {
    const duration = Math.max(0, segment.endMs - segment.startMs);
    if (segment.actual === 'work') workMs += duration;
    else if (segment.actual === 'break') breakMs += duration;
    else if (segment.actual === 'lunch') lunchMs += duration;
  }
  const workedMinutes = Math.floor((workMs + breakMs) / MINUTE);
  const breakMinutes = Math.floor(breakMs / MINUTE);
  const lunchMinutes = Math.floor(lunchMs / MINUTE);
  const firstIn = sorted.find((event) => event.eventType === 'clock_in');
  const lastOut = sorted.findLast((event) => event.eventType === 'clock_out');

  const base = {
    workedMinutes,
    breakMinutes,
    lunchMinutes,
    missedClockOut,
  };

  if (!plan) {
    return {
      ...base,
      status: sorted.length === 0 ? 'no_schedule' : 'unscheduled',
      scheduledMinutes: 0,
      adherentMinutes: 0,
      adherencePct: null,
      conformancePct: null,
      lateMinutes: 0,
      earlyLeaveMinutes: 0,
      overbreakMinutes: Math.max(0, lunchMinutes - rules.lunchAllowanceMinutes),
      unscheduledMinutes: workedMinutes,
    };
  }

  const startMs = plan.start.getTime();
  const endMs = plan.end.getTime();
  const lunchFrom = plan.lunchStart?.getTime() ?? null;
  const lunchTo = plan.lunchEnd?.getTime() ?? null;
  const inLunchWindow = (ms: number) =>
    lunchFrom !== null && lunchTo !== null && ms >= lunchFrom && ms < lunchTo;
  // Minutes only move forward, so one cursor over the segments is enough (O(minutes + punches)).
  let cursor = 0;
  const actualAt = (ms: number): Actual => {
    while (cursor < segments.length && (segments[cursor]?.endMs ?? 0) <= ms) cursor += 1;
    const segment = segments[cursor];
    return segment && segment.startMs <= ms ? segment.actual : 'out';
  };

  const firstInMs = firstIn ? Date.parse(firstIn.occurredAt) : null;
  // Leaving early means clocking out during the shift after working in it: a clock-out before
  // the shift began (a stray one from the night before, or a day worked wholly earlier) is not.
  const lastOutAt = lastOut && !isOpen ? Date.parse(lastOut.occurredAt) : null;
  const lastOutMs =
    lastOutAt !== null && firstInMs !== null && lastOutAt > startMs ? lastOutAt : null;
  const lateGraceEnd = startMs + rules.lateGraceMinutes * MINUTE;
  const earlyGraceStart = endMs - rules.earlyLeaveGraceMinutes * MINUTE;
  const cameInWithinGrace = firstInMs !== null && firstInMs <= lateGraceEnd;
  const leftWithinGrace = lastOutMs !== null && lastOutMs >= earlyGraceStart;

  let scheduledMinutes = 0;
  let adherentMinutes = 0;
  let breakUsed = 0;
  let lunchUsed = 0;
  const isAdherentMinute = (actual: Actual, minute: number): boolean => {
    if (actual === 'work') return true;
    if (actual === 'break') return ++breakUsed <= plan.breakAllowanceMinutes;
    // With a window, lunch belongs in it; without one, the allowance may be taken any time.
    if (actual === 'lunch') return lunchFrom === null && ++lunchUsed <= rules.lunchAllowanceMinutes;
    return (
      (minute < lateGraceEnd && cameInWithinGrace) || (minute >= earlyGraceStart && leftWithinGrace)
    );
  };
  const evaluateUntil = isInProgress ? Math.min(endMs, floorMinute(nowMs)) : endMs;
  for (let minute = floorMinute(startMs); minute < endMs; minute += MINUTE) {
    if (inLunchWindow(minute)) continue; // unpaid, outside both sides of the ratio
    scheduledMinutes += 1;
    if (minute >= evaluateUntil) continue;
    if (isAdherentMinute(actualAt(minute), minute)) adherentMinutes += 1;
  }

  const lunchAllowance =
    lunchFrom !== null && lunchTo !== null
      ? (lunchTo - lunchFrom) / MINUTE
      : rules.lunchAllowanceMinutes;
  const overbreakMinutes =
    Math.max(0, breakMinutes - plan.breakAllowanceMinutes) +
    Math.max(0, lunchMinutes - lunchAllowance);
  const lateMs = firstInMs === null ? 0 : firstInMs - startMs;
  const lateMinutes = lateMs > rules.lateGraceMinutes * MINUTE ? Math.floor(lateMs / MINUTE) : 0;
  const earlyMs = lastOutMs === null ? 0 : endMs - lastOutMs;
  const earlyLeaveMinutes =
    !isInProgress && earlyMs > rules.earlyLeaveGraceMinutes * MINUTE
      ? Math.floor(earlyMs / MINUTE)
      : 0;

  // Paid minutes outside [start, end).
  let outsideMs = 0;
  for (const segment of segments) {
    if (segment.actual !== 'work' && segment.actual !== 'break') continue;
    outsideMs += Math.max(0, Math.min(segment.endMs, startMs) - segment.startMs);
    outsideMs += Math.max(0, segment.endMs - Math.max(segment.startMs, endMs));
  }

  const isAbsent = firstIn === undefined && !isInProgress;
  const status: DayStatus = input.isExcused
    ? 'excused'
    : isAbsent
      ? 'absent'
      : isInProgress
        ? 'in_progress'
        : 'complete';
  const isScored = status === 'complete' && scheduledMinutes > 0;
  return {
    ...base,
    status,
    scheduledMinutes,
    adherentMinutes: isScored ? adherentMinutes : 0,
    adherencePct: isScored ? roundPct((adherentMinutes / scheduledMinutes) * 100) : null,
    conformancePct: isScored ? roundPct((workedMinutes / scheduledMinutes) * 100) : null,
    lateMinutes: input.isExcused ? 0 : lateMinutes,
    earlyLeaveMinutes: input.isExcused ? 0 : earlyLeaveMinutes,
    overbreakMinutes,
    unscheduledMinutes: Math.floor(outsideMs / MINUTE),
  };
}
