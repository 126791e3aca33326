import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dayMetrics } from '../../db/schema.ts';
import { listAssignmentPlans } from '../schedules/index.ts';

export type DayMetricsRow = typeof dayMetrics.$inferInsert;

/** Assignments (with their template) of some people overlapping a date range. */
export function loadAssignments(db: Db, userIds: string[], from: string, to: string) {
  return listAssignmentPlans(db, { userIds, from, to });
}

/** The first key of the per-person advisory locks replaceDayMetrics takes. */
const DAY_METRICS_LOCK_SPACE = 7010;

/**
 * Replace the stored metrics of these person-days (rows absent from `rows` are removed). Call
 * it in a transaction: two recomputations of one person at once (two instances, or a run and
 * the queue job) would each delete nothing and then insert the same keys, and the second would
 * fail on the primary key. The per-person locks, taken in one order, serialise them instead.
 */
export async function replaceDayMetrics(
  db: Db,
  keys: { userIds: string[]; from: string; to: string },
  rows: DayMetricsRow[],
): Promise<void> {
  for (const userId of [...keys.userIds].sort()) {
    await db.execute(
      sql`select pg_advisory_xact_lock(${DAY_METRICS_LOCK_SPACE}::int, hashtext(${userId}::text))`,
    );
  }
  await db
    .delete(dayMetrics)
    .where(
      and(
        inArray(dayMetrics.userId, keys.userIds),
        gte(dayMetrics.date, keys.from),
        lte(dayMetrics.date, keys.to),
      ),
    );
  for (let index = 0; index < rows.length; index += 1000) {
    await db.insert(dayMetrics).values(rows.slice(index, index + 1000));
  }
}
