/**
 * `npm run bench`: the clock-event benchmark (bench/clock-events.ts), then the reports benchmark
 * (bench/reports.ts), each on PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set —
 * on PostgreSQL. BENCH_ONLY=clock-events or BENCH_ONLY=reports runs one of them. Not part of
 * `npm test`; see README "Benchmark".
 */
import { runClockEventBench } from './clock-events.ts';
import { runReportsBench } from './reports.ts';

const only = process.env.BENCH_ONLY ?? '';
if (!['', 'clock-events', 'reports'].includes(only)) {
  throw new Error(`BENCH_ONLY must be clock-events or reports, got "${only}"`);
}

async function main() {
  if (only !== 'reports') await runClockEventBench();
  if (only !== 'clock-events') await runReportsBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
