import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TimeEvent } from '@punchclock/shared/contracts/time-tracking';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { profiles, timeEvents } from '../../db/schema.ts';
import { auditInsertSql, type AuditEntry } from '../../platform/audit.ts';
import { notifyLiveSql, type LivePayload } from '../../platform/live-events.ts';
import { markDaysStaleSql } from '../day-metrics-queue/index.ts';
import { listAssignmentPlans } from '../schedules/index.ts';
import { latePunchReviewInsertSql, type LatePunchReviewRow } from './late-punches-repository.ts';

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

/**
 * What deciding a punch needs, in one query: the event with this id (whoever's), if any, and
 * the user's punches on business days from `fromDate` on, oldest first.
 */
export async function readPunchContext(
  db: Db,
  userId: string,
  eventId: string,
  fromDate: string,
): Promise<{ existing: StoredTimeEvent | null; recent: StoredTimeEvent[] }> {
  const rows = await db
    .select(eventColumns)
    .from(timeEvents)
    .where(
      or(
        eq(timeEvents.id, eventId),
        and(eq(timeEvents.userId, userId), gte(timeEvents.date, fromDate)),
      ),
    )
    .orderBy(asc(timeEvents.occurredAt));
  const events = rows.map(toEvent);
  return {
    existing: events.find((event) => event.id === eventId) ?? null,
    recent: events.filter((event) => event.userId === userId && event.date >= fromDate),
  };
}

export interface PunchWrite {
  event: {
    id: string;
    userId: string;
    eventType: TimeEventType;
    occurredAt: Date;
    date: string;
    shiftDate: string;
    source: TimeEvent['source'];
  };
  /** The decision was made on exactly these punches: the user's on business days from `from` on. */
  decidedOn: { from: string; eventIds: string[] };
  audit: AuditEntry;
  latePunchReview: LatePunchReviewRow | null;
  staleDays: { from: string; to: string };
  live: LivePayload[];
}

/**
 * - recorded: the punch and everything that goes with it are committed;
 * - stale: another punch of this person came in after the read: nothing was written;
 * - id_taken: the event id is in use (a retry, or reuse): nothing was written.
 */
export type PunchWriteOutcome = 'recorded' | 'stale' | 'id_taken';

/**
 * Record a decided punch in one statement (decision 0022): the guard takes the person's lock
 * and checks the punches the decision was made on are still theirs exactly; only then are the
 * punch, its audit row, its late-punch review, the stale days and the live messages written —
 * all or nothing, as one statement is its own transaction.
 */
export async function writePunch(db: Db, write: PunchWrite): Promise<PunchWriteOutcome> {
  const { event, decidedOn } = write;
  const recorded = sql`exists (select 1 from inserted)`;
  const seenIds = decidedOn.eventIds.length
    ? sql`array[${sql.join(
        decidedOn.eventIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`
    : sql`'{}'::uuid[]`;
  const steps: SQL[] = [
    sql`guard as (select time_event_punch_guard(${event.userId}::uuid, ${event.id}::uuid, ${decidedOn.from}::date, ${seenIds}) as status)`,
    sql`inserted as (
      insert into ${timeEvents} (id, user_id, event_type, occurred_at, date, shift_date, source)
      select ${event.id}::uuid, ${event.userId}::uuid, ${event.eventType}::time_event_type,
        ${event.occurredAt.toISOString()}::timestamptz, ${event.date}::date,
        ${event.shiftDate}::date, ${event.source}::time_event_source
      from guard where status = 'ok'
      on conflict (id) do nothing
      returning id)`,
    sql`audited as (${auditInsertSql(write.audit, recorded)})`,
  ];
  if (write.latePunchReview) {
    steps.push(sql`reviewed as (${latePunchReviewInsertSql(write.latePunchReview, recorded)})`);
  }
  const queued = markDaysStaleSql(event.userId, write.staleDays.from, write.staleDays.to, recorded);
  if (queued) steps.push(sql`queued as (${queued})`);
  steps.push(sql`notified as (${notifyLiveSql(write.live, recorded)})`);
  const result = (await db.execute(sql`
    with ${sql.join(steps, sql`, `)}
    select (select status from guard) as status,
      (select count(*) from inserted)::int as inserted,
      (select count(*) from notified)::int as notified`)) as unknown as {
    rows: { status: string; inserted: number }[];
  };
  const row = result.rows[0];
  if (row?.status === 'ok') return row.inserted === 1 ? 'recorded' : 'id_taken';
  if (row?.status === 'stale' || row?.status === 'id_taken') return row.status;
  throw new Error(`unexpected punch guard result: ${String(row?.status)}`);
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
