/**
 * `npm run bench`: the clock-event benchmark (bench/clock-events.ts), then the reports benchmark
 * (bench/reports.ts), each on PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set —
 * on PostgreSQL. BENCH_ONLY=clock-events, reports, jobs (bench/jobs.ts: the background jobs
 * against a growing history), exports (bench/exports.ts: the streamed exports against
 * PostgreSQL's own COPY), live (bench/live.ts: live updates across two instances) or demand
 * (bench/demand.ts: the roster auto-fill's MIP), pay-periods (bench/pay-periods.ts: the period
 * overview, its approval and the payroll export at 2,000 and 10,000 people) or idle-memory
 * (bench/idle-memory.ts: the idle server's resident set against bare Node, PGlite and pg) or
 * people-import (bench/people-import.ts: a 5,000-row people file previewed and imported) runs
 * one of them; jobs, exports, live, demand, pay-periods and people-import run only when asked for. Not part of
 * `npm test`; see README
 * "Benchmark" and docs/benchmarks.md.
 */
import { runClockEventBench } from './clock-events.ts';
import { runDemandBench } from './demand.ts';
import { runExportsBench } from './exports.ts';
import { runIdleMemoryBench } from './idle-memory.ts';
import { runJobsBench } from './jobs.ts';
import { runLiveBench } from './live.ts';
import { runPayPeriodsBench } from './pay-periods.ts';
import { runPeopleImportBench } from './people-import.ts';
import { runReportsBench } from './reports.ts';

const only = process.env.BENCH_ONLY ?? '';
if (
  ![
    '',
    'clock-events',
    'reports',
    'jobs',
    'exports',
    'live',
    'demand',
    'pay-periods',
    'idle-memory',
    'people-import',
  ].includes(only)
) {
  throw new Error(
    `BENCH_ONLY must be clock-events, reports, jobs, exports, live, demand, pay-periods, idle-memory or people-import, got "${only}"`,
  );
}

async function main() {
  if (only === '' || only === 'clock-events') await runClockEventBench();
  if (only === '' || only === 'reports') await runReportsBench();
  if (only === 'jobs') await runJobsBench();
  if (only === 'exports') await runExportsBench();
  if (only === 'live') await runLiveBench();
  if (only === 'demand') await runDemandBench();
  if (only === 'pay-periods') await runPayPeriodsBench();
  if (only === 'people-import') await runPeopleImportBench();
  if (only === '' || only === 'idle-memory') await runIdleMemoryBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
