import type { ScheduleJobs } from '../../platform/job-runner.ts';
import { pushRaisedNotifications } from './push-delivery.ts';
import { runNotificationRules } from './rules-job.ts';

/** The notification rules run every configured interval; what they raise is pushed to devices. */
export const scheduleNotificationJobs: ScheduleJobs = ({ jobs, database: { db }, config }) => {
  jobs.every('notification-rules', config.jobIntervalSeconds * 1000, () =>
    runNotificationRules(db, config.timeZone, config.notificationRules, new Date(), (ids) =>
      pushRaisedNotifications(db, config.push, ids).then(() => undefined),
    ),
  );
};
