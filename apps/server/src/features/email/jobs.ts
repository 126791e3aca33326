import type { ScheduleJobs } from '../../platform/job-runner.ts';
import type { Mailer } from './mailer.ts';
import { deliverDueEmails, pruneEmailLog } from './outbox.ts';

/** The email outbox's jobs, sending through the app's mailer (none when email is off). */
export function emailJobs(mailer: Mailer | null): ScheduleJobs {
  return ({ jobs, database: { db }, config }) => {
    jobs.every('email-delivery', 5_000, () => deliverDueEmails(db, mailer, config.email));
    // The email log keeps 30 days of settled rows (decision 0034).
    jobs.every('email-log-retention', 60 * 60_000, () => pruneEmailLog(db));
  };
}
