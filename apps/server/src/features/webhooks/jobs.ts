import type { ScheduleJobs } from '../../platform/job-runner.ts';
import { pruneDeliveryLog, scheduleWebhookDeliveries } from './dispatch.ts';

export const scheduleWebhookJobs: ScheduleJobs = ({ jobs, database: { db }, config }) => {
  // The webhook outbox (decision 0033): every instance polls; a delivery is claimed by one.
  const dispatcher = scheduleWebhookDeliveries(jobs, db, config.webhooks);
  jobs.onStop(() => dispatcher.stop());
  // The delivery log keeps 30 days of settled rows.
  jobs.every('webhook-log-retention', 60 * 60_000, () => pruneDeliveryLog(db));
};
