// The day-metrics queue: records (punches, corrections, leave, schedules) mark a person's days
// stale in their own transaction; the reports side drains the queue and recomputes the days.
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { param } from '../../db/prepared.ts';
import { dayMetricsQueue } from '../../db/schema.ts';

/**
 * Mark a person's days stale; the queue job recomputes them within seconds. Days after
 * tomorrow (UTC) are skipped: nothing has happened there yet, whatever the business zone.
 */
export async function markDaysStale(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<void> {
  const last = lastDayToQueue(to);
  if (last >= from) await queueDays(db, userId, from, last);
}

function lastDayToQueue(to: string): string {
  const horizon = shiftDate(toBusinessDate(new Date(), 'UTC'), 1);
  return to > horizon ? horizon : to;
}

/** The parameters of markDaysStaleSql: the same days markDaysStale would queue. */
export function markDaysStaleParams(userId: string, from: string, to: string) {
  return { staleUserId: userId, staleFrom: from, staleTo: lastDayToQueue(to) };
}

/**
 * markDaysStale for a prepared statement's WITH clause, queueing only when `onlyIf` holds (an
 * empty range, staleTo before staleFrom, queues nothing).
 */
export function markDaysStaleSql(onlyIf: SQL): SQL {
  return sql`
    insert into ${dayMetricsQueue} (user_id, date)
    select ${param('staleUserId')}::uuid, day::date
    from generate_series(${param('staleFrom')}::date, ${param('staleTo')}::date, interval '1 day') as day
    where ${onlyIf}
    on conflict do nothing`;
}

/** Queue one person's days for recomputation (idempotent). */
export async function queueDays(db: Db, userId: string, from: string, to: string): Promise<void> {
  await db.execute(sql`
    insert into ${dayMetricsQueue} (user_id, date)
    select ${userId}::uuid, day::date
    from generate_series(${from}::date, ${to}::date, interval '1 day') as day
    on conflict do nothing`);
}

/** Take up to `limit` queued person-days (other instances skip the ones taken). */
export async function takeQueuedDays(db: Db, limit: number) {
  const result = (await db.execute(sql`
    delete from ${dayMetricsQueue}
    where (user_id, date) in (
      select user_id, date from ${dayMetricsQueue}
      order by queued_at
      limit ${limit}
      for update skip locked
    )
    returning user_id as "userId", date::text as date`)) as unknown as {
    rows: { userId: string; date: string }[];
  };
  return result.rows;
}
