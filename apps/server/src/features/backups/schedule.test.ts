import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.ts';
import { testConfig } from '../../test/config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { isBackupDue, lastScheduledInstant, scheduleBackups } from './schedule.ts';

const TORONTO = 'America/Toronto';

describe('lastScheduledInstant', () => {
  it('is today at the hour once it has passed, else yesterday', () => {
    // 08:30 UTC is 03:30 in Toronto (EST, -5).
    expect(lastScheduledInstant(new Date('2026-11-23T08:30:00Z'), 3, TORONTO).toISOString()).toBe(
      '2026-11-23T08:00:00.000Z',
    );
    // 07:59 UTC is 02:59 in Toronto: the last one was yesterday's.
    expect(lastScheduledInstant(new Date('2026-11-23T07:59:00Z'), 3, TORONTO).toISOString()).toBe(
      '2026-11-22T08:00:00.000Z',
    );
    expect(lastScheduledInstant(new Date('2026-11-23T08:00:00Z'), 3, TORONTO).toISOString()).toBe(
      '2026-11-23T08:00:00.000Z',
    );
  });

  it('follows daylight saving time in the business time zone', () => {
    // Summer (EDT, -4): 03:00 local is 07:00 UTC.
    expect(lastScheduledInstant(new Date('2026-07-01T12:00:00Z'), 3, TORONTO).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    // Midnight and 23:00 work too.
    expect(lastScheduledInstant(new Date('2026-07-01T12:00:00Z'), 0, TORONTO).toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(lastScheduledInstant(new Date('2026-07-01T12:00:00Z'), 23, TORONTO).toISOString()).toBe(
      '2026-07-01T03:00:00.000Z',
    );
  });
});

describe('isBackupDue', () => {
  const base = { hour: 3, timeZone: TORONTO, startedAt: new Date('2026-11-20T12:00:00Z') };

  it('is due once the hour passes after the newest backup', () => {
    const newest = new Date('2026-11-22T08:00:05Z'); // last night's
    expect(isBackupDue({ ...base, now: new Date('2026-11-23T07:59:00Z'), newest })).toBe(false);
    expect(isBackupDue({ ...base, now: new Date('2026-11-23T08:00:30Z'), newest })).toBe(true);
    // Taken: not due again until tomorrow.
    const tonight = new Date('2026-11-23T08:00:31Z');
    expect(isBackupDue({ ...base, now: new Date('2026-11-23T20:00:00Z'), newest: tonight })).toBe(
      false,
    );
  });

  it('catches up at start-up after a night the server was down', () => {
    const newest = new Date('2026-11-20T08:00:00Z');
    expect(isBackupDue({ ...base, now: new Date('2026-11-23T15:00:00Z'), newest })).toBe(true);
  });

  it('does not take one at every fresh start: the first comes at the hour', () => {
    const startedAt = new Date('2026-11-23T15:00:00Z');
    expect(
      isBackupDue({ ...base, startedAt, now: new Date('2026-11-23T15:01:00Z'), newest: null }),
    ).toBe(false);
    expect(
      isBackupDue({ ...base, startedAt, now: new Date('2026-11-24T08:00:10Z'), newest: null }),
    ).toBe(true);
  });
});

describe('scheduleBackups', () => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
    dir = await mkdtemp(path.join(tmpdir(), 'punchclock-schedule-test-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Registers the job with a hand-driven runner and clock. */
  function register(overrides: Partial<AppConfig['backups']> = {}, db = database) {
    const jobs: { name: string; run: () => Promise<unknown> }[] = [];
    let now = new Date('2026-11-23T12:00:00Z'); // 7 AM in Toronto
    const config = testConfig({ backups: { ...testConfig().backups, dir, keep: 2, ...overrides } });
    scheduleBackups(
      { every: (name, _ms, run) => jobs.push({ name, run }) },
      db,
      config,
      { info: () => {} },
      () => now,
    );
    return { jobs, setNow: (instant: string) => (now = new Date(instant)) };
  }

  it('takes one when the hour comes, once, and keeps BACKUP_KEEP', async () => {
    const { jobs, setNow } = register();
    expect(jobs.map((job) => job.name)).toEqual(['backups']);
    const run = () => jobs[0]!.run();
    await run();
    expect(await readdir(dir)).toEqual([]); // not at start-up
    setNow('2026-11-24T08:00:30Z'); // 3:00:30 AM in Toronto
    await run();
    expect(await readdir(dir)).toEqual(['punchclock-2026-11-24T080030.000Z.tar.gz']);
    setNow('2026-11-24T08:01:30Z');
    await run();
    expect(await readdir(dir)).toHaveLength(1);
    for (const night of ['2026-11-25T08:00:30Z', '2026-11-26T08:00:30Z']) {
      setNow(night);
      await run();
    }
    expect((await readdir(dir)).sort()).toEqual([
      'punchclock-2026-11-25T080030.000Z.tar.gz',
      'punchclock-2026-11-26T080030.000Z.tar.gz',
    ]);
  }, 60_000);

  it('registers nothing when turned off or on PostgreSQL', () => {
    expect(register({ enabled: false }).jobs).toEqual([]);
    expect(register({}, { ...database, snapshot: null }).jobs).toEqual([]);
  });
});
