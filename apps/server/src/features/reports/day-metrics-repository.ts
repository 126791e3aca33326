import { and, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insertJsonRowsSql } from '../../db/json-rows.ts';
import { dayMetrics } from '../../db/schema.ts';
import { listAssignmentPlans } from '../schedules/index.ts';

export type DayMetricsRow = typeof dayMetrics.$inferInsert;

/** Assignments (with their template) of some people overlapping a date range. */
export function loadAssignments(db: Db, userIds: string[], from: string, to: string) {
  return listAssignmentPlans(db, { userIds, from, to });
}

/** Every column but computed_at (its default, now()), as [row key, column name, default]. */
const WRITTEN_COLUMNS = Object.entries(getTableColumns(dayMetrics))
  .filter(([key]) => key !== 'computedAt')
  .map(([key, column]) => [key, column.name, column.default ?? null] as const);

function toColumnRecord(row: DayMetricsRow): Record<string, unknown> {
  return Object.fromEntries(
    WRITTEN_COLUMNS.map(([key, name, fallback]) => [
      name,
      row[key as keyof DayMetricsRow] ?? fallback,
    ]),
  );
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
  // All the locks in one statement (one round trip, not one per person), in sorted order: a
  // VALUES list is scanned, and each row's lock taken, in the order written.
  const sorted = [...keys.userIds].sort();
  if (sorted.length > 0) {
    await db.execute(sql`
      select pg_advisory_xact_lock(${DAY_METRICS_LOCK_SPACE}::int, hashtext(user_id))
      from (values ${sql.join(
        sorted.map((userId) => sql`(${userId}::text)`),
        sql`, `,
      )}) as people (user_id)`);
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
    const records = rows.slice(index, index + 1000).map(toColumnRecord);
    await db.execute(
      insertJsonRowsSql(
        dayMetrics,
        WRITTEN_COLUMNS.map(([, name]) => name),
        records,
      ),
    );
  }
}
