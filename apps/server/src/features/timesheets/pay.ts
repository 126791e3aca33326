// Pay codes on the timesheet (issue #14 §3, §6, §8; docs/decisions/0018): leave by pay code,
// public holiday pay by the ESA formula, holiday work flagged, and pay lines with amounts when a
// rate is known. Kept apart from service.ts, which only calls these.
import type { TimesheetPayLine } from '@punchclock/shared/contracts/timesheets';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import {
  amountCents,
  holidayPayMinutes,
  payLines,
  type PayCodeDay,
} from '@punchclock/shared/domain/pay/pay-codes';
import {
  holidayPayWeeks,
  publicHolidayPayCents,
} from '@punchclock/shared/domain/pay/public-holiday-pay';

/** A stored day's leave under its pay code; a type without one: paid → VAC, unpaid → UNPAID. */
export function leaveByPayCodeOf(
  row:
    | { paidLeaveMinutes: number; unpaidLeaveMinutes: number; leavePayCode: string | null }
    | undefined,
): Record<string, number> {
  if (!row) return {};
  const minutes = row.paidLeaveMinutes + row.unpaidLeaveMinutes;
  if (minutes === 0) return {};
  const code = row.leavePayCode ?? (row.paidLeaveMinutes > 0 ? 'VAC' : 'UNPAID');
  return { [code]: minutes };
}

export interface PayDayInput {
  date: string;
  regularMinutes: number;
  leaveByPayCode: Record<string, number>;
}

/**
 * Public holiday pay for a holiday date: (regular minutes + vacation minutes in the 4 work weeks
 * before the holiday's week) ÷ 20 as minutes; as cents by the ESA formula with each day's rate.
 * `days` must reach back to payReadsFrom (domain/pay/public-holiday-pay.ts), each day's regular minutes computed under the
 * rule set in force that week (overtime is not regular wages, nor is holiday pay itself).
 */
export function holidayPayOn(
  date: string,
  weekStartsOn: number,
  days: ReadonlyMap<string, PayDayInput>,
  rateOn: (date: string) => number | null,
): { minutes: number; amountCents: number | null } {
  let regular = 0;
  let vacation = 0;
  let wagesCents = 0;
  let vacationCents = 0;
  for (const week of holidayPayWeeks(date, weekStartsOn)) {
    for (let day = week.dateRangeStart; day <= week.dateRangeEnd; day = shiftDate(day, 1)) {
      const figures = days.get(day);
      if (!figures) continue;
      const vac = figures.leaveByPayCode.VAC ?? 0;
      regular += figures.regularMinutes;
      vacation += vac;
      const rate = rateOn(day) ?? rateOn(date) ?? 0;
      wagesCents += amountCents('REG', figures.regularMinutes, rate);
      vacationCents += amountCents('VAC', vac, rate);
    }
  }
  return {
    minutes: holidayPayMinutes(regular, vacation),
    amountCents:
      rateOn(date) === null
        ? null
        : publicHolidayPayCents({ regularWagesCents: wagesCents, vacationPayCents: vacationCents }),
  };
}

/** The timesheet's pay lines: the period's days by pay code, priced when a rate is known. */
export function timesheetPayLines(
  days: readonly PayCodeDay[],
  rateOn: (date: string) => number | null,
  holidayAmountOn: (date: string) => number | null,
): TimesheetPayLine[] {
  return payLines(days, rateOn, holidayAmountOn);
}
