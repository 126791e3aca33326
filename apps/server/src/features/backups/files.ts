// The backup folder: snapshots written atomically, listed and pruned by name. Only names that
// match BACKUP_NAME_PATTERN are ever read, served or deleted.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_NAME_PATTERN, type Backup } from '@punchclock/shared/contracts/backups';

/** punchclock-2026-11-23T030000.123Z.tar.gz for 2026-11-23T03:00:00.123Z. */
export function backupNameFor(instant: Date): string {
  const iso = instant.toISOString(); // 2026-11-23T03:00:00.123Z
  return `punchclock-${iso.slice(0, 10)}T${iso.slice(11, 19).replaceAll(':', '')}${iso.slice(19)}.tar.gz`;
}

/** The moment a backup name records; null for anything that is not a backup name. */
export function takenAtOf(name: string): Date | null {
  if (!BACKUP_NAME_PATTERN.test(name)) return null;
  const [, date, hh, mm, ss, ms] = /^punchclock-(.{10})T(\d\d)(\d\d)(\d\d)\.(\d{3})Z/.exec(name)!;
  const instant = new Date(`${date}T${hh}:${mm}:${ss}.${ms}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Newest first. A missing folder is an empty list. */
export async function listBackups(dir: string): Promise<Backup[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups: Backup[] = [];
  for (const name of names
    .filter((each) => takenAtOf(each) !== null)
    .sort()
    .reverse()) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile()) {
      backups.push({ name, takenAt: takenAtOf(name)!.toISOString(), sizeBytes: info.size });
    }
  }
  return backups;
}

/**
 * Writes to a temporary name in the same folder, flushes it to disk, then renames: a crash or
 * a full disk leaves either the whole file or none (plus a .partial file, never listed).
 */
export async function writeBackupFile(dir: string, name: string, data: Blob): Promise<Backup> {
  await mkdir(dir, { recursive: true });
  const finalPath = path.join(dir, name);
  const partialPath = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.partial`);
  const bytes = new Uint8Array(await data.arrayBuffer());
  const file = await open(partialPath, 'wx', 0o600);
  try {
    await file.writeFile(bytes);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(partialPath, { force: true });
    throw error;
  }
  await file.close();
  await rename(partialPath, finalPath);
  return { name, takenAt: takenAtOf(name)!.toISOString(), sizeBytes: bytes.byteLength };
}

/** Deletes all but the newest `keep` backups; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((backup) => backup.name);
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
