import { t } from '@lingui/core/macro';
/** product §4 time states. "none" means nothing recorded for the current shift. */
export const TIME_EVENT_TYPES = ['clock_in', 'break', 'lunch', 'clock_out'] as const;
export type TimeEventType = (typeof TIME_EVENT_TYPES)[number];
export type TimeState = 'none' | TimeEventType;

/** In the reader's language (decision 0036). */
export function pleaseClockInFirst(): string {
  return t`Please clock in first`;
}

/** What the status shows for each state. */
export const STATE_LABELS: Record<TimeState, string> = {
  get none() {
    return t`Not clocked in`;
  },
  get clock_in() {
    return t`Working`;
  },
  get break() {
    return t`On Break`;
  },
  get lunch() {
    return t`On Lunch`;
  },
  get clock_out() {
    return t`Clocked Out`;
  },
};

/** Labels for events in Today's Activity and the Last Action box. */
export const EVENT_LABELS: Record<TimeEventType, string> = {
  get clock_in() {
    return t`Clocked In`;
  },
  get break() {
    return t`Started Break`;
  },
  get lunch() {
    return t`Started Lunch`;
  },
  get clock_out() {
    return t`Clocked Out`;
  },
};

/** In the reader's language (decision 0036). */
export function backToWorkLabel(): string {
  return t`Back to work`;
}

/**
 * Labels for a day's events in order. Returning to Working after a break or lunch is recorded
 * as clock_in, but reads as "Back to work" in a list, not as a second "Clocked In".
 */
export function eventLabels(events: readonly { eventType: TimeEventType }[]): string[] {
  return events.map((event, index) => {
    const previous = events[index - 1]?.eventType;
    const isReturn =
      event.eventType === 'clock_in' && (previous === 'break' || previous === 'lunch');
    return isReturn ? backToWorkLabel() : EVENT_LABELS[event.eventType];
  });
}

/**
 * Where a punch was made, as history and reports show it beside the punch: nothing for the
 * person's own screen, "recorded offline", "kiosk: Front door", "corrected". (The source values
 * are contracts/time-tracking's TIME_EVENT_SOURCES.)
 */
export function describePunchOrigin(punch: {
  source: 'web' | 'offline_sync' | 'admin_correction' | 'kiosk' | 'api';
  kioskName?: string | undefined;
}): string | null {
  switch (punch.source) {
    case 'web':
      return null;
    case 'offline_sync':
      return t`recorded offline`;
    case 'admin_correction':
      return t`corrected`;
    case 'kiosk': {
      const kioskName = punch.kioskName ?? t`a removed device`;
      return t`kiosk: ${kioskName}`;
    }
    case 'api':
      return t`recorded through the API`;
  }
}

/** product §8 success toasts. */
export const EVENT_SUCCESS_MESSAGES: Record<TimeEventType, string> = {
  get clock_in() {
    return t`Clocked In - Working`;
  },
  get break() {
    return t`On Break`;
  },
  get lunch() {
    return t`On Lunch`;
  },
  get clock_out() {
    return t`Clocked Out`;
  },
};

const ALREADY_IN_STATE: Record<'clock_in' | 'break' | 'lunch', string> = {
  get clock_in() {
    return t`You are already working`;
  },
  get break() {
    return t`You are already on break`;
  },
  get lunch() {
    return t`You are already at lunch`;
  },
};

export type TransitionCheck = { allowed: true } | { allowed: false; message: string };

/**
 * product §4: from none or clock_out only clock_in; from clock_in, break or lunch any other
 * option or clock_out. Choosing the state you are already in is refused too.
 */
export function checkTransition(state: TimeState, action: TimeEventType): TransitionCheck {
  if (state === 'none' || state === 'clock_out') {
    return action === 'clock_in'
      ? { allowed: true }
      : { allowed: false, message: pleaseClockInFirst() };
  }
  if (action === state) return { allowed: false, message: ALREADY_IN_STATE[state] };
  return { allowed: true };
}

export interface TimedEvent {
  eventType: TimeEventType;
  /** ISO instant. */
  occurredAt: string;
  /** Business day (yyyy-MM-dd) the event belongs to. */
  date: string;
}

/**
 * A shift left open longer than this is treated as a missed clock-out: the person may clock
 * in afresh instead of first "clocking out" at the wrong time.
 */
export const MAX_OPEN_SHIFT_HOURS = 16;

/**
 * The current state from the user's recent events (any order). An open shift carries over
 * midnight — a night shift is still "Working" at 00:30 — unless it has been open too long.
 */
export function deriveTimeState(
  events: readonly TimedEvent[],
  nowMs: number,
  today: string,
): TimeState {
  const sorted = sortEvents(events);
  const latest = sorted.at(-1);
  if (!latest) return 'none';
  if (latest.eventType === 'clock_out') return latest.date === today ? 'clock_out' : 'none';
  const shiftStart = findOpenShiftStart(sorted);
  if (!shiftStart) return 'none';
  const openMs = nowMs - Date.parse(shiftStart.occurredAt);
  return openMs > MAX_OPEN_SHIFT_HOURS * 3_600_000 ? 'none' : latest.eventType;
}

/**
 * The clock_in that opened the shift still in progress, if any. A clock_in after a break or
 * lunch only resumes work; one made after the shift had been open too long starts a new shift.
 */
export function findOpenShiftStart<T extends TimedEvent>(
  sortedEvents: readonly T[],
): T | undefined {
  let start: T | undefined;
  for (const event of sortedEvents) {
    if (event.eventType === 'clock_out') start = undefined;
    if (event.eventType !== 'clock_in') continue;
    const openMs = start ? Date.parse(event.occurredAt) - Date.parse(start.occurredAt) : Infinity;
    if (openMs > MAX_OPEN_SHIFT_HOURS * 3_600_000) start = event;
  }
  return start;
}

/** A punch with the shift day it is filed under. */
export interface FiledEvent extends TimedEvent {
  shiftDate: string;
}

/**
 * The shift day a punch at `atMs` belongs to, from the person's punches before it: the day of
 * the shift still open at that moment (a night shift's 06:00 clock-out, or the return from a
 * 02:00 break, counts for the evening it started), else the punch's own business day. Live
 * punches and corrections are filed by this one rule.
 */
export function shiftDayForPunch(
  prior: readonly FiledEvent[],
  atMs: number,
  ownDate: string,
): string {
  const before = sortEvents(prior.filter((event) => Date.parse(event.occurredAt) < atMs));
  const state = deriveTimeState(before, atMs, ownDate);
  if (state === 'none' || state === 'clock_out') return ownDate;
  return findOpenShiftStart(before)?.shiftDate ?? ownDate;
}

export function sortEvents<T extends TimedEvent>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
}
