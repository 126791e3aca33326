// The roster's shifts (#30, decision 0047): the planners' working copy (`shifts`) and what people
// see (`published_shifts`, same ids). Only this file and its siblings *-repository.ts write SQL.
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ShiftState } from '@punchclock/shared/contracts/rosters';
import type { Db } from '../../db/client.ts';
import { profiles, publishedShifts, shifts, users } from '../../db/schema.ts';
import { personNameOf, type TeamScope } from '../people/index.ts';

/** Postgres `time` reads back as "HH:mm:ss"; the contracts speak "HH:mm". */
export const hhmm = (time: string) => time.slice(0, 5);
const hhmmOrNull = (time: string | null) => (time === null ? null : hhmm(time));

/** The fields a shift is planned with (the same in both tables). */
export interface ShiftFields {
  userId: string | null;
  teamId: string | null;
  date: string;
  startTime: string;
  endTime: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  breakDurationMins: number;
  position: string | null;
  note: string | null;
}

/** The published version of a shift: what its person sees. */
export interface PublishedShiftRow extends ShiftFields {
  id: string;
  version: number;
}

/** A shift of the board, with its published version (null: never published). */
export interface ShiftRow extends ShiftFields {
  id: string;
  userName: string | null;
  overrideReason: string | null;
  isDeleted: boolean;
  version: number;
  published: PublishedShiftRow | null;
}

const FIELD_NAMES = [
  'userId',
  'teamId',
  'date',
  'startTime',
  'endTime',
  'lunchStart',
  'lunchEnd',
  'breakDurationMins',
  'position',
  'note',
] as const satisfies readonly (keyof ShiftFields)[];

/** Where a shift stands against what people see (MODEL.md: draft, published, changed, deleted). */
export function shiftStateOf(shift: ShiftRow): ShiftState {
  if (!shift.published) return 'draft';
  if (shift.isDeleted) return 'deleted';
  const same =
    shift.published.version === shift.version &&
    FIELD_NAMES.every((name) => shift.published?.[name] === shift[name]);
  return same ? 'published' : 'changed';
}

const shiftColumns = {
  id: shifts.id,
  userId: shifts.userId,
  userName: personNameOf(shifts.userId),
  teamId: shifts.teamId,
  date: shifts.date,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  lunchStart: shifts.lunchStart,
  lunchEnd: shifts.lunchEnd,
  breakDurationMins: shifts.breakDurationMins,
  position: shifts.position,
  note: shifts.note,
  overrideReason: shifts.overrideReason,
  deletedAt: shifts.deletedAt,
  version: shifts.version,
  publishedId: publishedShifts.id,
  publishedUserId: publishedShifts.userId,
  publishedTeamId: publishedShifts.teamId,
  publishedDate: publishedShifts.date,
  publishedStartTime: publishedShifts.startTime,
  publishedEndTime: publishedShifts.endTime,
  publishedLunchStart: publishedShifts.lunchStart,
  publishedLunchEnd: publishedShifts.lunchEnd,
  publishedBreakDurationMins: publishedShifts.breakDurationMins,
  publishedPosition: publishedShifts.position,
  publishedNote: publishedShifts.note,
  publishedVersion: publishedShifts.version,
};

type RawShiftRow = Awaited<ReturnType<typeof selectShifts>>[number];

function toShiftRow(row: RawShiftRow): ShiftRow {
  const published: PublishedShiftRow | null =
    row.publishedId === null
      ? null
      : {
          id: row.publishedId,
          userId: row.publishedUserId,
          teamId: row.publishedTeamId,
          date: row.publishedDate ?? row.date,
          startTime: hhmm(row.publishedStartTime ?? ''),
          endTime: hhmm(row.publishedEndTime ?? ''),
          lunchStart: hhmmOrNull(row.publishedLunchStart),
          lunchEnd: hhmmOrNull(row.publishedLunchEnd),
          breakDurationMins: row.publishedBreakDurationMins ?? 0,
          position: row.publishedPosition,
          note: row.publishedNote,
          version: row.publishedVersion ?? 0,
        };
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    teamId: row.teamId,
    date: row.date,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    lunchStart: hhmmOrNull(row.lunchStart),
    lunchEnd: hhmmOrNull(row.lunchEnd),
    breakDurationMins: row.breakDurationMins,
    position: row.position,
    note: row.note,
    overrideReason: row.overrideReason,
    isDeleted: row.deletedAt !== null,
    version: row.version,
    published,
  };
}

function selectShifts(db: Db) {
  return db
    .select(shiftColumns)
    .from(shifts)
    .leftJoin(publishedShifts, eq(publishedShifts.id, shifts.id));
}

/**
 * Shifts a scope plans: every shift for everyone (null); for a lead, shifts of their teams and
 * shifts of people in their teams.
 */
export function shiftInScope(scope: TeamScope): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return or(
    inArray(shifts.teamId, scope),
    inArray(
      shifts.userId,
      sql`(select ${profiles.id} from ${profiles} where ${inArray(profiles.teamId, scope)})`,
    ),
  );
}

