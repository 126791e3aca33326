// The first run's one-time links and the organisation settings the setup writes.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings, setupLinks } from '../../db/schema.ts';

const ORGANISATION_NAME_SETTING = 'organisation.name';
const PROVINCE_SETTING = 'organisation.province';

/** Any fixed number: the key of the advisory lock every setup step takes (one at a time). */
const SETUP_LOCK_KEY = 33_000_001;

/** Serialises setup steps across instances until the transaction ends. */
export async function lockSetup(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
}

export async function insertSetupLink(db: Db, id: string): Promise<void> {
  await db.insert(setupLinks).values({ id });
}

export async function hasSetupLink(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: setupLinks.id })
    .from(setupLinks)
    .where(eq(setupLinks.id, id))
    .limit(1);
  return row !== undefined;
}

/** Every instance's link goes once the setup is done: returns how many there were. */
export async function deleteSetupLinks(db: Db): Promise<number> {
  const deleted = await db.delete(setupLinks).returning({ id: setupLinks.id });
  return deleted.length;
}

export async function writeOrganisation(
  db: Db,
  organisation: { name: string; province: string },
): Promise<void> {
  const rows = [
    { key: ORGANISATION_NAME_SETTING, value: organisation.name },
    { key: PROVINCE_SETTING, value: organisation.province },
  ];
  await db
    .insert(appSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

export async function readOrganisation(
  db: Db,
): Promise<{ name: string | null; province: string | null }> {
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, [ORGANISATION_NAME_SETTING, PROVINCE_SETTING]));
  const valueOf = (key: string) => {
    const value = rows.find((row) => row.key === key)?.value;
    return typeof value === 'string' ? value : null;
  };
  return { name: valueOf(ORGANISATION_NAME_SETTING), province: valueOf(PROVINCE_SETTING) };
}
