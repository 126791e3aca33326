import { t } from '@lingui/core/macro';
import { z } from 'zod';

/**
 * A snapshot's file name: the UTC moment it was taken, so names sort by time, e.g.
 * punchclock-2026-11-23T030000.123Z.tar.gz. Nothing else is ever read from the backup folder.
 */
export const BACKUP_NAME_PATTERN = /^punchclock-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z\.tar\.gz$/;

export const backupNameSchema = z.string().regex(BACKUP_NAME_PATTERN, {
  error: () => t`Not a backup name (punchclock-yyyy-mm-ddThhmmss.sssZ.tar.gz)`,
});

export const backupSchema = z.object({
  name: z.string(),
  /** When it was taken (ISO 8601, from the name). */
  takenAt: z.string(),
  sizeBytes: z.number().int(),
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /api/backups (embedded database only: PostgreSQL answers 409, use pg_dump). */
export const backupListSchema = z.object({
  items: z.array(backupSchema),
  /** How many are kept (BACKUP_KEEP). */
  keep: z.number().int(),
  /** The nightly snapshot is on (BACKUPS_ENABLED) and at this hour, business time zone. */
  scheduled: z.boolean(),
  hour: z.number().int(),
  timeZone: z.string(),
});
export type BackupList = z.infer<typeof backupListSchema>;

/** POST /api/backups: the snapshot just taken. */
export const createBackupResponseSchema = z.object({ backup: backupSchema });
export type CreateBackupResponse = z.infer<typeof createBackupResponseSchema>;

/** The code of the 409 every backup route answers on PostgreSQL. */
export const BACKUPS_UNAVAILABLE_CODE = 'backups_use_pg_dump';
