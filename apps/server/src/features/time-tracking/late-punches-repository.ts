import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { LatePunchDto } from '@punchclock/shared/contracts/approvals';
import type { Db } from '../../db/client.ts';
import { param } from '../../db/prepared.ts';
import { latePunchReviews, profiles, timeEvents, users } from '../../db/schema.ts';
import { personNameOf } from '../people/index.ts';
import type { Decision, RequestFilter } from '../request-decisions/index.ts';
import { decisionColumns, requestFilterWhere } from '../request-decisions/index.ts';

const requesterName = sql<string>`coalesce(${profiles.fullName}, ${users.email})`;
const deciderName = personNameOf(latePunchReviews.decidedBy);

function selectLatePunches(db: Db) {
  return db
    .select({
      id: latePunchReviews.id,
      userId: latePunchReviews.userId,
      userName: requesterName,
      teamId: profiles.teamId,
      date: latePunchReviews.date,
      timeEventId: latePunchReviews.timeEventId,
      eventType: timeEvents.eventType,
      occurredAt: timeEvents.occurredAt,
      requestedAt: latePunchReviews.requestedAt,
      minutesLate: latePunchReviews.minutesLate,
      status: latePunchReviews.status,
      decidedByName: deciderName,
      decidedAt: latePunchReviews.decidedAt,
      decisionComment: latePunchReviews.decisionComment,
    })
    .from(latePunchReviews)
    .innerJoin(timeEvents, eq(timeEvents.id, latePunchReviews.timeEventId))
    .innerJoin(users, eq(users.id, latePunchReviews.userId))
    .leftJoin(profiles, eq(profiles.id, latePunchReviews.userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectLatePunches>['execute']>>[number];

function toDto(row: Row): LatePunchDto & { teamId: string | null } {
  return {
    ...row,
    occurredAt: row.occurredAt.toISOString(),
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function listLatePunches(db: Db, filter: RequestFilter) {
  const rows = await selectLatePunches(db)
    .where(
      requestFilterWhere(
        {
          userId: latePunchReviews.userId,
          status: latePunchReviews.status,
          firstDate: latePunchReviews.date,
          lastDate: latePunchReviews.date,
        },
        filter,
      ),
    )
    .orderBy(desc(latePunchReviews.requestedAt));
  return rows.map(toDto);
}

export async function findLatePunch(db: Db, id: string, lock = false) {
  const query = selectLatePunches(db).where(eq(latePunchReviews.id, id));
  const [row] = lock ? await query.for('update', { of: latePunchReviews }) : await query;
  return row ? toDto(row) : null;
}

export interface LatePunchReviewRow {
  timeEventId: string;
  userId: string;
  date: string;
  minutesLate: number;
  requestedAt: Date;
}

/** The parameters of latePunchReviewInsertSql: a review to write, or none. */
export function latePunchReviewInsertParams(review: LatePunchReviewRow | null) {
  return {
    reviewTimeEventId: review?.timeEventId ?? null,
    reviewUserId: review?.userId ?? null,
    reviewDate: review?.date ?? null,
    reviewMinutesLate: review?.minutesLate ?? null,
    reviewRequestedAt: review?.requestedAt.toISOString() ?? null,
  };
}

/**
 * insertLatePunchReview for a prepared statement's WITH clause: written when there is a review
 * in the parameters and `onlyIf` holds.
 */
export function latePunchReviewInsertSql(onlyIf: SQL): SQL {
  return sql`
    insert into ${latePunchReviews} (time_event_id, user_id, date, minutes_late, requested_at)
    select ${param('reviewTimeEventId')}::uuid, ${param('reviewUserId')}::uuid,
      ${param('reviewDate')}::date, minutes_late, ${param('reviewRequestedAt')}::timestamptz
    from (select ${param('reviewMinutesLate')}::int as minutes_late) as review
    where minutes_late is not null and ${onlyIf}`;
}

export async function decideLatePunch(
  db: Db,
  id: string,
  decision: Decision & { removalCorrectionId?: string },
) {
  await db
    .update(latePunchReviews)
    .set({ ...decisionColumns(decision), removalCorrectionId: decision.removalCorrectionId })
    .where(eq(latePunchReviews.id, id));
}

/** Ids of the punches, among these, that still wait for review. */
export async function listUnreviewedEventIds(
  db: Db,
  userIds: string[],
  from: string,
  to: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ timeEventId: latePunchReviews.timeEventId })
    .from(latePunchReviews)
    .where(
      and(
        inArray(latePunchReviews.userId, userIds),
        eq(latePunchReviews.status, 'pending'),
        gte(latePunchReviews.date, from),
        lte(latePunchReviews.date, to),
      ),
    );
  return new Set(rows.map((row) => row.timeEventId));
}
