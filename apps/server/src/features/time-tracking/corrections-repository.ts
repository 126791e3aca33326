import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { CorrectionDto } from '@punchclock/shared/contracts/approvals';
import type { Correction } from '@punchclock/shared/domain/corrections';
import type { Db } from '../../db/client.ts';
import type { Decision, RequestFilter } from '../request-decisions/index.ts';
import { decisionColumns, requestFilterWhere } from '../request-decisions/index.ts';
import { personNameOf } from '../people/index.ts';
import { profiles, timeCorrections, timeEvents, users } from '../../db/schema.ts';

const requesterName = sql<string>`coalesce(${profiles.fullName}, ${users.email})`;
const deciderName = personNameOf(timeCorrections.decidedBy);

function selectCorrections(db: Db) {
  return db
    .select({
      id: timeCorrections.id,
      userId: timeCorrections.userId,
      userName: requesterName,
      teamId: profiles.teamId,
      date: timeCorrections.date,
      kind: timeCorrections.kind,
      targetEventId: timeCorrections.targetEventId,
      originalEventType: timeEvents.eventType,
      originalOccurredAt: timeEvents.occurredAt,
      eventType: timeCorrections.eventType,
      occurredAt: timeCorrections.occurredAt,
      reason: timeCorrections.reason,
      status: timeCorrections.status,
      requestedAt: timeCorrections.requestedAt,
      decidedByName: deciderName,
      decidedAt: timeCorrections.decidedAt,
      decisionComment: timeCorrections.decisionComment,
    })
    .from(timeCorrections)
    .innerJoin(users, eq(users.id, timeCorrections.userId))
    .leftJoin(profiles, eq(profiles.id, timeCorrections.userId))
    .leftJoin(timeEvents, eq(timeEvents.id, timeCorrections.targetEventId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCorrections>['execute']>>[number];

function toDto(row: Row): CorrectionDto & { teamId: string | null } {
  return {
    ...row,
    originalOccurredAt: row.originalOccurredAt?.toISOString() ?? null,
    occurredAt: row.occurredAt?.toISOString() ?? null,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function listCorrections(db: Db, filter: RequestFilter) {
  const rows = await selectCorrections(db)
    .where(
      requestFilterWhere(
        {
          userId: timeCorrections.userId,
          status: timeCorrections.status,
          firstDate: timeCorrections.date,
          lastDate: timeCorrections.date,
        },
        filter,
      ),
    )
    .orderBy(desc(timeCorrections.requestedAt));
  return rows.map(toDto);
}

export async function findCorrection(db: Db, id: string, lock = false) {
  const query = selectCorrections(db).where(eq(timeCorrections.id, id));
  const [row] = lock ? await query.for('update', { of: timeCorrections }) : await query;
  return row ? toDto(row) : null;
}

export async function insertCorrection(
  db: Db,
  values: typeof timeCorrections.$inferInsert,
): Promise<string> {
  const [row] = await db
    .insert(timeCorrections)
    .values(values)
    .returning({ id: timeCorrections.id });
  if (!row) throw new Error('insert into time_corrections returned no row');
  return row.id;
}

export async function decideCorrection(db: Db, id: string, decision: Decision) {
  await db.update(timeCorrections).set(decisionColumns(decision)).where(eq(timeCorrections.id, id));
}

/** Approved corrections of some people over a range of shift days, oldest request first. */
export async function listApprovedCorrections(db: Db, userIds: string[], from: string, to: string) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: timeCorrections.id,
      userId: timeCorrections.userId,
      date: timeCorrections.date,
      kind: timeCorrections.kind,
      targetEventId: timeCorrections.targetEventId,
      eventType: timeCorrections.eventType,
      occurredAt: timeCorrections.occurredAt,
      reason: timeCorrections.reason,
      decidedAt: timeCorrections.decidedAt,
      decidedByName: deciderName,
    })
    .from(timeCorrections)
    .where(
      and(
        inArray(timeCorrections.userId, userIds),
        eq(timeCorrections.status, 'approved'),
        gte(timeCorrections.date, from),
        lte(timeCorrections.date, to),
      ),
    )
    .orderBy(timeCorrections.requestedAt);
  return rows.map((row) => ({
    ...row,
    occurredAt: row.occurredAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}

/** A person's approved and pending corrections over a range of shift days, oldest request first. */
export async function listLiveCorrectionsOf(db: Db, userId: string, from: string, to: string) {
  const rows = await db
    .select({
      id: timeCorrections.id,
      date: timeCorrections.date,
      kind: timeCorrections.kind,
      status: timeCorrections.status,
      targetEventId: timeCorrections.targetEventId,
      eventType: timeCorrections.eventType,
      occurredAt: timeCorrections.occurredAt,
    })
    .from(timeCorrections)
    .where(
      and(
        eq(timeCorrections.userId, userId),
        inArray(timeCorrections.status, ['approved', 'pending']),
        gte(timeCorrections.date, from),
        lte(timeCorrections.date, to),
      ),
    )
    .orderBy(timeCorrections.requestedAt, timeCorrections.id);
  return rows.map((row) => ({
    ...row,
    status: row.status as 'approved' | 'pending',
    occurredAt: row.occurredAt?.toISOString() ?? null,
  }));
}

export async function setCorrectionDate(db: Db, id: string, date: string): Promise<void> {
  await db.update(timeCorrections).set({ date }).where(eq(timeCorrections.id, id));
}

export async function findPendingForTarget(db: Db, targetEventId: string) {
  const [row] = await db
    .select({ id: timeCorrections.id })
    .from(timeCorrections)
    .where(
      and(eq(timeCorrections.targetEventId, targetEventId), eq(timeCorrections.status, 'pending')),
    );
  return row ?? null;
}

/** A stored correction in the shape the pure applyCorrections takes. */
export function toDomainCorrection(row: {
  id: string;
  kind: 'add' | 'move' | 'remove';
  targetEventId: string | null;
  eventType: string | null;
  occurredAt: string | null;
  date: string;
}): Correction & { id: string } {
  if (row.kind === 'add') {
    return {
      id: row.id,
      kind: 'add',
      eventType: row.eventType as 'clock_in',
      occurredAt: row.occurredAt ?? '',
      date: row.date,
    };
  }
  if (row.kind === 'move') {
    return {
      id: row.id,
      kind: 'move',
      targetEventId: row.targetEventId ?? '',
      occurredAt: row.occurredAt ?? '',
      date: row.date,
    };
  }
  return { id: row.id, kind: 'remove', targetEventId: row.targetEventId ?? '' };
}
