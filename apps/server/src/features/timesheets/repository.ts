import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayMetrics, timeEvents } from '../../db/schema.ts';

/**
 * The timesheet's reads. Day figures come from the reports' stored day metrics (approved
 * corrections applied, a night shift filed whole on the day it started); punches from the raw
 * time events (the service applies the approved corrections for the labour checks).
 */
export function listTimesheetDayMetrics(db: Db, userId: string, from: string, to: string) {
  return db
    .select({
      date: dayMetrics.date,
      workedMinutes: dayMetrics.workedMinutes,
      breakMinutes: dayMetrics.breakMinutes,
      lunchMinutes: dayMetrics.lunchMinutes,
      paidLeaveMinutes: dayMetrics.paidLeaveMinutes,
      unpaidLeaveMinutes: dayMetrics.unpaidLeaveMinutes,
      isCorrected: dayMetrics.isCorrected,
    })
    .from(dayMetrics)
    .where(and(eq(dayMetrics.userId, userId), gte(dayMetrics.date, from), lte(dayMetrics.date, to)))
    .orderBy(asc(dayMetrics.date));
}

/** One person's raw punches whose shift belongs to a day in from..to, in time order. */
export async function listTimesheetPunches(db: Db, userId: string, from: string, to: string) {
  const rows = await db
    .select({
      id: timeEvents.id,
      eventType: timeEvents.eventType,
      occurredAt: timeEvents.occurredAt,
      date: timeEvents.date,
      shiftDate: timeEvents.shiftDate,
    })
    .from(timeEvents)
    .where(
      and(
        eq(timeEvents.userId, userId),
        gte(timeEvents.shiftDate, from),
        lte(timeEvents.shiftDate, to),
      ),
    )
    .orderBy(asc(timeEvents.occurredAt));
  return rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() }));
}
