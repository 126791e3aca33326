/**
 * The adherence report on a year of data: the report's one SQL aggregate (adherenceByPersonQuery)
 * run bare on the database, against the same report through the real HTTP API, for the last 31
 * days and for the whole seeded range; plus the worked-hours CSV export of the whole range.
 *
 * One database per engine is seeded (bench/seed.ts) and reused for every measurement: PGlite in
 * a fresh temporary DATA_DIR, and PostgreSQL in a fresh database when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set. The bare SQL runs in this process; the server then starts as a child
 * process on the same data (with JOBS_ENABLED=false) and is asked over HTTP with an admin cookie.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client.ts';
import {
  adherenceByPersonQuery,
  listWorkedHours,
  type ReportScope,
} from '../apps/server/src/features/reports/reports-repository.ts';
import { SYSTEM_META } from '../apps/server/src/platform/request-meta.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import {
  freshPostgresDatabase,
  median,
  postgresBaseUrl,
  readPositiveInt,
  seconds,
  startServer,
  stopServer,
  timeRuns,
} from './common.ts';
import { seedReportData, type SeededData, type SeedSize } from './seed.ts';

const RUNS = readPositiveInt('BENCH_REPORT_RUNS', 5);
const EXPORT_RUNS = 3;
const UNDER_MS = 1_000;

/** PostgreSQL gets the full organisation; PGlite can be given a smaller one (README). */
function sizeFor(engine: 'pglite' | 'postgres'): SeedSize {
  const users = readPositiveInt('BENCH_USERS', 1_000);
  const days = readPositiveInt('BENCH_DAYS', 365);
  if (days > 366) throw new Error('BENCH_DAYS must be at most 366 (the reports refuse more)');
  if (engine === 'postgres') return { users, days };
  return {
    users: readPositiveInt('BENCH_PGLITE_USERS', users),
    days: Math.min(days, readPositiveInt('BENCH_PGLITE_DAYS', days)),
  };
}

interface Range {
  name: string;
  from: string;
  to: string;
}

interface RangeFigures {
  range: Range;
  people: number;
  sqlMs: number;
  apiMs: number;
}

interface ExportFigures {
  groupBy: 'day' | 'week';
  rows: number;
  bytes: number;
  sqlMs: number;
  apiMs: number;
}

interface EngineResult {
  label: string;
  size: SeedSize;
  seeded: SeededData;
  ranges: RangeFigures[];
  exports: ExportFigures[];
}

const log = (line: string) => console.log(line);

async function benchEngine(
  label: string,
  engine: 'pglite' | 'postgres',
  options: DatabaseOptions,
  env: Record<string, string>,
): Promise<EngineResult> {
  const size = sizeFor(engine);
  const { timeZone } = loadConfig();
  log(`\n${label}: seeding ${size.users} people × ${size.days} days`);
  const seeding = await openDatabase(options);
  let seeded: SeededData;
  try {
    seeded = await seedReportData(seeding, size, timeZone, log);
  } finally {
    await seeding.close();
  }
  const monthFrom = shiftDate(seeded.lastDay, -30);
  const full = {
    name: `full range (${size.days} days)`,
    from: seeded.firstDay,
    to: seeded.lastDay,
  };
  const month = {
    name: '31 days',
    from: monthFrom < seeded.firstDay ? seeded.firstDay : monthFrom,
    to: seeded.lastDay,
  };
  const ranges = size.days > 31 ? [month, full] : [full];
  const scope = (range: Pick<Range, 'from' | 'to'>): ReportScope => ({ ...range, teamIds: null });

  // The bare SQL runs on a freshly opened database, as the server will: the seeding PGlite
  // instance has a heap full of a year of inserts and measures slower than a new one.
  const sqlMs = new Map<string, number>();
  const people = new Map<string, number>();
  let cookie: string;
  const database = await openDatabase(options);
  try {
    log(`${label}: bare SQL, median of ${RUNS} after a warm-up`);
    for (const range of ranges) {
      let count = 0;
      const times = await timeRuns(
        async () => {
          const result = (await database.db.execute(adherenceByPersonQuery(scope(range)))) as {
            rows: unknown[];
          };
          count = result.rows.length;
        },
        { runs: RUNS },
      );
      sqlMs.set(range.name, median(times));
      people.set(range.name, count);
    }
    for (const groupBy of ['day', 'week'] as const) {
      const times = await timeRuns(() => listWorkedHours(database.db, scope(full), groupBy), {
        runs: EXPORT_RUNS,
      });
      sqlMs.set(`export:${groupBy}`, median(times));
    }
    const token = await createSession(
      database.db,
      seeded.adminId,
      { idleMinutes: 60, absoluteHours: 12 },
      SYSTEM_META,
    );
    cookie = `punchclock_session=${token}`;
  } finally {
    await database.close(); // PGlite: the server needs the data directory's lock
  }

  const startedAt = performance.now();
  const { url, child } = await startServer(
    { ...env, JOBS_ENABLED: 'false' },
    { startTimeoutMs: 600_000 },
  );
  log(`${label}: server up in ${seconds(performance.now() - startedAt)} s; API, median of ${RUNS}`);
  try {
    const get = async (pathAndQuery: string): Promise<ArrayBuffer> => {
      const response = await fetch(`${url}${pathAndQuery}`, { headers: { cookie } });
      const body = await response.arrayBuffer();
      if (!response.ok) {
        throw new Error(`${pathAndQuery}: ${response.status} ${Buffer.from(body).toString()}`);
      }
      return body;
    };
    const rangeFigures: RangeFigures[] = [];
    for (const range of ranges) {
      const query = `/api/reports/adherence?from=${range.from}&to=${range.to}`;
      const report = JSON.parse(Buffer.from(await get(query)).toString()) as { people: unknown[] };
      if (report.people.length !== people.get(range.name)) {
        throw new Error(`${range.name}: the API and the bare SQL disagree on the people`);
      }
      const times = await timeRuns(() => get(query), { runs: RUNS, warmUps: 3 });
      rangeFigures.push({
        range,
        people: report.people.length,
        sqlMs: sqlMs.get(range.name) ?? NaN,
        apiMs: median(times),
      });
    }
    const exportFigures: ExportFigures[] = [];
    for (const groupBy of ['day', 'week'] as const) {
      const query = `/api/reports/worked-hours/export?from=${full.from}&to=${full.to}&groupBy=${groupBy}&format=csv`;
      let bytes = 0;
      let rows = 0;
      const times = await timeRuns(
        async () => {
          const body = Buffer.from(await get(query));
          bytes = body.byteLength;
          rows = body.toString().trimEnd().split('\n').length - 1; // less the header
        },
        { runs: EXPORT_RUNS },
      );
      exportFigures.push({
        groupBy,
        rows,
        bytes,
        sqlMs: sqlMs.get(`export:${groupBy}`) ?? NaN,
        apiMs: median(times),
      });
    }
    return { label, size, seeded, ranges: rangeFigures, exports: exportFigures };
  } finally {
    await stopServer(child);
  }
}

