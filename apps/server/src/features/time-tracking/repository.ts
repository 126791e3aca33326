import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TimeEvent } from '@punchclock/shared/contracts/time-tracking';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { profiles, timeEvents } from '../../db/schema.ts';
import { listAssignmentPlans } from '../schedules/repository.ts';

const eventColumns = {
  id: timeEvents.id,
  userId: timeEvents.userId,
  eventType: timeEvents.eventType,
  occurredAt: timeEvents.occurredAt,
  date: timeEvents.date,
  shiftDate: timeEvents.shiftDate,
  source: timeEvents.source,
};

type EventRow = { userId: string; occurredAt: Date } & Omit<TimeEvent, 'occurredAt'>;

export type StoredTimeEvent = TimeEvent & { userId: string };

function toEvent(row: EventRow): StoredTimeEvent {
  return { ...row, occurredAt: row.occurredAt.toISOString() };
}

/** Serialise one user's writes: concurrent requests queue on their profile row. */
export async function lockUserForTimeTracking(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${userId} for update`);
}

export async function findEventById(db: Db, id: string): Promise<StoredTimeEvent | null> {
  const [row] = await db.select(eventColumns).from(timeEvents).where(eq(timeEvents.id, id));
  return row ? toEvent(row) : null;
}

/** The user's events on business days from `fromDate` on, oldest first. */
export async function listEventsFromDate(
  db: Db,
  userId: string,
  fromDate: string,
): Promise<StoredTimeEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(timeEvents)
    .where(and(eq(timeEvents.userId, userId), gte(timeEvents.date, fromDate)))
    .orderBy(asc(timeEvents.occurredAt));
  return rows.map(toEvent);
}

export async function insertEvent(
  db: Db,
  event: {
    id: string;
    userId: string;
    eventType: TimeEventType;
    occurredAt: Date;
    date: string;
    shiftDate: string;
    source: TimeEvent['source'];
  },
): Promise<StoredTimeEvent | null> {
  const [row] = await db
    .insert(timeEvents)
    .values(event)
    .onConflictDoNothing({ target: timeEvents.id })
    .returning(eventColumns);
  return row ? toEvent(row) : null;
}

/** The template assigned to the user on `date` (SPEC §7: date within start..end), if any. */
export async function findAssignedTemplate(db: Db, userId: string, date: string) {
  const [plan] = await listAssignmentPlans(db, { userIds: [userId], from: date, to: date });
  return plan ?? null;
}

/** Distinct days with events in a range, newest first, one page of them, and the total. */
export async function listEventDays(
  db: Db,
  userId: string,
  range: { from: string; to: string },
  page: { limit: number; offset: number },
): Promise<{ dates: string[]; total: number }> {
  const where = and(
    eq(timeEvents.userId, userId),
    gte(timeEvents.shiftDate, range.from),
    lte(timeEvents.shiftDate, range.to),
  );
  const [rows, totals] = await Promise.all([
    db
      .selectDistinct({ date: timeEvents.shiftDate })
      .from(timeEvents)
      .where(where)
      .orderBy(desc(timeEvents.shiftDate))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count(sql`distinct ${timeEvents.shiftDate}`) })
      .from(timeEvents)
      .where(where),
  ]);
  return { dates: rows.map((row) => row.date), total: totals[0]?.total ?? 0 };
}

export async function listEventsOnDates(
  db: Db,
  userId: string,
  dates: string[],
): Promise<StoredTimeEvent[]> {
  if (dates.length === 0) return [];
  const rows = await db
    .select(eventColumns)
    .from(timeEvents)
    .where(and(eq(timeEvents.userId, userId), inArray(timeEvents.shiftDate, dates)))
    .orderBy(asc(timeEvents.occurredAt));
  return rows.map(toEvent);
}
