import { shiftDate } from '@punchclock/shared/domain/business-time';
import type { WeeklyAvailabilityRule } from '@punchclock/shared/contracts/rosters';
import type { AvailabilityRange } from '@punchclock/shared/domain/roster/availability';
import type { PersonPlanContext, PlanTimeOff } from '@punchclock/shared/domain/roster/conflicts';
import { templateShiftId, type RosterShift } from '@punchclock/shared/domain/roster/shift';
import { isDateInRange, isWorkingDay } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { listAssignmentPlans } from '../schedules/index.ts';
import { listActiveTimeOff } from '../time-off/index.ts';
import {
  listPeopleAvailabilityExceptions,
  listPeopleAvailabilityRules,
  listPeoplePositions,
  listPeopleShifts,
} from './plan-context-repository.ts';

/** Days read on each side of the dates checked: rest before and after, and whole work weeks. */
const MARGIN_DAYS = 7;

/** "HH:mm" of a time column ("09:00:00"), null kept. */
function clock<T extends string | null>(time: T): T {
  return (time === null ? null : time.slice(0, 5)) as T;
}

/** A context being filled in (the domain's is read-only). */
interface MutableContext extends PersonPlanContext {
  positions: string[];
  shifts: RosterShift[];
  timeOff: PlanTimeOff[];
  weekly: WeeklyAvailabilityRule[];
  exceptions: ({ date: string } & AvailabilityRange)[];
}

function contextOf(contexts: Map<string, MutableContext>, userId: string): MutableContext {
  const context = contexts.get(userId);
  if (!context) throw new Error(`No plan context asked for ${userId}`);
  return context;
}

/**
 * What the roster rules need about each person to check shifts between two dates
 * (domain/roster/conflicts.ts): their other shifts a week either side (the roster's, planned or
 * published, and their template's on days without one), their approved and pending time off,
 * availability and positions. A fixed number of queries, whatever the number of people.
 */
export async function loadPlanContexts(
  db: Db,
  options: {
    userIds: readonly string[];
    from: string;
    to: string;
    version: 'planned' | 'published';
  },
): Promise<Map<string, PersonPlanContext>> {
  const userIds = [...new Set(options.userIds)];
  const contexts = new Map<string, MutableContext>(
    userIds.map((userId) => [
      userId,
      { userId, positions: [], shifts: [], timeOff: [], weekly: [], exceptions: [] },
    ]),
  );
  if (userIds.length === 0) return contexts;
  const from = shiftDate(options.from, -MARGIN_DAYS);
  const to = shiftDate(options.to, MARGIN_DAYS);

  // One read after another: publishing passes its transaction, one connection (node-postgres
  // deprecates a query sent on a client still busy with another; pg 9 refuses it).
  const rosterShifts = await listPeopleShifts(db, { userIds, from, to, version: options.version });
  const plans = await listAssignmentPlans(db, { userIds, from, to });
  const timeOff = await listActiveTimeOff(db, userIds, from, to);
  const weekly = await listPeopleAvailabilityRules(db, userIds);
  const exceptions = await listPeopleAvailabilityExceptions(db, { userIds, from, to });
  const positions = await listPeoplePositions(db, userIds);

  const shiftsOf = new Map<string, RosterShift[]>();
  const add = (userId: string, shift: RosterShift) => {
    const list = shiftsOf.get(userId);
    if (list) list.push(shift);
    else shiftsOf.set(userId, [shift]);
  };
  const rosterDays = new Set<string>();
  for (const shift of rosterShifts) {
    add(shift.userId, shift);
    rosterDays.add(`${shift.userId}|${shift.date}`);
  }
  // A roster shift takes the place of the template's that day (decision 0047).
  for (const plan of plans) {
    if ((plan as { source?: string }).source === 'roster') continue;
    for (let date = from; date <= to; date = shiftDate(date, 1)) {
      if (!isDateInRange(date, plan)) continue;
      if (!isWorkingDay({ workingDays: plan.workingDays }, date)) continue;
      if (rosterDays.has(`${plan.userId}|${date}`)) continue;
      add(plan.userId, {
        id: templateShiftId(date),
        userId: plan.userId,
        date,
        startTime: clock(plan.workStart),
        endTime: clock(plan.workEnd),
        lunchStart: clock(plan.lunchStart),
        lunchEnd: clock(plan.lunchEnd),
        breakDurationMins: plan.breakDurationMins,
        position: null,
        overrideReason: null,
      });
    }
  }

  for (const row of positions) contextOf(contexts, row.userId).positions = row.positions;
  for (const [userId, list] of shiftsOf) {
    contextOf(contexts, userId).shifts = list.sort((a, b) => a.date.localeCompare(b.date));
  }
  for (const request of timeOff) {
    if (request.status !== 'approved' && request.status !== 'pending') continue;
    contextOf(contexts, request.userId).timeOff.push({
      startDate: request.startDate,
      endDate: request.endDate,
      startTime: clock(request.startTime),
      endTime: clock(request.endTime),
      status: request.status,
      typeName: request.typeName,
    });
  }
  for (const { userId, ...rule } of weekly) contextOf(contexts, userId).weekly.push(rule);
  for (const { userId, ...exception } of exceptions) {
    contextOf(contexts, userId).exceptions.push(exception);
  }
  return contexts;
}
