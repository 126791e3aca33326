// Labour agreements on file (issue #14, item 4; docs/decisions/0020).
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { LabourAgreement, LabourAgreementKind } from '@punchclock/shared/contracts/pay-rules';
import type { Db } from '../../db/client.ts';
import { labourAgreements, profiles } from '../../db/schema.ts';
import { personNameOf } from '../people/index.ts';

/** Serialises one person's agreement changes, so two overlapping ones cannot both be filed. */
export async function lockPersonAgreements(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${userId} for update`);
}

export async function listAgreementRows(
  db: Db,
  filter: { userId?: string | undefined; ids?: string[] } = {},
): Promise<LabourAgreement[]> {
  const rows = await db
    .select({
      id: labourAgreements.id,
      userId: labourAgreements.userId,
      personName: personNameOf(labourAgreements.userId),
      kind: labourAgreements.kind,
      startDate: labourAgreements.startDate,
      endDate: labourAgreements.endDate,
      note: labourAgreements.note,
      createdByName: personNameOf(labourAgreements.createdBy),
      createdAt: labourAgreements.createdAt,
      revokedByName: personNameOf(labourAgreements.revokedBy),
      revokedAt: labourAgreements.revokedAt,
    })
    .from(labourAgreements)
    .where(
      and(
        filter.userId ? eq(labourAgreements.userId, filter.userId) : undefined,
        filter.ids ? inArray(labourAgreements.id, filter.ids) : undefined,
      ),
    )
    .orderBy(
      asc(personNameOf(labourAgreements.userId)),
      asc(labourAgreements.kind),
      asc(labourAgreements.startDate),
    );
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

export async function findAgreementRow(db: Db, id: string): Promise<LabourAgreement | null> {
  const [row] = await listAgreementRows(db, { ids: [id] });
  return row ?? null;
}

/** The person's agreements of a kind that share a day with [startDate, endDate]. */
export function findOverlappingAgreements(
  db: Db,
  userId: string,
  kind: LabourAgreementKind,
  startDate: string,
  endDate: string | null,
) {
  return db
    .select({
      id: labourAgreements.id,
      startDate: labourAgreements.startDate,
      endDate: labourAgreements.endDate,
    })
    .from(labourAgreements)
    .where(
      and(
        eq(labourAgreements.userId, userId),
        eq(labourAgreements.kind, kind),
        or(isNull(labourAgreements.endDate), gte(labourAgreements.endDate, startDate)),
        endDate === null ? undefined : lte(labourAgreements.startDate, endDate),
      ),
    )
    .orderBy(asc(labourAgreements.startDate));
}

export interface AgreementValues {
  userId: string;
  kind: LabourAgreementKind;
  startDate: string;
  endDate: string | null;
  note: string | null;
  createdBy: string | null;
}

export async function insertAgreement(db: Db, values: AgreementValues): Promise<string> {
  const [row] = await db
    .insert(labourAgreements)
    .values(values)
    .returning({ id: labourAgreements.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function endAgreementRecord(
  db: Db,
  id: string,
  endDate: string,
  revokedBy: string | null,
): Promise<void> {
  await db
    .update(labourAgreements)
    .set({ endDate, revokedBy, revokedAt: sql`now()` })
    .where(eq(labourAgreements.id, id));
}

/** Some people's agreements of a kind that reach into [from, to], as date ranges. */
export function listAgreementSpans(
  db: Db,
  userIds: readonly string[],
  kind: LabourAgreementKind,
  from: string,
  to: string,
): Promise<{ userId: string; startDate: string; endDate: string | null }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: labourAgreements.userId,
      startDate: labourAgreements.startDate,
      endDate: labourAgreements.endDate,
    })
    .from(labourAgreements)
    .where(
      and(
        inArray(labourAgreements.userId, [...userIds]),
        eq(labourAgreements.kind, kind),
        lte(labourAgreements.startDate, to),
        or(isNull(labourAgreements.endDate), gte(labourAgreements.endDate, from)),
      ),
    );
}

/** Every agreement of a kind, everyone's, as dated spans with their person. */
export function listAllAgreementSpans(
  db: Db,
  kind: LabourAgreementKind,
): Promise<{ userId: string; startDate: string; endDate: string | null }[]> {
  return db
    .select({
      userId: labourAgreements.userId,
      startDate: labourAgreements.startDate,
      endDate: labourAgreements.endDate,
    })
    .from(labourAgreements)
    .where(eq(labourAgreements.kind, kind));
}
