import { t } from '@lingui/core/macro';
import path from 'node:path';
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  BACKUPS_UNAVAILABLE_CODE,
  backupNameSchema,
  type Backup,
  type BackupList,
} from '@punchclock/shared/contracts/backups';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, NotFound, parseInput } from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import { backupNameFor, listBackups, pruneBackups, writeBackupFile } from './files.ts';

/** In the reader's language (decision 0036). */
export function pgDumpMessage(): string {
  return t`Backups here are for the embedded database. On PostgreSQL, back up with pg_dump (and restore with pg_restore or psql); see the README.`;
}

/** The snapshot function, or the 409 every backup route answers on PostgreSQL. */
function snapshotOf(database: Database): () => Promise<Blob> {
  if (!database.snapshot) throw new Conflict(pgDumpMessage(), BACKUPS_UNAVAILABLE_CODE);
  return database.snapshot;
}

// One snapshot at a time in this process (the nightly one and "Back up now" may meet); PGlite
// is single-instance, so nothing else writes the folder.
let inFlight: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = inFlight.then(work, work);
  inFlight = next.catch(() => undefined);
  return next;
}

export async function readBackupList(database: Database, config: AppConfig): Promise<BackupList> {
  snapshotOf(database);
  return {
    items: await listBackups(config.backups.dir),
    keep: config.backups.keep,
    scheduled: config.backups.enabled,
    hour: config.backups.hour,
    timeZone: config.timeZone,
  };
}

/** Takes a snapshot into the backup folder and deletes the oldest beyond BACKUP_KEEP. */
export function takeBackup(
  database: Database,
  config: AppConfig,
  now: () => Date = () => new Date(),
): Promise<Backup> {
  const snapshot = snapshotOf(database);
  return oneAtATime(async () => {
    const blob = await snapshot();
    // Named when written, so two in a row never share a name.
    let instant = now();
    const existing = new Set((await listBackups(config.backups.dir)).map((each) => each.name));
    while (existing.has(backupNameFor(instant))) instant = new Date(instant.getTime() + 1);
    const backup = await writeBackupFile(config.backups.dir, backupNameFor(instant), blob);
    await pruneBackups(config.backups.dir, config.backups.keep);
    return backup;
  });
}

/** "Back up now": a snapshot in the folder, audited. */
export async function takeBackupAsAdmin(
  database: Database,
  config: AppConfig,
  actor: Actor,
): Promise<Backup> {
  const backup = await takeBackup(database, config);
  await writeAudit(database.db, {
    ...actor,
    action: 'backup.create',
    entityType: 'backup',
    entityId: backup.name,
    after: { ...backup },
  });
  return backup;
}

/**
 * A stored snapshot to download. A backup holds everyone's data, so handing one out is
 * audited like an export.
 */
export async function openBackupForDownload(
  database: Database,
  config: AppConfig,
  rawName: unknown,
  actor: Actor,
): Promise<{ name: string; sizeBytes: number; stream: ReadStream }> {
  snapshotOf(database);
  const name = parseInput(backupNameSchema, rawName);
  const filePath = path.join(config.backups.dir, name);
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) throw new NotFound(t`No backup by that name (it may have been pruned)`);
  await writeAudit(database.db, {
    ...actor,
    action: 'backup.export',
    entityType: 'backup',
    entityId: name,
    after: { name, sizeBytes: info.size },
  });
  return { name, sizeBytes: info.size, stream: createReadStream(filePath) };
}

/** A snapshot taken now and handed out without keeping it; audited as an export. */
export async function freshBackupForDownload(
  database: Database,
  actor: Actor,
): Promise<{ name: string; bytes: Buffer }> {
  const snapshot = snapshotOf(database);
  const bytes = Buffer.from(await (await oneAtATime(snapshot)).arrayBuffer());
  const name = backupNameFor(new Date());
  await writeAudit(database.db, {
    ...actor,
    action: 'backup.export',
    entityType: 'backup',
    entityId: name,
    after: { name, sizeBytes: bytes.byteLength, fresh: true },
  });
  return { name, bytes };
}
