/**
 * `npm run bench`: the clock-event benchmark (bench/clock-events.ts), then the reports benchmark
 * (bench/reports.ts), each on PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set —
 * on PostgreSQL. BENCH_ONLY=clock-events, reports, jobs (bench/jobs.ts: the background jobs
 * against a growing history) or exports (bench/exports.ts: the streamed exports against
 * PostgreSQL's own COPY) runs one of them; jobs and exports run only when asked for. Not part of
 * `npm test`; see README "Benchmark" and docs/benchmarks.md.
 */
import { runClockEventBench } from './clock-events.ts';
import { runExportsBench } from './exports.ts';
import { runJobsBench } from './jobs.ts';
import { runReportsBench } from './reports.ts';

const only = process.env.BENCH_ONLY ?? '';
if (!['', 'clock-events', 'reports', 'jobs', 'exports'].includes(only)) {
  throw new Error(`BENCH_ONLY must be clock-events, reports, jobs or exports, got "${only}"`);
}

async function main() {
  if (only === '' || only === 'clock-events') await runClockEventBench();
  if (only === '' || only === 'reports') await runReportsBench();
  if (only === 'jobs') await runJobsBench();
  if (only === 'exports') await runExportsBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
