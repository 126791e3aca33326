// The ESA's "day" for the 11-hours-off check is a 24-hour period the employer fixes (s. 18(1)).
// Ours: from the person's scheduled shift start on that date — for shift work the day the
// employer fixes — else from the first work of that shift day (decision 0015, addendum).
import { findPlanOn, shiftInstants } from '@punchclock/shared/domain/schedule';
import type { WorkInterval } from '@punchclock/shared/domain/pay/labour-checks';
import type { AssignmentPlan } from '../schedules/index.ts';

/**
 * Business date → the ISO instant its 24-hour "day" starts, for each shift day with work, from
 * the person's scheduled shifts (read by the caller, for everyone at once).
 */
export function employerDayStarts(
  plans: readonly AssignmentPlan[],
  workByShiftDay: ReadonlyMap<string, readonly WorkInterval[]>,
  timeZone: string,
): Map<string, string> {
  const dates = [...workByShiftDay.keys()].sort();
  const starts = new Map<string, string>();
  for (const date of dates) {
    // A published roster shift that day takes the place of the template's.
    const plan = findPlanOn(plans, date);
    const firstWork = workByShiftDay.get(date)?.[0]?.start;
    const start = plan ? shiftInstants(plan, date, timeZone).start.toISOString() : firstWork;
    if (start) starts.set(date, start);
  }
  return starts;
}
