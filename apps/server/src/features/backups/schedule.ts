// The nightly snapshot of the embedded database. PGlite is single-instance (the data-dir lock),
// so an in-process check once a minute is enough: no other instance can take one too.
import { TZDate } from '@date-fns/tz';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobRunner, ScheduleJobs } from '../../platform/job-runner.ts';
import { listBackups } from './files.ts';
import { takeBackup } from './service.ts';

const CHECK_EVERY_MS = 60_000;

/** The latest instant at or before `now` that is `hour`:00 local time in `timeZone`. */
export function lastScheduledInstant(now: Date, hour: number, timeZone: string): Date {
  const local = new TZDate(now.getTime(), timeZone);
  for (let daysBack = 0; daysBack < 3; daysBack += 1) {
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() - daysBack,
      hour,
      0,
      0,
      0,
      timeZone,
    );
    if (candidate.getTime() <= now.getTime()) return new Date(candidate.getTime());
  }
  throw new Error('unreachable: an hour of the day within the last three days');
}

/**
 * A snapshot is due when the last scheduled moment came after the newest backup: at the hour,
 * or at start-up after a night the server was down. With no backup at all, the first comes at
 * the first scheduled hour after start-up (not at every fresh start).
 */
export function isBackupDue(input: {
  now: Date;
  newest: Date | null;
  startedAt: Date;
  hour: number;
  timeZone: string;
}): boolean {
  const scheduled = lastScheduledInstant(input.now, input.hour, input.timeZone);
  const since = input.newest ?? input.startedAt;
  return scheduled.getTime() > since.getTime();
}

/** From app.ts when jobs run: nightly snapshots, PGlite only, unless BACKUPS_ENABLED=false. */
/** The nightly backup, when the database can be snapshotted and backups are on (decision 0021). */
export const scheduleBackupJobs: ScheduleJobs = ({ jobs, database, config, log }) =>
  scheduleBackups(jobs, database, config, log);

export function scheduleBackups(
  jobs: Pick<JobRunner, 'every'>,
  database: Database,
  config: AppConfig,
  log: Pick<FastifyBaseLogger, 'info'>,
  clock: () => Date = () => new Date(),
): void {
  if (!database.snapshot || !config.backups.enabled) return;
  const startedAt = clock();
  jobs.every('backups', CHECK_EVERY_MS, async () => {
    const [newest] = await listBackups(config.backups.dir);
    const due = isBackupDue({
      now: clock(),
      newest: newest ? new Date(newest.takenAt) : null,
      startedAt,
      hour: config.backups.hour,
      timeZone: config.timeZone,
    });
    if (!due) return;
    const started = Date.now();
    const backup = await takeBackup(database, config, clock);
    log.info(
      { backup: backup.name, sizeBytes: backup.sizeBytes, ms: Date.now() - started },
      'nightly backup written',
    );
  });
}
