import type { LeavePayCode } from '@punchclock/shared/domain/pay/pay-codes';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { TimeOffRequest, TimeOffType } from '@punchclock/shared/contracts/time-off';
import type { Db } from '../../db/client.ts';
import type { Decision, RequestFilter } from '../request-decisions/index.ts';
import { decisionColumns, requestFilterWhere } from '../request-decisions/index.ts';
import { personNameOf } from '../people/index.ts';
import { i18n } from '@punchclock/shared/i18n/runtime';
import { leaveTypeName } from './type-names.ts';
import {
  allotmentDays,
  profiles,
  teamRosterSettings,
  timeOffAllowances,
  timeOffRequests,
  timeOffTypes,
  users,
} from '../../db/schema.ts';

/** The dates of a type's approved requests (what its pay code pays). */
export function listApprovedRangesOfType(db: Db, typeId: string) {
  return db
    .select({ startDate: timeOffRequests.startDate, endDate: timeOffRequests.endDate })
    .from(timeOffRequests)
    .where(and(eq(timeOffRequests.typeId, typeId), eq(timeOffRequests.status, 'approved')));
}

export async function listTimeOffTypes(db: Db, includeArchived = false): Promise<TimeOffType[]> {
  const types = await db
    .select({
      id: timeOffTypes.id,
      name: timeOffTypes.name,
      isPaid: timeOffTypes.isPaid,
      isUnlimited: timeOffTypes.isUnlimited,
      isStatutoryVacation: timeOffTypes.isStatutoryVacation,
      isArchived: timeOffTypes.isArchived,
      payCode: sql<LeavePayCode | null>`${timeOffTypes.payCode}`,
    })
    .from(timeOffTypes)
    .where(includeArchived ? undefined : eq(timeOffTypes.isArchived, false));
  // In the reader's language, so in its alphabetical order too.
  const collator = new Intl.Collator(i18n.locale);
  return types
    .map((type) => ({ ...type, name: leaveTypeName(type.name) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const requesterName = sql<string>`coalesce(${profiles.fullName}, ${users.email})`;
const deciderName = personNameOf(timeOffRequests.decidedBy);

function selectRequests(db: Db) {
  return db
    .select({
      id: timeOffRequests.id,
      userId: timeOffRequests.userId,
      userName: requesterName,
      teamId: profiles.teamId,
      typeId: timeOffRequests.typeId,
      typeName: timeOffTypes.name,
      isPaid: timeOffTypes.isPaid,
      startDate: timeOffRequests.startDate,
      endDate: timeOffRequests.endDate,
      startTime: timeOffRequests.startTime,
      endTime: timeOffRequests.endTime,
      daysX100: timeOffRequests.daysX100,
      note: timeOffRequests.note,
      status: timeOffRequests.status,
      requestedAt: timeOffRequests.requestedAt,
      decidedByName: deciderName,
      decidedAt: timeOffRequests.decidedAt,
      decisionComment: timeOffRequests.decisionComment,
    })
    .from(timeOffRequests)
    .innerJoin(users, eq(users.id, timeOffRequests.userId))
    .leftJoin(profiles, eq(profiles.id, timeOffRequests.userId))
    .innerJoin(timeOffTypes, eq(timeOffTypes.id, timeOffRequests.typeId));
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

export function toRequest({ teamId: _team, ...row }: RequestRow): TimeOffRequest {
  return {
    ...row,
    typeName: leaveTypeName(row.typeName),
    startTime: row.startTime?.slice(0, 5) ?? null,
    endTime: row.endTime?.slice(0, 5) ?? null,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function listRequests(
  db: Db,
  filter: RequestFilter,
): Promise<(TimeOffRequest & { teamId: string | null })[]> {
  const rows = await selectRequests(db)
    .where(
      requestFilterWhere(
        {
          userId: timeOffRequests.userId,
          status: timeOffRequests.status,
          firstDate: timeOffRequests.startDate,
          lastDate: timeOffRequests.endDate,
        },
        filter,
      ),
    )
    .orderBy(desc(timeOffRequests.startDate), desc(timeOffRequests.requestedAt));
  return rows.map((row) => ({ ...toRequest(row), teamId: row.teamId }));
}

export async function findRequest(db: Db, id: string, lock = false) {
  const query = selectRequests(db).where(eq(timeOffRequests.id, id));
  const [row] = lock ? await query.for('update', { of: timeOffRequests }) : await query;
  return row ? { ...toRequest(row), teamId: row.teamId } : null;
}

const requestColumns = {
  userId: timeOffRequests.userId,
  status: timeOffRequests.status,
  firstDate: timeOffRequests.startDate,
  lastDate: timeOffRequests.endDate,
};

/** One page of the requests a filter matches, first day first (then when asked, then id). */
export async function listRequestsPage(
  db: Db,
  filter: RequestFilter,
  page: { limit: number; offset: number },
): Promise<{ requests: TimeOffRequest[]; total: number }> {
  const where = requestFilterWhere(requestColumns, filter);
  const [rows, totals] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(
        asc(timeOffRequests.startDate),
        asc(timeOffRequests.requestedAt),
        asc(timeOffRequests.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(timeOffRequests)
      .leftJoin(profiles, eq(profiles.id, timeOffRequests.userId))
      .where(where),
  ]);
  return { requests: rows.map(toRequest), total: totals[0]?.total ?? 0 };
}

/**
 * What a time-off event says about its request (webhooks, decision 0041): whose, which type
 * under its stored name (the same in every language), which days and hours.
 */
export async function findTimeOffFacts(db: Db, id: string) {
  const [row] = await db
    .select({
      userId: timeOffRequests.userId,
      typeId: timeOffRequests.typeId,
      type: timeOffTypes.name,
      startDate: timeOffRequests.startDate,
      endDate: timeOffRequests.endDate,
      startTime: timeOffRequests.startTime,
      endTime: timeOffRequests.endTime,
      daysX100: timeOffRequests.daysX100,
    })
    .from(timeOffRequests)
    .innerJoin(timeOffTypes, eq(timeOffTypes.id, timeOffRequests.typeId))
    .where(eq(timeOffRequests.id, id));
  if (!row) return null;
  const { daysX100, ...facts } = row;
  return {
    ...facts,
    startTime: facts.startTime?.slice(0, 5) ?? null,
    endTime: facts.endTime?.slice(0, 5) ?? null,
    days: daysX100 / 100,
  };
}

/** The person's pending or approved requests overlapping a date range. */
export async function findOverlappingRequests(db: Db, userId: string, from: string, to: string) {
  const rows = await selectRequests(db).where(
    and(
      eq(timeOffRequests.userId, userId),
      inArray(timeOffRequests.status, ['pending', 'approved']),
      lte(timeOffRequests.startDate, to),
      gte(timeOffRequests.endDate, from),
    ),
  );
  return rows.map(toRequest);
}

export async function insertRequest(
  db: Db,
  values: typeof timeOffRequests.$inferInsert,
): Promise<string> {
  const [row] = await db
    .insert(timeOffRequests)
    .values(values)
    .returning({ id: timeOffRequests.id });
  if (!row) throw new Error('insert into time_off_requests returned no row');
  return row.id;
}

export async function updateRequestStatus(db: Db, id: string, decision: Decision): Promise<void> {
  await db.update(timeOffRequests).set(decisionColumns(decision)).where(eq(timeOffRequests.id, id));
}

/** Days (×100) used (approved) and pending per type in a year. */
export async function sumDaysByType(db: Db, userId: string, year: number) {
  return db
    .select({
      typeId: timeOffRequests.typeId,
      usedX100: sql<number>`coalesce(sum(${timeOffRequests.daysX100}) filter (where ${timeOffRequests.status} = 'approved'), 0)::int`,
      pendingX100: sql<number>`coalesce(sum(${timeOffRequests.daysX100}) filter (where ${timeOffRequests.status} = 'pending'), 0)::int`,
    })
    .from(timeOffRequests)
    .where(
      and(
        eq(timeOffRequests.userId, userId),
        gte(timeOffRequests.startDate, `${year}-01-01`),
        lte(timeOffRequests.startDate, `${year}-12-31`),
      ),
    )
    .groupBy(timeOffRequests.typeId);
}

/** A person's allowance per type for a year: their own, else their team's default. */
export async function findAllowances(db: Db, userId: string, teamId: string | null, year: number) {
  const rows = await db
    .select({
      typeId: timeOffAllowances.typeId,
      userId: timeOffAllowances.userId,
      daysX100: timeOffAllowances.daysX100,
    })
    .from(timeOffAllowances)
    .where(
      and(
        eq(timeOffAllowances.year, year),
        or(
          eq(timeOffAllowances.userId, userId),
          teamId ? eq(timeOffAllowances.teamId, teamId) : sql`false`,
        ),
      ),
    );
  const byType = new Map<string, number>();
  for (const row of rows.filter((candidate) => candidate.userId === null))
    byType.set(row.typeId, row.daysX100);
  for (const row of rows.filter((candidate) => candidate.userId !== null))
    byType.set(row.typeId, row.daysX100);
  return byType;
}

export async function upsertAllowance(
  db: Db,
  values: {
    typeId: string;
    year: number;
    userId: string | null;
    teamId: string | null;
    daysX100: number;
  },
): Promise<void> {
  const existing = await db
    .select({ id: timeOffAllowances.id })
    .from(timeOffAllowances)
    .where(
      and(
        eq(timeOffAllowances.typeId, values.typeId),
        eq(timeOffAllowances.year, values.year),
        values.userId
          ? eq(timeOffAllowances.userId, values.userId)
          : isNull(timeOffAllowances.userId),
        values.teamId
          ? eq(timeOffAllowances.teamId, values.teamId)
          : isNull(timeOffAllowances.teamId),
      ),
    );
  if (existing[0]) {
    await db
      .update(timeOffAllowances)
      .set({ daysX100: values.daysX100 })
      .where(eq(timeOffAllowances.id, existing[0].id));
  } else {
    await db.insert(timeOffAllowances).values(values);
  }
}

/** Pending and approved time off of some people overlapping a range (calendar, reports). */
export async function listActiveTimeOff(db: Db, userIds: string[], from: string, to: string) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: timeOffRequests.userId,
      startDate: timeOffRequests.startDate,
      endDate: timeOffRequests.endDate,
      startTime: timeOffRequests.startTime,
      endTime: timeOffRequests.endTime,
      isPaid: timeOffTypes.isPaid,
      typeName: timeOffTypes.name,
      payCode: timeOffTypes.payCode,
      status: timeOffRequests.status,
    })
    .from(timeOffRequests)
    .innerJoin(timeOffTypes, eq(timeOffTypes.id, timeOffRequests.typeId))
    .where(
      and(
        inArray(timeOffRequests.userId, userIds),
        ne(timeOffRequests.status, 'rejected'),
        ne(timeOffRequests.status, 'cancelled'),
        lte(timeOffRequests.startDate, to),
        gte(timeOffRequests.endDate, from),
      ),
    );
  return rows.map((row) => ({ ...row, typeName: leaveTypeName(row.typeName) }));
}

/**
 * Days of these requests on which the requester's team may have no one more off (#30 item 6):
 * its allotment for the day (allotment_days, else team_roster_settings.max_off_per_day) is
 * already reached by other people of the team with approved or waiting time off that day. A
 * flag for the approver, not a refusal. By request id, days in date order.
 */
export async function listOverAllotmentDays(
  db: Db,
  requestIds: string[],
): Promise<Map<string, { date: string; maxOff: number; offCount: number }[]>> {
  const byRequest = new Map<string, { date: string; maxOff: number; offCount: number }[]>();
  if (requestIds.length === 0) return byRequest;
  const result = (await db.execute(sql`
    select request.id, day.date::text as date, limits.max_off as "maxOff", off.count as "offCount"
    from ${timeOffRequests} request
    join ${profiles} requester on requester.id = request.user_id
    cross join lateral (
      select generate_series(request.start_date, request.end_date, interval '1 day')::date as date
    ) day
    left join ${teamRosterSettings} settings on settings.team_id = requester.team_id
    left join ${allotmentDays} allotment
      on allotment.team_id = requester.team_id and allotment.date = day.date
    cross join lateral (
      select coalesce(allotment.max_off, settings.max_off_per_day) as max_off
    ) limits
    cross join lateral (
      select count(distinct other.user_id)::int as count
      from ${timeOffRequests} other
      join ${profiles} colleague on colleague.id = other.user_id
      where colleague.team_id = requester.team_id
        and other.user_id <> request.user_id
        and other.status in ('approved', 'pending')
        and other.start_date <= day.date
        and other.end_date >= day.date
    ) off
    where request.id in ${requestIds}
      and requester.team_id is not null
      and limits.max_off is not null
      and off.count >= limits.max_off
    order by request.id, day.date`)) as unknown as {
    rows: { id: string; date: string; maxOff: number; offCount: number }[];
  };
  for (const row of result.rows) {
    const days = byRequest.get(row.id) ?? [];
    days.push({ date: row.date, maxOff: row.maxOff, offCount: row.offCount });
    byRequest.set(row.id, days);
  }
  return byRequest;
}
