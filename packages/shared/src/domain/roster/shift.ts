import { businessInstant, shiftDate } from '../business-time.ts';
import type { WorkInterval } from '../pay/labour-checks.ts';
import { scheduledMinutes, shiftInstants, shiftOffsets, type ShiftPattern } from '../schedule.ts';

/**
 * A shift on the roster as the rules read it (#30, decision 0047): one person (or nobody: an open
 * shift) on the business day it starts, "HH:mm" times in the business zone, an end not after the
 * start running into the next day. Lunch is unpaid, breaks are paid.
 */
export interface RosterShift {
  id: string;
  userId: string | null;
  date: string;
  startTime: string;
  endTime: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  breakDurationMins: number;
  position: string | null;
  overrideReason: string | null;
}

/** Id of the template shift a person's assignment gives them on a date without a roster shift. */
export function templateShiftId(date: string): string {
  return `template:${date}`;
}

export function isTemplateShiftId(id: string): boolean {
  return id.startsWith('template:');
}

function patternOf(
  shift: Pick<RosterShift, 'startTime' | 'endTime' | 'lunchStart' | 'lunchEnd'> &
    Partial<Pick<RosterShift, 'breakDurationMins'>>,
): ShiftPattern {
  return {
    workStart: shift.startTime,
    workEnd: shift.endTime,
    lunchStart: shift.lunchStart,
    lunchEnd: shift.lunchEnd,
    breakDurationMins: shift.breakDurationMins ?? 0,
    workingDays: [0, 1, 2, 3, 4, 5, 6],
  };
}

/**
 * The real instants a shift starts and ends in the business zone: DST-correct (22:00–06:00 is 7
 * real hours the night of 2026-03-08 in Toronto and 9 the night of 2026-11-01).
 */
export function rosterShiftInstants(
  shift: RosterShift,
  timeZone: string,
): { start: Date; end: Date } {
  return shiftInstants(patternOf(shift), shift.date, timeZone);
}

/** Paid minutes on the clock: the shift less its unpaid lunch (as scheduledMinutes). */
export function rosterShiftPaidMinutes(
  shift: Pick<RosterShift, 'startTime' | 'endTime' | 'lunchStart' | 'lunchEnd'>,
): number {
  return scheduledMinutes(patternOf(shift));
}

/**
 * The stretches of work of a shift as ISO instants for the labour checks: the shift split at its
 * unpaid lunch (a lunch after midnight of an overnight shift is on the next day).
 */
export function rosterShiftWork(shift: RosterShift, timeZone: string): WorkInterval[] {
  const { start, end } = rosterShiftInstants(shift, timeZone);
  const offsets = shiftOffsets(patternOf(shift));
  if (
    offsets.lunchStart === null ||
    offsets.lunchEnd === null ||
    offsets.lunchEnd <= offsets.lunchStart ||
    offsets.lunchStart < offsets.start ||
    offsets.lunchEnd > offsets.end
  ) {
    return [{ start: start.toISOString(), end: end.toISOString() }];
  }
  const at = (offset: number) => {
    const date = offset >= 1440 ? shiftDate(shift.date, 1) : shift.date;
    const minutes = offset % 1440;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return businessInstant(date, time, timeZone);
  };
  const lunchStart = at(offsets.lunchStart);
  const lunchEnd = at(offsets.lunchEnd);
  return [
    { start: start.toISOString(), end: lunchStart.toISOString() },
    { start: lunchEnd.toISOString(), end: end.toISOString() },
  ].filter((interval) => interval.end > interval.start);
}
