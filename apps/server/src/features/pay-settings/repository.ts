import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payRates, profiles, publicHolidayEdits, users } from '../../db/schema.ts';

/** Every admin edit of the public holiday list (a small table: a few rows a year). */
export function listHolidayEdits(db: Db) {
  return db
    .select({
      date: publicHolidayEdits.date,
      kind: publicHolidayEdits.kind,
      name: publicHolidayEdits.name,
    })
    .from(publicHolidayEdits)
    .orderBy(asc(publicHolidayEdits.date));
}

export async function findHolidayEdit(db: Db, date: string) {
  const [row] = await db.select().from(publicHolidayEdits).where(eq(publicHolidayEdits.date, date));
  return row ?? null;
}

export async function insertHolidayEdit(
  db: Db,
  row: { date: string; kind: 'added' | 'removed'; name: string | null; createdBy: string | null },
) {
  await db.insert(publicHolidayEdits).values(row);
}

export async function deleteHolidayEdit(db: Db, date: string) {
  await db.delete(publicHolidayEdits).where(eq(publicHolidayEdits.date, date));
}

const rateColumns = {
  id: payRates.id,
  userId: payRates.userId,
  effectiveFrom: payRates.effectiveFrom,
  hourlyCents: payRates.hourlyCents,
};

/** A person's rates, oldest first. */
export function listRatesOf(db: Db, userId: string) {
  return listRatesOfPeople(db, [userId]);
}

/** Some people's rates, oldest first, in one read. */
export function listRatesOfPeople(db: Db, userIds: readonly string[]) {
  return db
    .select(rateColumns)
    .from(payRates)
    .where(inArray(payRates.userId, [...userIds]))
    .orderBy(asc(payRates.effectiveFrom));
}

export function listAllRates(db: Db) {
  return db.select(rateColumns).from(payRates).orderBy(asc(payRates.effectiveFrom));
}

export async function findRate(db: Db, id: string) {
  const [row] = await db.select(rateColumns).from(payRates).where(eq(payRates.id, id));
  return row ?? null;
}

export async function findRateFrom(db: Db, userId: string, effectiveFrom: string) {
  const [row] = await db
    .select(rateColumns)
    .from(payRates)
    .where(and(eq(payRates.userId, userId), eq(payRates.effectiveFrom, effectiveFrom)));
  return row ?? null;
}

export async function insertRate(
  db: Db,
  row: { userId: string; effectiveFrom: string; hourlyCents: number; createdBy: string | null },
) {
  const [saved] = await db.insert(payRates).values(row).returning(rateColumns);
  if (!saved) throw new Error('inserting a pay rate returned no row');
  return saved;
}

export async function deleteRate(db: Db, id: string) {
  await db.delete(payRates).where(eq(payRates.id, id));
}

/** Everyone with their employee number, by name. */
export function listPayrollPeopleRows(db: Db) {
  return db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      employeeNumber: profiles.employeeNumber,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`));
}

export async function findEmployeeNumber(db: Db, userId: string) {
  const [row] = await db
    .select({ employeeNumber: profiles.employeeNumber })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

export async function findPersonByEmployeeNumber(db: Db, employeeNumber: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.employeeNumber}) = lower(${employeeNumber})`);
  return row ?? null;
}

export async function updateEmployeeNumber(db: Db, userId: string, employeeNumber: string | null) {
  await db
    .update(profiles)
    .set({ employeeNumber, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}
