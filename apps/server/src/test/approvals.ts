import { TZDate } from '@date-fns/tz';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  decisionResultSchema,
  type CorrectionDto,
  type CorrectionRequestInput,
  type DecisionInput,
} from '@punchclock/shared/contracts/approvals';
import {
  timeOffRequestSchema,
  type CreateTimeOffRequest,
  type TimeOffRequest,
} from '@punchclock/shared/contracts/time-off';
import type { Db } from '../db/client.ts';
import {
  dayMetrics,
  dayMetricsQueue,
  timeCorrections,
  timeEvents,
  timeOffRequests,
  timeOffTypes,
} from '../db/schema.ts';
import { TORONTO } from './time-tracking.ts';
import { expectApi } from './users.ts';

/** A Toronto wall-clock time ("HH:mm") on a date, as an ISO instant. */
export function torontoInstant(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(year, month - 1, day, hours, minutes, TORONTO).getTime(),
  ).toISOString();
}

/** The id of a time-off type by name (migration 0008 seeds Vacation, Sick, Personal, Unpaid). */
export async function timeOffTypeId(db: Db, name: string): Promise<string> {
  const [row] = await db
    .select({ id: timeOffTypes.id })
    .from(timeOffTypes)
    .where(eq(timeOffTypes.name, name));
  if (!row) throw new Error(`no time off type named ${name}`);
  return row.id;
}

/** POST /api/time-off that must succeed; returns the created request. */
export async function createTimeOff(
  app: FastifyInstance,
  cookie: string,
  body: CreateTimeOffRequest,
): Promise<TimeOffRequest> {
  const created = await expectApi<{ request: unknown }>(
    app,
    cookie,
    'POST',
    '/api/time-off',
    201,
    body,
  );
  return timeOffRequestSchema.parse(created.request);
}

/** PUT /api/time-off/allowances that must succeed. */
export async function putAllowance(
  app: FastifyInstance,
  adminCookie: string,
  body: { typeId: string; year: number; days: number; userId?: string; teamId?: string },
): Promise<void> {
  await expectApi(app, adminCookie, 'PUT', '/api/time-off/allowances', 204, body);
}

/** POST /api/corrections that must succeed; returns the created correction. */
export async function createCorrection(
  app: FastifyInstance,
  cookie: string,
  body: CorrectionRequestInput,
): Promise<CorrectionDto> {
  const created = await expectApi<{ correction: CorrectionDto }>(
    app,
    cookie,
    'POST',
    '/api/corrections',
    201,
    body,
  );
  return created.correction;
}

export type DecisionResult = { id: string; ok: boolean; message: string | null };

/** POST /api/approvals/decide that must answer 200; returns the per-item results. */
export async function decide(
  app: FastifyInstance,
  cookie: string,
  items: DecisionInput['items'],
  decision: DecisionInput['decision'],
  comment?: string,
): Promise<DecisionResult[]> {
  const body = await expectApi(app, cookie, 'POST', '/api/approvals/decide', 200, {
    items,
    decision,
    ...(comment === undefined ? {} : { comment }),
  });
  return decisionResultSchema.parse(body).results;
}

/** Every raw punch of a person as stored, in a stable order (to compare before and after). */
export function readRawEvents(db: Db, userId: string) {
  return db
    .select()
    .from(timeEvents)
    .where(eq(timeEvents.userId, userId))
    .orderBy(asc(timeEvents.occurredAt), asc(timeEvents.id));
}

/** The stored metrics of one person-day, or undefined. */
export async function readDayMetrics(db: Db, userId: string, date: string) {
  const [row] = await db
    .select()
    .from(dayMetrics)
    .where(and(eq(dayMetrics.userId, userId), eq(dayMetrics.date, date)));
  return row;
}

/** The dates of a person waiting in the recompute queue, sorted. */
export async function queuedDates(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ date: dayMetricsQueue.date })
    .from(dayMetricsQueue)
    .where(eq(dayMetricsQueue.userId, userId))
    .orderBy(asc(dayMetricsQueue.date));
  return rows.map((row) => row.date);
}

/** The status a time-off request has in the database. */
export async function timeOffStatus(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: timeOffRequests.status })
    .from(timeOffRequests)
    .where(eq(timeOffRequests.id, id));
  return row?.status;
}

/** The status a correction has in the database. */
export async function correctionStatus(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: timeCorrections.status })
    .from(timeCorrections)
    .where(eq(timeCorrections.id, id));
  return row?.status;
}

/** Pending time off and corrections of everyone, counted straight from the tables. */
export async function pendingInTables(db: Db): Promise<{ count: number; oldest: string | null }> {
  const result = (await db.execute(sql`
    select count(*)::int as count, min(requested_at) as oldest from (
      select requested_at from ${timeOffRequests} where status = 'pending'
      union all
      select requested_at from ${timeCorrections} where status = 'pending'
    ) pending`)) as unknown as { rows: { count: number; oldest: string | Date | null }[] };
  const row = result.rows[0];
  const oldest = row?.oldest ?? null;
  return {
    count: row?.count ?? 0,
    oldest: oldest === null ? null : new Date(oldest).toISOString(),
  };
}

/** The shift day each of a person's corrections is filed under, by correction id. */
export async function correctionDates(db: Db, userId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: timeCorrections.id, date: timeCorrections.date })
    .from(timeCorrections)
    .where(eq(timeCorrections.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.id, row.date]));
}
