import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayMetrics } from '../../db/schema.ts';

/**
 * The timesheet's reads. Day figures come from the reports' stored day metrics (approved
 * corrections applied, a night shift filed whole on the day it started); punches from the raw
 * time events (the service applies the approved corrections for the labour checks).
 */
export function listTimesheetDayMetrics(
  db: Db,
  userIds: readonly string[],
  from: string,
  to: string,
) {
  return db
    .select({
      userId: dayMetrics.userId,
      date: dayMetrics.date,
      workedMinutes: dayMetrics.workedMinutes,
      breakMinutes: dayMetrics.breakMinutes,
      lunchMinutes: dayMetrics.lunchMinutes,
      paidLeaveMinutes: dayMetrics.paidLeaveMinutes,
      unpaidLeaveMinutes: dayMetrics.unpaidLeaveMinutes,
      isCorrected: dayMetrics.isCorrected,
      leavePayCode: dayMetrics.leavePayCode,
    })
    .from(dayMetrics)
    .where(
      and(
        inArray(dayMetrics.userId, [...userIds]),
        gte(dayMetrics.date, from),
        lte(dayMetrics.date, to),
      ),
    )
    .orderBy(asc(dayMetrics.date));
}
