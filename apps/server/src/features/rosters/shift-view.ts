// A board shift as planners see it: its state against what people see, its paid minutes, and
// the rules it breaks or bends for its person (domain/roster, decision 0047).
import type { Shift } from '@punchclock/shared/contracts/rosters';
import { findShiftConflicts } from '@punchclock/shared/domain/roster/conflicts';
import { rosterShiftWork, type RosterShift } from '@punchclock/shared/domain/roster/shift';
import type { Db } from '../../db/client.ts';
import { loadPlanContexts } from './plan-context.ts';
import { shiftStateOf, type ShiftRow } from './repository.ts';

/**
 * Paid minutes of a shift (or a template's shift): its real time less its unpaid lunch, so hours
 * are pay across a DST change (22:00–06:00 is 9 h the night of 2026-11-01 in Toronto, 7 h the
 * night of 2026-03-08), as the overtime engine counts worked minutes.
 */
export function paidMinutesOf(
  shift: Pick<RosterShift, 'date' | 'startTime' | 'endTime' | 'lunchStart' | 'lunchEnd'>,
  timeZone: string,
): number {
  const work = rosterShiftWork(
    { id: '', userId: null, breakDurationMins: 0, position: null, overrideReason: null, ...shift },
    timeZone,
  );
  const ms = work.reduce((sum, each) => sum + Date.parse(each.end) - Date.parse(each.start), 0);
  return Math.round(ms / 60_000);
}

/** The first and last of some dates (the loader reads a week either side for the rules). */
function dateSpan(dates: readonly string[]): { from: string; to: string } {
  const sorted = [...dates].sort();
  return { from: sorted[0] ?? '', to: sorted.at(-1) ?? '' };
}

/** Board shifts in the contract's shape, each with its conflicts against its person's plan. */
export async function toShifts(
  db: Db,
  rows: readonly ShiftRow[],
  timeZone: string,
): Promise<Shift[]> {
  const userIds = [
    ...new Set(rows.flatMap((row) => (row.userId && !row.isDeleted ? [row.userId] : []))),
  ];
  const contexts =
    userIds.length === 0
      ? new Map()
      : await loadPlanContexts(db, {
          userIds,
          ...dateSpan(rows.map((row) => row.date)),
          version: 'planned',
        });
  return rows.map((row) => {
    const person = row.userId && !row.isDeleted ? contexts.get(row.userId) : undefined;
    return {
      id: row.id,
      userId: row.userId,
      userName: row.userName,
      teamId: row.teamId,
      date: row.date,
      startTime: row.startTime,
      endTime: row.endTime,
      lunchStart: row.lunchStart,
      lunchEnd: row.lunchEnd,
      breakDurationMins: row.breakDurationMins,
      position: row.position,
      note: row.note,
      overrideReason: row.overrideReason,
      state: shiftStateOf(row),
      paidMinutes: paidMinutesOf(row, timeZone),
      conflicts: person ? findShiftConflicts(row, person, timeZone) : [],
    };
  });
}
