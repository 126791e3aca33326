import { sortEvents, type TimeEventType } from './time-state.ts';

/** A punch as reports see it: raw, or added/moved by an approved correction. */
export interface CorrectablePunch {
  id: string;
  eventType: TimeEventType;
  occurredAt: string;
  date: string;
}

export type Correction =
  | { kind: 'add'; eventType: TimeEventType; occurredAt: string; date: string }
  | { kind: 'move'; targetEventId: string; occurredAt: string; date: string }
  | { kind: 'remove'; targetEventId: string };

export interface CorrectedDay<T extends CorrectablePunch> {
  events: (T | CorrectablePunch)[];
  isCorrected: boolean;
}

/**
 * Apply approved corrections on top of the raw punches (which are never changed): add a missed
 * punch, move one to another time, or remove a mistaken one. The result is sorted.
 */
export function applyCorrections<T extends CorrectablePunch>(
  raw: readonly T[],
  corrections: readonly (Correction & { id: string })[],
): CorrectedDay<T> {
  let events: (T | CorrectablePunch)[] = [...raw];
  for (const correction of corrections) {
    if (correction.kind === 'add') {
      events.push({
        id: correction.id, // the correction's own id: distinct from every punch
        eventType: correction.eventType,
        occurredAt: correction.occurredAt,
        date: correction.date,
      });
    } else if (correction.kind === 'move') {
      events = events.map((event) =>
        event.id === correction.targetEventId
          ? { ...event, occurredAt: correction.occurredAt, date: correction.date }
          : event,
      );
    } else {
      events = events.filter((event) => event.id !== correction.targetEventId);
    }
  }
  return { events: sortEvents(events), isCorrected: corrections.length > 0 };
}
