import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder, type Db } from './client.ts';

const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })),
});

export interface ShippedMigration {
  tag: string;
  /** drizzle records this (the journal's `when`) as created_at once the migration ran. */
  when: number;
}

let shipped: ShippedMigration[] | undefined;

/** The migrations this build ships, from drizzle's journal (read once). */
export function shippedMigrations(): ShippedMigration[] {
  shipped ??= readJournal();
  return shipped;
}

function readJournal(): ShippedMigration[] {
  const text = readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return journalSchema.parse(JSON.parse(text)).entries;
}

/**
 * The shipped migrations the database has no record of (drizzle keeps its records in
 * drizzle.__drizzle_migrations on PGlite and PostgreSQL alike). drizzle's migrator only
 * compares against the newest record, so this also catches one skipped because its journal
 * time is older than a migration already applied. Rows the journal does not know (a newer
 * release migrated the database) are not a problem for this build.
 */
export async function findUnappliedMigrations(
  db: Db,
  migrations: ShippedMigration[] = shippedMigrations(),
): Promise<string[]> {
  const result = (await db.execute(
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { created_at: string }[] };
  const applied = new Set(result.rows.map((row) => Number(row.created_at)));
  return migrations.filter((migration) => !applied.has(migration.when)).map((m) => m.tag);
}
