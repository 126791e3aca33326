// Restoring a snapshot into an embedded-database folder (npm run restore). The server must be
// stopped: the data-dir lock is taken for the whole swap.
import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../db/client.ts';
import { acquireDataDirLock } from '../../db/data-dir-lock.ts';
import { users } from '../../db/schema.ts';

export interface RestoreResult {
  /** The database folder now holding the backup. */
  pgdata: string;
  /** Where the database that was there before was moved (kept, never deleted); null if none. */
  previous: string | null;
  /** People in the restored database, as a sanity check to print. */
  userCount: number;
}

export class RestoreError extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Unpacks `file` (a snapshot from the Backups screen or BACKUP_DIR) into `dataDir`/pgdata,
 * moving any existing database aside first, then opens it once so today's migrations run.
 * Throws DataDirInUseError while a server holds the folder.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new RestoreError(`cannot read ${file}: ${error.code ?? error.message}`);
  });
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new RestoreError(`${file} is not a Punchclock backup (a .tar.gz snapshot)`);
  }
  const root = path.resolve(dataDir);
  const pgdata = path.join(root, 'pgdata');
  const staging = `${pgdata}.restore-${process.pid}`;
  let previous: string | null = null;
  const releaseLock = await acquireDataDirLock(root, { waitMs: 0 });
  try {
    await rm(staging, { recursive: true, force: true });
    try {
      const restored = new PGlite(staging, { loadDataDir: new Blob([bytes]) });
      await restored.waitReady;
      await restored.query('select 1');
      await restored.close();
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw new RestoreError(
        `${file} could not be unpacked as a database: ${(error as Error).message}`,
      );
    }
    if (existsSync(pgdata)) {
      const stamp = new Date()
        .toISOString()
        .replaceAll(':', '')
        .replace(/\.\d+Z$/, 'Z');
      previous = `${pgdata}.before-restore-${stamp}`;
      await rename(pgdata, previous);
    }
    await rename(staging, pgdata);
  } finally {
    releaseLock();
  }
  // Opening runs every migration this version has, so an older backup is brought up to date.
  const database = await openDatabase({ kind: 'pglite', dataDir: root });
  try {
    const userCount = (await database.db.select({ id: users.id }).from(users)).length;
    return { pgdata, previous, userCount };
  } finally {
    await database.close();
  }
}
