import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './test/config.ts';
import { JobRunner } from './platform/job-runner.ts';
import { openTestDatabase, type TestDatabase } from './test/databases.ts';

// Each feature schedules its own jobs (issue #29); app.ts only lists them. This pins the list.
describe('the background jobs an app runs', () => {
  let opened: TestDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase('pglite');
  });
  afterAll(() => opened.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function scheduledJobs(jobsEnabled: boolean) {
    const every = vi.spyOn(JobRunner.prototype, 'every');
    const stop = vi.spyOn(JobRunner.prototype, 'stop');
    const app = await buildApp({ database: opened.database, config: testConfig({ jobsEnabled }) });
    const names = every.mock.calls.map(([name]) => name);
    await app.close();
    return { names, stopCalls: stop.mock.calls.length };
  }

  it('schedules every feature’s jobs once when jobs are on, and stops them on close', async () => {
    const { names, stopCalls } = await scheduledJobs(true);
    expect(names).toEqual([
      'notification-rules',
      'day-metrics',
      'recompute-runs',
      'webhook-deliveries',
      'webhook-log-retention',
      'email-delivery',
      'email-log-retention',
      'timesheet-reminders',
      'punch-location-retention',
      'backups',
      'solver-runs',
    ]);
    expect(stopCalls).toBe(1);
  });

  it('schedules nothing when jobs are off (JOBS_ENABLED=false)', async () => {
    const { names, stopCalls } = await scheduledJobs(false);
    expect(names).toEqual([]);
    expect(stopCalls).toBe(0);
  });
});
