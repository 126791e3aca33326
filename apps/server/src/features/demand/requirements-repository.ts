// Staffing requirements and workload history rows (#31): per team, position and interval start.
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { RequirementSource } from '@punchclock/shared/contracts/demand';
import type { Db } from '../../db/client.ts';
import { staffingRequirements, workloadHistory } from '../../db/schema.ts';

export interface RequirementRow {
  position: string;
  startsAt: Date;
  date: string;
  minutes: number;
  required: number;
  source: RequirementSource;
  contacts: number | null;
  ahtSeconds: number | null;
  agents: number | null;
  isUnreachable: boolean;
}

export interface WorkloadRow {
  position: string;
  startsAt: Date;
  date: string;
  minutes: number;
  contacts: number;
  ahtSeconds: number;
}

/** Enough rows per statement to be quick, few enough to stay under PostgreSQL's 65 535 parameters. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) {
    parts.push(items.slice(index, index + CHUNK));
  }
  return parts;
}

const asSource = (source: string): RequirementSource =>
  source === 'imported' || source === 'computed' ? source : 'typed';

/** A team's requirements on business days `from`..`to`, of some positions (all when null). */
export async function listRequirements(
  db: Db,
  teamId: string,
  range: { from: string; to: string },
  positions: readonly string[] | null,
): Promise<RequirementRow[]> {
  if (positions !== null && positions.length === 0) return [];
  const rows = await db
    .select({
      position: staffingRequirements.position,
      startsAt: staffingRequirements.startsAt,
      date: staffingRequirements.date,
      minutes: staffingRequirements.minutes,
      required: staffingRequirements.required,
      source: staffingRequirements.source,
      contacts: staffingRequirements.contacts,
      ahtSeconds: staffingRequirements.ahtSeconds,
      agents: staffingRequirements.agents,
      isUnreachable: staffingRequirements.isUnreachable,
    })
    .from(staffingRequirements)
    .where(
      and(
        eq(staffingRequirements.teamId, teamId),
        gte(staffingRequirements.date, range.from),
        lte(staffingRequirements.date, range.to),
        positions === null ? undefined : inArray(staffingRequirements.position, [...positions]),
      ),
    )
    .orderBy(asc(staffingRequirements.startsAt));
  return rows.map((row) => ({ ...row, source: asSource(row.source) }));
}

/** Positions (other than the whole team, '') with requirements on those days. */
export async function listRequirementPositions(
  db: Db,
  teamId: string,
  range: { from: string; to: string },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ position: staffingRequirements.position })
    .from(staffingRequirements)
    .where(
      and(
        eq(staffingRequirements.teamId, teamId),
        gte(staffingRequirements.date, range.from),
        lte(staffingRequirements.date, range.to),
        ne(staffingRequirements.position, ''),
      ),
    )
    .orderBy(asc(staffingRequirements.position));
  return rows.map((row) => row.position);
}

/** Writes (inserts or replaces) requirements of a team. */
export async function upsertRequirements(
  db: Db,
  teamId: string,
  rows: readonly RequirementRow[],
  updatedBy: string | null,
): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insert(staffingRequirements)
      .values(part.map((row) => ({ teamId, ...row, updatedBy })))
      .onConflictDoUpdate({
        target: [
          staffingRequirements.teamId,
          staffingRequirements.position,
          staffingRequirements.startsAt,
        ],
        set: {
          date: sql`excluded.date`,
          minutes: sql`excluded.minutes`,
          required: sql`excluded.required`,
          source: sql`excluded.source`,
          contacts: sql`excluded.contacts`,
          ahtSeconds: sql`excluded.aht_seconds`,
          agents: sql`excluded.agents`,
          isUnreachable: sql`excluded.is_unreachable`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Clears some intervals of one position of a team. */
export async function deleteRequirements(
  db: Db,
  teamId: string,
  position: string,
  startsAt: readonly Date[],
): Promise<void> {
  for (const part of chunks(startsAt)) {
    await db
      .delete(staffingRequirements)
      .where(
        and(
          eq(staffingRequirements.teamId, teamId),
          eq(staffingRequirements.position, position),
          inArray(staffingRequirements.startsAt, part),
        ),
      );
  }
}

/** A team's imported workload on business days `from`..`to`, of some positions (all when null). */
export async function listWorkload(
  db: Db,
  teamId: string,
  range: { from: string; to: string },
  positions: readonly string[] | null,
): Promise<WorkloadRow[]> {
  if (positions !== null && positions.length === 0) return [];
  return db
    .select({
      position: workloadHistory.position,
      startsAt: workloadHistory.startsAt,
      date: workloadHistory.date,
      minutes: workloadHistory.minutes,
      contacts: workloadHistory.contacts,
      ahtSeconds: workloadHistory.ahtSeconds,
    })
    .from(workloadHistory)
    .where(
      and(
        eq(workloadHistory.teamId, teamId),
        gte(workloadHistory.date, range.from),
        lte(workloadHistory.date, range.to),
        positions === null ? undefined : inArray(workloadHistory.position, [...positions]),
      ),
    )
    .orderBy(asc(workloadHistory.startsAt));
}

export async function upsertWorkload(
  db: Db,
  teamId: string,
  rows: readonly WorkloadRow[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insert(workloadHistory)
      .values(part.map((row) => ({ teamId, ...row })))
      .onConflictDoUpdate({
        target: [workloadHistory.teamId, workloadHistory.position, workloadHistory.startsAt],
        set: {
          date: sql`excluded.date`,
          minutes: sql`excluded.minutes`,
          contacts: sql`excluded.contacts`,
          ahtSeconds: sql`excluded.aht_seconds`,
          importedAt: sql`now()`,
        },
      });
  }
}
