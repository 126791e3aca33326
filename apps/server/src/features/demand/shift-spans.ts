// A roster shift as real time (#31): where it starts and ends and its unpaid lunch, as epoch ms,
// for the solver's locked shifts and for coverage. Pure; DST-correct through the roster's own
// domain functions (rosterShiftInstants, rosterShiftWork).
import {
  rosterShiftInstants,
  rosterShiftWork,
  type RosterShift,
} from '@punchclock/shared/domain/roster/shift';
import type { TimeSpan } from './solver/types.ts';

export type ShiftTimes = Pick<
  RosterShift,
  'date' | 'startTime' | 'endTime' | 'lunchStart' | 'lunchEnd'
>;

export interface ShiftSpan extends TimeSpan {
  /** The unpaid lunch, when the shift has one inside it. */
  lunch: TimeSpan | null;
  /** Paid minutes: real time less the lunch. */
  paidMinutes: number;
}

export function shiftSpanOf(shift: ShiftTimes, timeZone: string): ShiftSpan {
  const full: RosterShift = {
    id: '',
    userId: null,
    breakDurationMins: 0,
    position: null,
    overrideReason: null,
    ...shift,
  };
  const { start, end } = rosterShiftInstants(full, timeZone);
  // The work stretches are the shift split at its lunch: the gap between two is the lunch.
  const work = rosterShiftWork(full, timeZone);
  const first = work[0];
  const second = work[1];
  const lunch =
    first && second ? { start: Date.parse(first.end), end: Date.parse(second.start) } : null;
  const paidMs = work.reduce((sum, each) => sum + Date.parse(each.end) - Date.parse(each.start), 0);
  return {
    start: start.getTime(),
    end: end.getTime(),
    lunch,
    paidMinutes: Math.round(paidMs / 60_000),
  };
}
