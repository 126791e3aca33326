import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { publishedShifts, shifts } from '../db/schema.ts';

/** A roster shift as a test states it: "HH:mm" times, an end not after the start is next day. */
export interface RosterShiftFixture {
  /** Null: an open shift. */
  userId: string | null;
  teamId?: string | null;
  date: string;
  startTime: string;
  endTime: string;
  lunchStart?: string | null;
  lunchEnd?: string | null;
  breakDurationMins?: number;
  position?: string | null;
  note?: string | null;
}

function rowOf(shift: RosterShiftFixture) {
  return {
    userId: shift.userId,
    teamId: shift.teamId ?? null,
    date: shift.date,
    startTime: shift.startTime,
    endTime: shift.endTime,
    lunchStart: shift.lunchStart ?? null,
    lunchEnd: shift.lunchEnd ?? null,
    breakDurationMins: shift.breakDurationMins ?? 15,
    position: shift.position ?? null,
    note: shift.note ?? null,
  };
}

/** A shift on the board only (a draft): nobody's plan until published. Returns its id. */
export async function seedDraftShift(db: Db, shift: RosterShiftFixture): Promise<string> {
  const id = randomUUID();
  await db.insert(shifts).values({ id, ...rowOf(shift) });
  return id;
}

/**
 * A published shift, as publishing leaves it: the same row in `shifts` and `published_shifts`
 * (same id, same version). Returns its id.
 */
export async function seedPublishedShift(db: Db, shift: RosterShiftFixture): Promise<string> {
  const id = await seedDraftShift(db, shift);
  await db.insert(publishedShifts).values({ id, ...rowOf(shift), version: 1 });
  return id;
}

/**
 * Publish a change to a published shift (moved, retimed, renamed): both rows change, the
 * version goes up. What people see is the published row.
 */
export async function republishShift(
  db: Db,
  id: string,
  change: Partial<RosterShiftFixture>,
): Promise<void> {
  const [current] = await db.select().from(shifts).where(eq(shifts.id, id));
  if (!current) throw new Error(`no shift ${id}`);
  const next = rowOf({
    ...current,
    startTime: current.startTime.slice(0, 5),
    endTime: current.endTime.slice(0, 5),
    lunchStart: current.lunchStart?.slice(0, 5) ?? null,
    lunchEnd: current.lunchEnd?.slice(0, 5) ?? null,
    ...change,
  });
  const version = current.version + 1;
  await db.transaction(async (tx) => {
    await tx
      .update(shifts)
      .set({ ...next, version })
      .where(eq(shifts.id, id));
    await tx
      .update(publishedShifts)
      .set({ ...next, version })
      .where(eq(publishedShifts.id, id));
  });
}

/** Change a published shift on the board only (a draft change people do not see yet). */
export async function editShiftDraft(
  db: Db,
  id: string,
  change: Partial<RosterShiftFixture>,
): Promise<void> {
  const [current] = await db
    .select({ version: shifts.version })
    .from(shifts)
    .where(eq(shifts.id, id));
  if (!current) throw new Error(`no shift ${id}`);
  await db
    .update(shifts)
    .set({ ...change, version: current.version + 1 })
    .where(eq(shifts.id, id));
}
