import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../config.ts';

/** Defaults suitable for tests; override what a test is about. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // One folder for every test app, keeping one snapshot; tests about backups set their own.
  const backups = {
    ...loadConfig({}).backups,
    dir: path.join(tmpdir(), 'punchclock-test-backups'),
    keep: 1,
  };
  // Tests' webhook receivers listen on 127.0.0.1; the address-guard tests turn this off.
  const webhooks = { ...loadConfig({}).webhooks, allowLoopback: true };
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    jobsEnabled: false,
    // Tests fire hundreds of requests at once to check what the app does with them; the queue
    // in front of the database would refuse some (platform/db-queue.test.ts tests it).
    dbQueue: { ...loadConfig({}).dbQueue, maxWaitMs: 0 },
    backups,
    webhooks,
    ...overrides,
  };
}