/** The board's shifts of a date range (deleted-but-published ones too), oldest first. */
export async function listShifts(
  db: Db,
  filter: {
    from: string;
    to: string;
    scope: TeamScope;
    teamId?: string;
    userIds?: readonly string[];
    includeDeleted?: boolean;
  },
): Promise<ShiftRow[]> {
  if (filter.userIds && filter.userIds.length === 0) return [];
  const rows = await selectShifts(db)
    .where(
      and(
        gte(shifts.date, filter.from),
        lte(shifts.date, filter.to),
        shiftInScope(filter.scope),
        filter.teamId ? eq(shifts.teamId, filter.teamId) : undefined,
        filter.userIds ? inArray(shifts.userId, [...filter.userIds]) : undefined,
        filter.includeDeleted === false ? isNull(shifts.deletedAt) : undefined,
      ),
    )
    .orderBy(asc(shifts.date), asc(shifts.startTime), asc(shifts.id));
  return rows.map(toShiftRow);
}

/** One shift of the board with its published version (also a deleted-but-published one). */
export async function findShift(db: Db, id: string): Promise<ShiftRow | null> {
  const [row] = await selectShifts(db).where(eq(shifts.id, id));
  return row ? toShiftRow(row) : null;
}

/** Serialise changes to a shift until the transaction ends (publish and trades lock too). */
export async function lockShift(db: Db, id: string): Promise<void> {
  await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, id)).for('update');
}

/** The person's (not deleted) shift on a date, other than `exceptId`: one per person per day. */
export async function findShiftOfPersonOn(
  db: Db,
  userId: string,
  date: string,
  exceptId?: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, userId),
        eq(shifts.date, date),
        isNull(shifts.deletedAt),
        exceptId ? ne(shifts.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

/** Days (userId + date) in a range where people already have a (not deleted) shift. */
export async function listPlannedDays(
  db: Db,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: shifts.userId, date: shifts.date })
    .from(shifts)
    .where(
      and(
        inArray(shifts.userId, [...userIds]),
        gte(shifts.date, from),
        lte(shifts.date, to),
        isNull(shifts.deletedAt),
      ),
    );
  return new Set(rows.map((row) => plannedDayKey(row.userId ?? '', row.date)));
}

export const plannedDayKey = (userId: string, date: string) => `${userId}|${date}`;

export interface NewShift extends ShiftFields {
  overrideReason: string | null;
  createdBy: string | null;
}

export async function insertShift(db: Db, values: NewShift): Promise<string> {
  const [row] = await db.insert(shifts).values(values).returning({ id: shifts.id });
  if (!row) throw new Error('insert into shifts returned no row');
  return row.id;
}

/**
 * Change a shift's fields. A change people would see bumps its version (so "changed since
 * published" shows); an override reason alone does not.
 */
export async function updateShift(
  db: Db,
  id: string,
  values: ShiftFields & { overrideReason: string | null },
  bumpVersion: boolean,
): Promise<void> {
  await db
    .update(shifts)
    .set({
      ...values,
      ...(bumpVersion ? { version: sql`${shifts.version} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(shifts.id, id));
}

/** Give a shift to another person (a trade approved): a change, so its version goes up. */
export async function setShiftPerson(db: Db, id: string, userId: string): Promise<void> {
  await db
    .update(shifts)
    .set({ userId, version: sql`${shifts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(shifts.id, id));
}

/** A published shift deleted on the board: kept (deleted) until the next publish removes it. */
export async function markShiftDeleted(db: Db, id: string): Promise<void> {
  await db
    .update(shifts)
    .set({ deletedAt: sql`now()`, version: sql`${shifts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(shifts.id, id));
}

export async function deleteShiftRow(db: Db, id: string): Promise<void> {
  await db.delete(shifts).where(eq(shifts.id, id));
}

export async function deletePublishedShifts(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(publishedShifts).where(inArray(publishedShifts.id, [...ids]));
}

/** Publish these versions of shifts (their published rows must have been deleted first). */
export async function insertPublishedShifts(
  db: Db,
  rows: readonly PublishedShiftRow[],
  publishedBy: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(publishedShifts).values(rows.map((row) => ({ ...row, publishedBy })));
}

/** Lock the board's shifts being published, so no edit lands between reading and publishing. */
export async function lockShifts(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(inArray(shifts.id, [...ids]))
    .orderBy(asc(shifts.id))
    .for('update');
}

/** People (not suspended) with their team and positions, for the board and for checks. */
export interface PlannablePerson {
  userId: string;
  name: string;
  teamId: string | null;
  positions: string[];
  isSuspended: boolean;
}

const personColumns = {
  userId: users.id,
  name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
  teamId: profiles.teamId,
  positions: sql<string[]>`coalesce(${profiles.positions}, '{}'::text[])`,
  isSuspended: sql<boolean>`coalesce(${profiles.isSuspended}, false)`,
};

/** Active people a scope plans (null: everyone, also people without a team), by name. */
export async function listPlannablePeople(
  db: Db,
  scope: TeamScope,
  teamId?: string,
): Promise<PlannablePerson[]> {
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        sql`not coalesce(${profiles.isSuspended}, false)`,
        scope === null
          ? undefined
          : scope.length > 0
            ? inArray(profiles.teamId, scope)
            : sql`false`,
        teamId ? eq(profiles.teamId, teamId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`), asc(users.id));
}

export async function findPeople(db: Db, userIds: readonly string[]): Promise<PlannablePerson[]> {
  if (userIds.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, [...userIds]));
}
