import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TimeEvent } from '@punchclock/shared/contracts/time-tracking';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { profiles, timeEvents } from '../../db/schema.ts';
import { listAssignmentPlans } from '../schedules/index.ts';

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

/** The template assigned to the user on `date` (product §7: date within start..end), if any. */
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
  // A day with punches, or one made only of approved added punches (a forgotten day, fixed).
  const days = sql`
    select shift_date as date from time_events
    where user_id = ${userId} and shift_date between ${range.from}::date and ${range.to}::date
    union
    select date from time_corrections
    where user_id = ${userId} and status = 'approved' and kind = 'add'
      and date between ${range.from}::date and ${range.to}::date`;
  const [rows, totals] = (await Promise.all([
    db.execute(
      sql`select date::text as date from (${days}) d order by date desc limit ${page.limit} offset ${page.offset}`,
    ),
    db.execute(sql`select count(*)::int as total from (${days}) d`),
  ])) as unknown as [{ rows: { date: string }[] }, { rows: { total: number }[] }];
  return { dates: rows.rows.map((row) => row.date), total: totals.rows[0]?.total ?? 0 };
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

/** Punches of some people whose shift belongs to a day in from..to, in time order. */
export async function listShiftEvents(db: Db, userIds: string[], from: string, to: string) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select(eventColumns)
    .from(timeEvents)
    .where(
      and(
        inArray(timeEvents.userId, userIds),
        gte(timeEvents.shiftDate, from),
        lte(timeEvents.shiftDate, to),
      ),
    )
    .orderBy(asc(timeEvents.occurredAt));
  return rows.map(toEvent);
}
