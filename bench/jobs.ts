/**
 * The background jobs against history: the notification-rules run (runNotificationRules) and
 * the report-day sweep (sweepScheduledDays, then recomputeQueuedDays draining the queue), timed
 * in this process on 10,000 people with 10,000 stored punches, then again after the database
 * grows to 1,000,000 punches. The work is the same at both sizes — BENCH_JOBS_SCHEDULED people
 * with a shift and a clock-in today, 300 more with a punch left open yesterday — only history
 * grows, so a job that reads only the work takes the same time at both sizes.
 *
 * PGlite in a fresh temporary data directory, and PostgreSQL in a fresh database when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (dropped afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database, type DatabaseOptions } from '../apps/server/src/db/client.ts';
import { runNotificationRules } from '../apps/server/src/features/notifications/rules-job.ts';
import {
  recomputeQueuedDays,
  sweepScheduledDays,
} from '../apps/server/src/features/reports/recompute.ts';
import { addHistory, seedBulkPeople, seedTodaysWork } from './bulk-seed.ts';
import { freshPostgresDatabase, median, postgresBaseUrl, readPositiveInt } from './common.ts';

const PEOPLE = readPositiveInt('BENCH_JOBS_PEOPLE', 10_000);
const SCHEDULED = readPositiveInt('BENCH_JOBS_SCHEDULED', 2_000);
const OPEN_FROM_YESTERDAY = 300;
const SIZES = [10_000, readPositiveInt('BENCH_JOBS_PUNCHES', 1_000_000)];
const RUNS = readPositiveInt('BENCH_JOBS_RUNS', 5);

const log = (line: string) => console.log(line);

interface JobFigures {
  engine: string;
  punches: number;
  assignments: number;
  rulesMs: number;
  notifications: number;
  sweepMs: number;
  drainFirstMs: number;
  drainAllMs: number;
  queuedDays: number;
}

async function timeOnce<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

async function count(db: Database['db'], table: string): Promise<number> {
  const result = (await db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

async function measure(database: Database, engine: string): Promise<JobFigures> {
  const { db } = database;
  const config = loadConfig();
  const rules = () => runNotificationRules(db, config.timeZone, config.notificationRules);
  // The first run raises the day's notifications; later runs find them raised (the steady state).
  const first = await rules();
  const rulesTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) rulesTimes.push((await timeOnce(rules)).ms);

  const sweepTimes: number[] = [];
  const drainFirstTimes: number[] = [];
  const drainAllTimes: number[] = [];
  let queuedDays = 0;
  for (let run = 0; run < Math.max(3, Math.ceil(RUNS / 2)); run++) {
    // Let the hourly sweep run again, on an empty queue.
    await db.execute(sql`delete from app_settings where key = 'day_metrics.last_sweep'`);
    await db.execute(sql`delete from day_metrics_queue`);
    const sweep = await timeOnce(() => sweepScheduledDays(db, config.timeZone));
    if (!sweep.result) throw new Error('the sweep did not claim its turn');
    sweepTimes.push(sweep.ms);
    queuedDays = await count(db, 'day_metrics_queue');
    let drained = 0;
    let firstMs = NaN;
    const all = await timeOnce(async () => {
      for (;;) {
        const step = await timeOnce(() => recomputeQueuedDays(db, config.timeZone));
        if (Number.isNaN(firstMs)) firstMs = step.ms;
        drained += step.result;
        if (step.result === 0) break;
      }
    });
    if (drained !== queuedDays) throw new Error(`drained ${drained} of ${queuedDays} queued days`);
    drainFirstTimes.push(firstMs);
    drainAllTimes.push(all.ms);
  }
  return {
    engine,
    punches: await count(db, 'time_events'),
    assignments: await count(db, 'assigned_schedules'),
    rulesMs: median(rulesTimes),
    notifications: first ?? 0,
    sweepMs: median(sweepTimes),
    drainFirstMs: median(drainFirstTimes),
    drainAllMs: median(drainAllTimes),
    queuedDays,
  };
}

async function benchEngine(engine: string, options: DatabaseOptions): Promise<JobFigures[]> {
  const { timeZone } = loadConfig();
  const database = await openDatabase(options);
  const figures: JobFigures[] = [];
  try {
    const started = performance.now();
    const bulk = await seedBulkPeople(database.db, PEOPLE, timeZone);
    const work = await seedTodaysWork(database.db, bulk, timeZone, {
      scheduled: SCHEDULED,
      openFromYesterday: OPEN_FROM_YESTERDAY,
    });
    let punches = work;
    let assignments = 0;
    for (const [index, size] of SIZES.entries()) {
      // One past assignment per person at the small size, ten at the large one.
      const assignmentsWanted = PEOPLE * (index === 0 ? 1 : 10);
      await addHistory(database.db, bulk, timeZone, {
        punchesFrom: punches,
        punches: Math.max(0, size - punches),
        assignmentsFrom: assignments,
        assignments: assignmentsWanted - assignments,
      });
      punches = Math.max(punches, size);
      assignments = assignmentsWanted;
      log(
        `${engine}: ${PEOPLE.toLocaleString('en')} people, ${size.toLocaleString('en')} punches seeded (${((performance.now() - started) / 1000).toFixed(1)} s); timing the jobs`,
      );
      figures.push(await measure(database, engine));
    }
  } finally {
    await database.close();
  }
  return figures;
}

function report(results: JobFigures[]) {
  const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);
  const count = (value: number) => value.toLocaleString('en');
  console.log(
    `\n### Background jobs — ${count(PEOPLE)} people, ${count(SCHEDULED)} with a shift today, ${OPEN_FROM_YESTERDAY} with a punch open since yesterday; median of ${RUNS} (sweep: of 3)\n`,
  );
  console.log(
    '| database | punches | assignments | rules run ms | sweep ms | first drain ms (≤ 2,000 person-days) | whole queue ms | person-days queued |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of results) {
    console.log(
      `| ${row.engine} | ${count(row.punches)} | ${count(row.assignments)} | ${ms(row.rulesMs)} | ${ms(row.sweepMs)} | ${ms(row.drainFirstMs)} | ${ms(row.drainAllMs)} | ${count(row.queuedDays)} |`,
    );
  }
  console.log(
    `\n(The first rules run raised ${count(results[0]?.notifications ?? 0)} notifications.)`,
  );
}

export async function runJobsBench(): Promise<void> {
  const results: JobFigures[] = [];
  if (process.env.BENCH_JOBS_ENGINES !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-bench-jobs-'));
    try {
      results.push(...(await benchEngine('PGlite', { kind: 'pglite', dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const postgresUrl = postgresBaseUrl();
  if (postgresUrl) {
    const database = await freshPostgresDatabase(postgresUrl, 'punchclock_bench_jobs');
    try {
      results.push(...(await benchEngine('PostgreSQL', { kind: 'postgres', url: database.url })));
    } finally {
      await database.drop();
    }
  }
  report(results);
}
