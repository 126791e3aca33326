import type { NotificationRuleSettings, RuleEvent, ScheduledShift } from './notification-rules.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from './notification-rules.ts';
import { deriveTimeState, findOpenShiftStart, sortEvents, type TimeState } from './time-state.ts';

export type AttendanceStatus =
  'on_break' | 'at_lunch' | 'working' | 'late' | 'not_yet_in' | 'clocked_out' | 'off';

export interface BoardPersonInput {
  userId: string;
  name: string;
  role: string | null;
  shifts: ScheduledShift[];
  events: RuleEvent[];
}

export interface BoardRow {
  userId: string;
  name: string;
  role: string | null;
  status: AttendanceStatus;
  state: TimeState;
  /** When the current status began (break start, clock-in, shift start for late). */
  since: string | null;
  elapsedMinutes: number;
  /** The allowance for the current break or lunch; null otherwise. */
  limitMinutes: number | null;
  /** Minutes beyond the allowance (0 when within it). */
  overByMinutes: number;
  shift: { templateName: string; start: string; end: string } | null;
  /** Today's breaks and lunches so far. */
  breaksTaken: number;
  breakMinutes: number;
  lunchMinutes: number;
  overbreaks: number;
}

const MINUTE = 60_000;

/**
 * Everyone's attendance right now, for the break-monitoring board: who is on break or at lunch
 * (and by how much over), working, late, not yet in. Pure, so the server computes it from one
 * snapshot read and tests can pin every case.
 */
export function buildBreakBoard(
  people: readonly BoardPersonInput[],
  now: Date,
  today: string,
  settings: NotificationRuleSettings = DEFAULT_NOTIFICATION_SETTINGS,
): BoardRow[] {
  const nowMs = now.getTime();
  return people.map((person) => {
    const events = sortEvents(person.events);
    const state = deriveTimeState(events, nowMs, today);
    const shift = person.shifts.find((candidate) => candidate.date === today) ?? null;
    const runningShift =
      person.shifts.find(
        (candidate) => candidate.start.getTime() <= nowMs && nowMs < candidate.end.getTime(),
      ) ?? shift;
    const breakLimit = runningShift?.breakLimitMinutes ?? settings.defaultBreakLimitMinutes;
    const limitFor = (type: 'break' | 'lunch') =>
      type === 'lunch' ? settings.lunchLimitMinutes : breakLimit;

    // Today's pauses: each break/lunch lasts until the next punch (or now, if still on it).
    let breaksTaken = 0;
    let breakMs = 0;
    let lunchMs = 0;
    let overbreaks = 0;
    events.forEach((event, index) => {
      if (event.date !== today || (event.eventType !== 'break' && event.eventType !== 'lunch'))
        return;
      const next = events[index + 1];
      const isCurrent = !next && (state === 'break' || state === 'lunch');
      const endMs = next
        ? Date.parse(next.occurredAt)
        : isCurrent
          ? nowMs
          : Date.parse(event.occurredAt);
      const duration = Math.max(0, endMs - Date.parse(event.occurredAt));
      if (event.eventType === 'break') {
        breaksTaken += 1;
        breakMs += duration;
      } else {
        lunchMs += duration;
      }
      if (Math.floor(duration / MINUTE) > limitFor(event.eventType)) overbreaks += 1;
    });

    const last = events.at(-1);
    let status: AttendanceStatus;
    let since: string | null = null;
    let limitMinutes: number | null = null;
    if (state === 'break' || state === 'lunch') {
      status = state === 'break' ? 'on_break' : 'at_lunch';
      since = last?.occurredAt ?? null;
      limitMinutes = limitFor(state);
    } else if (state === 'clock_in') {
      status = 'working';
      since = findOpenShiftStart(events)?.occurredAt ?? last?.occurredAt ?? null;
    } else if (state === 'clock_out') {
      status = 'clocked_out';
      since = last?.occurredAt ?? null;
    } else if (
      runningShift &&
      nowMs >= runningShift.start.getTime() &&
      nowMs < runningShift.end.getTime()
    ) {
      // The running shift, not just today's: last night's shift is still on after midnight.
      const isLate = nowMs >= runningShift.start.getTime() + settings.lateAfterMinutes * MINUTE;
      status = isLate ? 'late' : 'not_yet_in';
      since = runningShift.start.toISOString();
    } else if (shift && nowMs < shift.start.getTime()) {
      status = 'not_yet_in';
      since = shift.start.toISOString();
    } else {
      status = 'off';
    }

    const elapsedMinutes = since
      ? Math.max(0, Math.floor((nowMs - Date.parse(since)) / MINUTE))
      : 0;
    return {
      userId: person.userId,
      name: person.name,
      role: person.role,
      status,
      state,
      since,
      elapsedMinutes,
      limitMinutes,
      overByMinutes: limitMinutes !== null ? Math.max(0, elapsedMinutes - limitMinutes) : 0,
      shift: shift
        ? {
            templateName: shift.templateName,
            start: shift.start.toISOString(),
            end: shift.end.toISOString(),
          }
        : null,
      breaksTaken,
      breakMinutes: Math.floor(breakMs / MINUTE),
      lunchMinutes: Math.floor(lunchMs / MINUTE),
      overbreaks,
    };
  });
}
