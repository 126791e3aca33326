import type { ScheduleJobs } from '../../platform/job-runner.ts';
import { remindUnsubmittedTimesheets } from './timesheet-reminders.ts';

export const scheduleTimesheetJobs: ScheduleJobs = ({ jobs, database: { db }, config }) => {
  jobs.every('timesheet-reminders', 10 * 60_000, () =>
    remindUnsubmittedTimesheets(db, config, new Date()),
  );
};
