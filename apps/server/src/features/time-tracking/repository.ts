import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { TimeEvent } from '@punchclock/shared/contracts/time-tracking';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { param, preparedStatement } from '../../db/prepared.ts';
import { kioskDevices, profiles, timeEvents } from '../../db/schema.ts';
import { auditInsertParams, auditInsertSql, type AuditEntry } from '../../platform/audit.ts';
import { notifyLiveParams, notifyLiveSql, type LivePayload } from '../../platform/live-events.ts';
import { markDaysStaleParams, markDaysStaleSql } from '../day-metrics-queue/index.ts';
import { findAssignmentPlanOn } from '../schedules/index.ts';
import {
  latePunchReviewInsertParams,
  latePunchReviewInsertSql,
  type LatePunchReviewRow,
} from './late-punches-repository.ts';

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

interface PunchContextRow {
  id: string;
  userId: string;
  eventType: TimeEvent['eventType'];
  /** Milliseconds since 1970 (as a float8, a number on both drivers). */
  occurredAtMs: number;
  date: string;
  shiftDate: string;
  source: TimeEvent['source'];
}

// A punch's read and write are prepared statements (db/prepared.ts, decision 0023).
const selectPunchContext = preparedStatement<
  PunchContextRow,
  { eventId: string; userId: string; fromDate: string }
>(
  'time_event_punch_context',
  () => sql`
    select id, user_id as "userId", event_type as "eventType",
      floor(extract(epoch from occurred_at) * 1000)::float8 as "occurredAtMs",
      date::text as date, shift_date::text as "shiftDate", source
    from ${timeEvents}
    where id = ${param('eventId')}::uuid
      or (user_id = ${param('userId')}::uuid and date >= ${param('fromDate')}::date)
    order by occurred_at`,
);

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
  // The instant as a number, not to_char text: its format's ':' would be read by pgbench as a
  // variable, and the bench runs this very statement (bench/pgbench-punch.ts).
  const events = (await selectPunchContext(db, { eventId, userId, fromDate })).map(
    ({ occurredAtMs, ...row }): StoredTimeEvent => ({
      ...row,
      occurredAt: new Date(occurredAtMs).toISOString(),
    }),
  );
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
    kioskDeviceId: string | null;
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

const recorded = sql`exists (select 1 from inserted)`;

/**
 * The punch's one statement (decision 0022): the guard takes the person's lock and checks the
 * punches the decision was made on are still theirs exactly; only then are the punch, its audit
 * row, its late-punch review, the stale days and the live messages written — all or nothing, as
 * one statement is its own transaction. Each part is built next to the code that owns its table.
 */
const writePunchStatement = preparedStatement<
  { status: string; inserted: number },
  Record<string, unknown>
>(
  'time_event_punch_write',
  () => sql`
    with guard as (
      select time_event_punch_guard(${param('userId')}::uuid, ${param('eventId')}::uuid,
        ${param('decidedFrom')}::date, ${param('seenIds')}::uuid[]) as status
    ),
    inserted as (
      insert into ${timeEvents}
        (id, user_id, event_type, occurred_at, date, shift_date, source, kiosk_device_id)
      select ${param('eventId')}::uuid, ${param('userId')}::uuid,
        ${param('eventType')}::time_event_type, ${param('occurredAt')}::timestamptz,
        ${param('date')}::date, ${param('shiftDate')}::date, ${param('source')}::time_event_source,
        ${param('kioskDeviceId')}::uuid
      from guard where status = 'ok'
      on conflict (id) do nothing
      returning id
    ),
    audited as (${auditInsertSql(recorded)}),
    reviewed as (${latePunchReviewInsertSql(recorded)}),
    queued as (${markDaysStaleSql(recorded)}),
    notified as (${notifyLiveSql(recorded)})
    select (select status from guard) as status,
      (select count(*) from inserted)::int as inserted,
      (select count(*) from notified)::int as notified`,
);

/** The values of writePunchStatement for a decided punch (bench/pgbench-punch.ts uses them too). */
export function punchWriteParams(write: PunchWrite): Record<string, unknown> {
  const { event, decidedOn } = write;
  return {
    userId: event.userId,
    eventId: event.id,
    decidedFrom: decidedOn.from,
    seenIds: decidedOn.eventIds,
    eventType: event.eventType,
    occurredAt: event.occurredAt.toISOString(),
    date: event.date,
    shiftDate: event.shiftDate,
    source: event.source,
    kioskDeviceId: event.kioskDeviceId,
    ...auditInsertParams(write.audit),
    ...latePunchReviewInsertParams(write.latePunchReview),
    ...markDaysStaleParams(event.userId, write.staleDays.from, write.staleDays.to),
    ...notifyLiveParams(write.live),
  };
}

/** Record a decided punch in one statement (writePunchStatement). */
export async function writePunch(db: Db, write: PunchWrite): Promise<PunchWriteOutcome> {
  const [row] = await writePunchStatement(db, punchWriteParams(write));
  if (row?.status === 'ok') return row.inserted === 1 ? 'recorded' : 'id_taken';
  if (row?.status === 'stale' || row?.status === 'id_taken') return row.status;
  throw new Error(`unexpected punch guard result: ${String(row?.status)}`);
}

/**
 * The user's plan on `date`: their published roster shift that day, else the template assigned
 * over it (product §7: date within start..end), if any (decision 0047).
 */
export async function findAssignedTemplate(db: Db, userId: string, date: string) {
  return findAssignmentPlanOn(db, userId, date);
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
    .select({ ...eventColumns, kioskName: kioskDevices.name })
    .from(timeEvents)
    .leftJoin(kioskDevices, eq(kioskDevices.id, timeEvents.kioskDeviceId))
    .where(and(eq(timeEvents.userId, userId), inArray(timeEvents.shiftDate, dates)))
    .orderBy(asc(timeEvents.occurredAt));
  // The kiosk's name is shown in history ("kiosk: Front door"), even after it is revoked.
  return rows.map(({ kioskName, ...row }) => ({
    ...toEvent(row),
    ...(kioskName === null ? {} : { kioskName }),
  }));
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
