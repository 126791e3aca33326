// People's availability (#30 item 4): a weekly pattern and one-off exceptions.
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type {
  AvailabilityException,
  AvailabilityKind,
  WeeklyAvailabilityRule,
} from '@punchclock/shared/contracts/rosters';
import type { Db } from '../../db/client.ts';
import { availabilityExceptions, availabilityRules } from '../../db/schema.ts';

const hhmmOrNull = (time: string | null) => (time === null ? null : time.slice(0, 5));

/** Each person's weekly rules, by weekday then start. */
export async function listWeeklyRules(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, WeeklyAvailabilityRule[]>> {
  const byUser = new Map<string, WeeklyAvailabilityRule[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: availabilityRules.userId,
      weekday: availabilityRules.weekday,
      kind: availabilityRules.kind,
      startTime: availabilityRules.startTime,
      endTime: availabilityRules.endTime,
    })
    .from(availabilityRules)
    .where(inArray(availabilityRules.userId, [...userIds]))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startTime));
  for (const row of rows) {
    const rules = byUser.get(row.userId) ?? [];
    rules.push({
      weekday: row.weekday,
      kind: row.kind as AvailabilityKind,
      startTime: hhmmOrNull(row.startTime),
      endTime: hhmmOrNull(row.endTime),
    });
    byUser.set(row.userId, rules);
  }
  return byUser;
}

/** Replace a person's whole weekly pattern. */
export async function replaceWeeklyRules(
  db: Db,
  userId: string,
  rules: readonly WeeklyAvailabilityRule[],
): Promise<void> {
  await db.delete(availabilityRules).where(eq(availabilityRules.userId, userId));
  if (rules.length === 0) return;
  await db.insert(availabilityRules).values(rules.map((rule) => ({ ...rule, userId })));
}

export type StoredException = AvailabilityException & { userId: string };

const exceptionColumns = {
  id: availabilityExceptions.id,
  userId: availabilityExceptions.userId,
  date: availabilityExceptions.date,
  kind: availabilityExceptions.kind,
  startTime: availabilityExceptions.startTime,
  endTime: availabilityExceptions.endTime,
  note: availabilityExceptions.note,
};

function toException(row: {
  id: string;
  userId: string;
  date: string;
  kind: string;
  startTime: string | null;
  endTime: string | null;
  note: string | null;
}): StoredException {
  return {
    ...row,
    kind: row.kind as AvailabilityKind,
    startTime: hhmmOrNull(row.startTime),
    endTime: hhmmOrNull(row.endTime),
  };
}

/** People's exceptions dated in [from, to] (to: open-ended when left out), by date. */
export async function listExceptions(
  db: Db,
  userIds: readonly string[],
  from: string,
  to?: string,
): Promise<StoredException[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select(exceptionColumns)
    .from(availabilityExceptions)
    .where(
      and(
        inArray(availabilityExceptions.userId, [...userIds]),
        gte(availabilityExceptions.date, from),
        to ? lte(availabilityExceptions.date, to) : undefined,
      ),
    )
    .orderBy(asc(availabilityExceptions.date), asc(availabilityExceptions.startTime));
  return rows.map(toException);
}

export async function findException(db: Db, id: string): Promise<StoredException | null> {
  const [row] = await db
    .select(exceptionColumns)
    .from(availabilityExceptions)
    .where(eq(availabilityExceptions.id, id));
  return row ? toException(row) : null;
}

export async function insertException(
  db: Db,
  values: Omit<StoredException, 'id'>,
): Promise<string> {
  const [row] = await db
    .insert(availabilityExceptions)
    .values(values)
    .returning({ id: availabilityExceptions.id });
  if (!row) throw new Error('insert into availability_exceptions returned no row');
  return row.id;
}

export async function deleteException(db: Db, id: string): Promise<void> {
  await db.delete(availabilityExceptions).where(eq(availabilityExceptions.id, id));
}