function report(results: EngineResult[]) {
  const ms = (value: number) => value.toFixed(value < 100 ? 1 : 0);
  const count = (value: number) => value.toLocaleString('en');

  console.log('\n### Reports benchmark — seed\n');
  console.log('| database | people × days | phase | rows | seconds |');
  console.log('| --- | --- | --- | ---: | ---: |');
  for (const { label, size, seeded } of results) {
    for (const { phase, rows, ms: phaseMs } of seeded.phases) {
      console.log(
        `| ${label} | ${size.users} × ${size.days} | ${phase} | ${rows ? count(rows) : ''} | ${seconds(phaseMs)} |`,
      );
    }
    const total = seeded.phases.reduce((sum, { ms: phaseMs }) => sum + phaseMs, 0);
    console.log(`| ${label} | ${size.users} × ${size.days} | **total** | | ${seconds(total)} |`);
  }

  console.log(
    `\n### Adherence report (by person, all teams) — median of ${RUNS} after a warm-up\n`,
  );
  console.log(
    '| database | people × days | range | people | bare SQL ms | API ms | API ÷ bare SQL |',
  );
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const { label, size, ranges } of results) {
    for (const { range, people, sqlMs, apiMs } of ranges) {
      console.log(
        `| ${label} | ${size.users} × ${size.days} | ${range.name} (${range.from} → ${range.to}) | ${people} | ${ms(sqlMs)} | ${ms(apiMs)} | ${(apiMs / sqlMs).toFixed(2)}× |`,
      );
    }
  }

  console.log(
    `\n### Worked-hours CSV export of the full range — median of ${EXPORT_RUNS} after a warm-up\n`,
  );
  console.log('| database | people × days | groupBy | CSV rows | bytes | bare SQL ms | API ms |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const { label, size, exports } of results) {
    for (const { groupBy, rows, bytes, sqlMs, apiMs } of exports) {
      console.log(
        `| ${label} | ${size.users} × ${size.days} | ${groupBy} | ${count(rows)} | ${count(bytes)} | ${ms(sqlMs)} | ${ms(apiMs)} |`,
      );
    }
  }

  const postgres = results.find((result) => result.label === 'PostgreSQL');
  const month = postgres?.ranges[0];
  console.log(
    month
      ? `\n31-day report on PostgreSQL (${postgres.size.users} people) through the API: ${ms(month.apiMs)} ms — ${month.apiMs < UNDER_MS ? 'under' : 'NOT under'} 1 s.`
      : '\n(No PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.)',
  );
}

export async function runReportsBench(): Promise<void> {
  // BENCH_KEEP=1 leaves the seeded databases behind (for EXPLAIN and the like) and says where.
  const keep = process.env.BENCH_KEEP === '1';
  const results: EngineResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-bench-reports-'));
  try {
    results.push(
      await benchEngine(
        'PGlite',
        'pglite',
        { kind: 'pglite', dataDir },
        { DATA_DIR: dataDir, DATABASE_URL: '' },
      ),
    );
  } finally {
    if (keep) log(`(kept the PGlite data directory ${dataDir})`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  const postgresUrl = postgresBaseUrl();
  if (postgresUrl) {
    const database = await freshPostgresDatabase(postgresUrl, 'punchclock_bench_reports');
    try {
      results.push(
        await benchEngine(
          'PostgreSQL',
          'postgres',
          { kind: 'postgres', url: database.url },
          { DATABASE_URL: database.url },
        ),
      );
    } finally {
      if (keep) log(`(kept the PostgreSQL database ${database.url})`);
      else await database.drop();
    }
  }
  report(results);
}
