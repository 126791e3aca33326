import type { ScheduleJobs } from '../../platform/job-runner.ts';
import { purgeOldPunchLocations } from './punch-location.ts';

export const scheduleLocationJobs: ScheduleJobs = ({ jobs, database: { db } }) => {
  // Where punches were made is kept only as long as the admin set (decision 0028).
  jobs.every('punch-location-retention', 60 * 60_000, () => purgeOldPunchLocations(db));
};
