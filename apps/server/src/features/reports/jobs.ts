import type { ScheduleJobs } from '../../platform/job-runner.ts';
import { recomputeQueuedDays, sweepScheduledDays } from './recompute.ts';
import { processNextRecomputeRun } from './recompute-runs.ts';

export const scheduleReportJobs: ScheduleJobs = ({ jobs, database: { db }, config }) => {
  // Punches and schedule changes leave days stale; keep the reports' precomputed rows fresh.
  jobs.every('day-metrics', 10_000, async () => {
    await sweepScheduledDays(db, config.timeZone);
    await recomputeQueuedDays(db, config.timeZone);
  });
  jobs.every('recompute-runs', 3_000, () => processNextRecomputeRun(db, config.timeZone));
};
