import { toBusinessDate } from './business-time.ts';
import { shiftDayForPunch, sortEvents, type FiledEvent, type TimeEventType } from './time-state.ts';

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

export type FilableCorrection = Correction & { id: string; status: 'approved' | 'pending' };

/**
 * The shift day of every punch a correction adds, derived again from the whole corrected record
 * by the rule live punches follow (shiftDayForPunch), so the order requests come in cannot split
 * a night between two days. Approved additions are filed among the raw punches and approved
 * corrections only; pending ones among those and the person's other pending requests — the day
 * as it will be if they are approved. `corrections` come oldest request first. Returns
 * correction id → shift day.
 */
export function fileAddedPunches(
  raw: readonly (FiledEvent & { id: string })[],
  corrections: readonly FilableCorrection[],
  timeZone: string,
): Map<string, string> {
  const filed = new Map<string, string>();
  const fileAdds = (applied: readonly FilableCorrection[], status: FilableCorrection['status']) => {
    const withFiledDays = applied.map((correction) =>
      correction.kind === 'add'
        ? { ...correction, date: filed.get(correction.id) ?? correction.date }
        : correction,
    );
    const punches = raw.map(({ id, eventType, occurredAt, shiftDate }) => ({
      id,
      eventType,
      occurredAt,
      date: shiftDate,
    }));
    const events = applyCorrections(punches, withFiledDays).events.map((event) => ({
      ...event,
      shiftDate: event.date,
    }));
    const toFile = new Set(
      applied
        .filter((correction) => correction.kind === 'add' && correction.status === status)
        .map((correction) => correction.id),
    );
    for (const [index, event] of events.entries()) {
      if (!toFile.has(event.id)) continue;
      const atMs = Date.parse(event.occurredAt);
      const day = shiftDayForPunch(
        events.slice(0, index),
        atMs,
        toBusinessDate(event.occurredAt, timeZone),
      );
      event.shiftDate = day;
      event.date = day;
      filed.set(event.id, day);
    }
  };
  fileAdds(
    corrections.filter((correction) => correction.status === 'approved'),
    'approved',
  );
  fileAdds(corrections, 'pending');
  return filed;
}
