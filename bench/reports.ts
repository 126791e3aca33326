/**
 * The reports at scale (#32): each report through the real HTTP API against the bare SQL that
 * computes the same figures, run in this process on the same database in the same run.
 *
 * - adherence (`GET /api/reports/adherence`): its one aggregate, `adherenceByPersonQuery`;
 * - worked hours (`GET /api/reports/worked-hours`, by day and by week): `listWorkedHours`;
 * - the worked-hours CSV export by day: the same `listWorkedHours` over the whole scope;
 * - analytics (`GET /api/reports/analytics`): the daily trend, the lateness heatmap, the
 *   exception totals and the per-team figures, four statements at once (as the API runs them).
 *
 * Before timing, each report's answer is checked against its baseline's rows (the same people,
 * buckets and figures), so the baseline computes what the API answers. Ranges: the last 31 days,
 * and the whole seeded range when it is longer (adherence only).
 *
 * One database per engine is seeded (bench/seed.ts) and reused for every measurement: PGlite in
 * a fresh temporary DATA_DIR, and PostgreSQL in a fresh database when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (BENCH_REPORT_ENGINES=postgres leaves PGlite out). The bare SQL runs
 * in this process; the server then starts as a child process on the same data (with
 * JOBS_ENABLED=false) and is asked over HTTP with an admin cookie, accepting brotli as browsers
 * do; a time is until the whole body has arrived.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseOptions, type Db } from '../apps/server/src/db/client.ts';
import {
  adherenceByPersonQuery,
  adherenceByTeamQuery,
  listDailyTrend,
  listExceptionTotals,
  listLatenessHeatmap,
  listWorkedHours,
  type PersonAdherenceRow,
  type ReportScope,
  type TeamAdherenceRow,
  type TrendSqlRow,
  type WorkedHoursSqlRow,
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
const GOAL = 2;

/** PostgreSQL gets the full organisation; PGlite can be given a smaller one (docs/operations.md). */
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

/** One report measured: how to ask the API, the bare SQL, and how to hold one to the other. */
interface ReportCase {
  report: string;
  range: Range;
  path: string;
  /** The baseline: runs the SQL, returns its rows (kept from the last run for the check). */
  bare: (db: Db) => Promise<unknown>;
  /** What the API answered against the bare rows: a disagreement, or null. Not for CSV. */
  check: (api: unknown, bare: unknown) => string | null;
  /** Rows the answer is made of (people, buckets, days + cells), for the table. */
  rowsOf: (bare: unknown) => number;
}

interface CaseFigures {
  report: string;
  range: Range;
  rows: number;
  bytes: number;
  sqlMs: number;
  apiMs: number;
  /** The server's CPU (all its threads, compression included) per request, from /proc. */
  serverCpuMs: number;
  /** This process's CPU per bare run (the driver reading the rows); PostgreSQL only. */
  bareCpuMs: number;
}

interface EngineResult {
  label: string;
  size: SeedSize;
  seeded: SeededData;
  cases: CaseFigures[];
}

const log = (line: string) => console.log(line);

/** A process's CPU time so far (user + system, every thread) in ms; NaN off Linux. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
const TICKS_PER_SECOND = 100;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** The first place two values differ, as a path (`[3].lateCount`), or null when equal. */
function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return `${at || 'value'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array and object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
    return `${at}.length: ${a.length} ≠ ${b.length}`;
  }
  for (const key of keys) {
    const difference = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      Array.isArray(a) ? `${at}[${key}]` : `${at}.${key}`,
    );
    if (difference) return difference;
  }
  return null;
}

function adherenceCase(range: Range, scope: ReportScope): ReportCase {
  return {
    report: 'adherence',
    range,
    path: `/api/reports/adherence?from=${range.from}&to=${range.to}`,
    bare: (db) => rowsOf<PersonAdherenceRow>(db, adherenceByPersonQuery(scope)),
    check: (api, bare) => {
      const { people } = api as { people: Record<string, unknown>[] };
      const wanted = (bare as PersonAdherenceRow[]).map((row) => ({
        userId: row.userId,
        name: row.name,
        teamName: row.teamName,
        scheduledDays: row.scheduledDays,
        scheduledMinutes: row.scheduledMinutes,
        workedMinutes: row.workedMinutes,
        adherencePct: pct(row.adherentMinutes, row.scoredScheduledMinutes),
        lateDays: row.lateDays,
        missedClockOuts: row.missedClockOuts,
      }));
      const got = people.map((person) =>
        Object.fromEntries(Object.keys(wanted[0] ?? {}).map((key) => [key, person[key]])),
      );
      return firstDifference(got, wanted);
    },
    rowsOf: (bare) => (bare as unknown[]).length,
  };
}

function workedHoursCase(range: Range, scope: ReportScope, groupBy: 'day' | 'week'): ReportCase {
  return {
    report: `worked hours by ${groupBy} (JSON)`,
    range,
    path: `/api/reports/worked-hours?from=${range.from}&to=${range.to}&groupBy=${groupBy}`,
    bare: (db) => listWorkedHours(db, scope, groupBy),
    check: (api, bare) => {
      const { rows, totals } = api as {
        rows: WorkedHoursSqlRow[];
        totals: { workedMinutes: number };
      };
      const wanted = (bare as WorkedHoursSqlRow[]).map((row) => ({
        ...row,
        overtimeMinutes: Math.max(0, row.workedMinutes - row.scheduledMinutes),
      }));
      const difference = firstDifference(rows, wanted);
      if (difference) return difference;
      const worked = wanted.reduce((sum, row) => sum + row.workedMinutes, 0);
      return totals.workedMinutes === worked ? null : `totals.workedMinutes ≠ ${worked}`;
    },
    rowsOf: (bare) => (bare as unknown[]).length,
  };
}

function exportCase(range: Range, scope: ReportScope): ReportCase {
  return {
    report: 'worked-hours CSV export by day',
    range,
    path: `/api/reports/worked-hours/export?from=${range.from}&to=${range.to}&groupBy=day&format=csv`,
    bare: (db) => listWorkedHours(db, scope, 'day'),
    check: (api, bare) => {
      const lines = (api as string).trimEnd().split('\n').length - 1; // less the header
      return lines === (bare as unknown[]).length ? null : `CSV rows: ${lines}`;
    },
    rowsOf: (bare) => (bare as unknown[]).length,
  };
}

interface AnalyticsBare {
  trend: TrendSqlRow[];
  heatmap: unknown[];
  exceptions: unknown[];
  teams: TeamAdherenceRow[];
}

function analyticsCase(range: Range, scope: ReportScope): ReportCase {
  return {
    report: 'analytics',
    range,
    path: `/api/reports/analytics?from=${range.from}&to=${range.to}`,
    bare: async (db): Promise<AnalyticsBare> => {
      const [trend, heatmap, exceptions, teams] = await Promise.all([
        listDailyTrend(db, scope),
        listLatenessHeatmap(db, scope),
        listExceptionTotals(db, scope),
        rowsOf<TeamAdherenceRow>(db, adherenceByTeamQuery(scope)),
      ]);
      return { trend, heatmap, exceptions, teams };
    },
    check: (api, bare) => {
      const { trend, heatmap, exceptions, teams } = bare as AnalyticsBare;
      return firstDifference(api, {
        trend: trend.map((day) => ({
          date: day.date,
          adherencePct: pct(day.adherent, day.scheduled),
          conformancePct: pct(day.scoredWorked, day.scheduled),
          lateCount: day.lateCount,
          overbreakCount: day.overbreakCount,
          absentCount: day.absentCount,
          workedHours: Math.round((day.totalWorked / 60) * 10) / 10,
        })),
        latenessHeatmap: heatmap,
        topExceptions: exceptions,
        byTeam: teams.map((team) => ({
          teamName: team.teamName ?? 'No team',
          adherencePct: pct(team.adherentMinutes, team.scoredScheduledMinutes),
          lateCount: team.lateDays,
        })),
      });
    },
    rowsOf: (bare) => {
      const { trend, heatmap, exceptions, teams } = bare as AnalyticsBare;
      return trend.length + heatmap.length + exceptions.length + teams.length;
    },
  };
}

/** What a database seeded by an earlier run holds (BENCH_REPORT_DATABASE_URL), read back. */
async function readSeeded(
  options: DatabaseOptions,
): Promise<{ size: SeedSize; seeded: SeededData }> {
  const database = await openDatabase(options);
  try {
    const [found] = await rowsOf<{
      adminId: string;
      users: number;
      firstDay: string;
      lastDay: string;
      dayMetrics: number;
    }>(
      database.db,
      sql`
        select (select user_id from user_roles where role = 'admin' limit 1) as "adminId",
               (select count(*)::int from users) as "users",
               min(date)::text as "firstDay", max(date)::text as "lastDay",
               count(*)::int as "dayMetrics"
        from day_metrics`,
    );
    if (!found?.adminId) throw new Error('BENCH_REPORT_DATABASE_URL: no seeded reports data there');
    const days =
      Math.round((Date.parse(found.lastDay) - Date.parse(found.firstDay)) / 86_400_000) + 1;
    return {
      size: { users: found.users, days },
      seeded: {
        adminId: found.adminId,
        userIds: [],
        teamIds: [],
        firstDay: found.firstDay,
        lastDay: found.lastDay,
        punches: 0,
        dayMetrics: found.dayMetrics,
        phases: [],
      },
    };
  } finally {
    await database.close();
  }
}

async function benchEngine(
  label: string,
  engine: 'pglite' | 'postgres',
  options: DatabaseOptions,
  env: Record<string, string>,
  reuse = false,
): Promise<EngineResult> {
  let size = sizeFor(engine);
  const { timeZone } = loadConfig();
  let seeded: SeededData;
  if (reuse) {
    ({ size, seeded } = await readSeeded(options));
    log(`\n${label}: reusing ${size.users} people × ${size.days} days`);
  } else {
    log(`\n${label}: seeding ${size.users} people × ${size.days} days`);
    const seeding = await openDatabase(options);
    try {
      seeded = await seedReportData(seeding, size, timeZone, log);
    } finally {
      await seeding.close();
    }
  }
  const monthFrom = shiftDate(seeded.lastDay, -30);
  const month: Range = {
    name: '31 days',
    from: monthFrom < seeded.firstDay ? seeded.firstDay : monthFrom,
    to: seeded.lastDay,
  };
  const full: Range = { name: `${size.days} days`, from: seeded.firstDay, to: seeded.lastDay };
  const scope = (range: Range): ReportScope => ({ from: range.from, to: range.to, teamIds: null });
  const only = (process.env.BENCH_REPORTS ?? '').split(',').filter(Boolean);
  const cases: ReportCase[] = [
    adherenceCase(month, scope(month)),
    ...(size.days > 31 ? [adherenceCase(full, scope(full))] : []),
    workedHoursCase(month, scope(month), 'day'),
    workedHoursCase(month, scope(month), 'week'),
    exportCase(month, scope(month)),
    analyticsCase(month, scope(month)),
  ].filter((each) => only.length === 0 || only.some((name) => each.report.includes(name)));

  // PGlite is one process's database: its bare SQL is timed first, on a freshly opened instance
  // (the seeding one has a heap full of inserts and measures slower), then closed for the
  // server. PostgreSQL's is timed alternately with the API, run for run, so a shared machine's
  // load falls on both alike; here it is only run once for the rows to check against.
  const interleave = engine === 'postgres';
  const sqlTimes: number[][] = cases.map(() => []);
  const bareRows: unknown[] = [];
  let cookie: string;
  const database = await openDatabase(options);
  try {
    if (!interleave) log(`${label}: bare SQL, median of ${RUNS} after a warm-up`);
    for (const [index, each] of cases.entries()) {
      let last: unknown;
      const times = await timeRuns(
        async () => {
          last = await each.bare(database.db);
        },
        { runs: interleave ? 0 : RUNS },
      );
      sqlTimes[index]?.push(...times);
      bareRows.push(last);
    }
    const token = await createSession(
      database.db,
      seeded.adminId,
      { idleMinutes: 60, absoluteHours: 12 },
      SYSTEM_META,
    );
    cookie = `punchclock_session=${token}`;
  } finally {
    if (!interleave) await database.close(); // PGlite: the server needs the data directory's lock
  }

  const startedAt = performance.now();
  const { url, child } = await startServer(
    { ...env, JOBS_ENABLED: 'false' },
    { startTimeoutMs: 600_000 },
  );
  log(
    `${label}: server up in ${seconds(performance.now() - startedAt)} s; API${interleave ? ' and bare SQL in turn' : ''}, median of ${RUNS}`,
  );
  try {
    const get = async (pathAndQuery: string): Promise<Buffer> => {
      const response = await fetch(`${url}${pathAndQuery}`, { headers: { cookie } });
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${body.toString()}`);
      return body;
    };
    const figures: CaseFigures[] = [];
    for (const [index, each] of cases.entries()) {
      const body = await get(each.path);
      const answer = each.path.includes('/export') ? body.toString() : JSON.parse(body.toString());
      const difference = each.check(answer, bareRows[index]);
      if (difference) {
        throw new Error(`${each.report}, ${each.range.name}: API ≠ bare SQL at ${difference}`);
      }
      await get(each.path); // a second warm-up
      const times: number[] = [];
      const cpuBefore = cpuMsOf(child.pid);
      let bareCpuMicros = 0;
      for (let run = 0; run < RUNS; run++) {
        let started = performance.now();
        await get(each.path);
        times.push(performance.now() - started);
        if (interleave) {
          const cpu = process.cpuUsage();
          started = performance.now();
          await each.bare(database.db);
          sqlTimes[index]?.push(performance.now() - started);
          const used = process.cpuUsage(cpu);
          bareCpuMicros += used.user + used.system;
        }
      }
      const serverCpuMs = (cpuMsOf(child.pid) - cpuBefore) / RUNS;
      const sqlMs = median(sqlTimes[index] ?? []);
      figures.push({
        report: each.report,
        range: each.range,
        rows: each.rowsOf(bareRows[index]),
        bytes: body.byteLength,
        sqlMs,
        apiMs: median(times),
        serverCpuMs,
        bareCpuMs: interleave ? bareCpuMicros / 1000 / RUNS : NaN,
      });
      log(
        `  ${each.report}, ${each.range.name}: API ${median(times).toFixed(1)} ms, bare SQL ${sqlMs.toFixed(1)} ms`,
      );
    }
    return { label, size, seeded, cases: figures };
  } finally {
    await stopServer(child);
    if (interleave) await database.close();
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

  console.log(`\n### Reports through the API against their bare SQL — median of ${RUNS}\n`);
  console.log(
    '| database | people × days | report | range | rows | bytes (uncompressed) | bare SQL ms | API ms | API ÷ bare SQL | server CPU ms a request | bare SQL client CPU ms a run |',
  );
  console.log('| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { label, size, cases } of results) {
    for (const {
      report: name,
      range,
      rows,
      bytes,
      sqlMs,
      apiMs,
      serverCpuMs,
      bareCpuMs,
    } of cases) {
      const ratio = apiMs / sqlMs;
      console.log(
        `| ${label} | ${size.users} × ${size.days} | ${name} | ${range.name} (${range.from} → ${range.to}) | ${count(rows)} | ${count(bytes)} | ${ms(sqlMs)} | ${ms(apiMs)} | ${ratio.toFixed(2)}×${ratio > GOAL ? ' (over 2×)' : ''} | ${ms(serverCpuMs)} | ${Number.isNaN(bareCpuMs) ? '–' : ms(bareCpuMs)} |`,
      );
    }
  }
  if (!results.some((result) => result.label === 'PostgreSQL')) {
    console.log('\n(No PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.)');
  }
}

export async function runReportsBench(): Promise<void> {
  // BENCH_KEEP=1 leaves the seeded databases behind (for EXPLAIN and the like) and says where.
  const keep = process.env.BENCH_KEEP === '1';
  const results: EngineResult[] = [];
  // BENCH_REPORT_DATABASE_URL: measure a database an earlier run kept (BENCH_KEEP=1), unseeded.
  const reuseUrl = process.env.BENCH_REPORT_DATABASE_URL;
  if (reuseUrl) {
    const options = { kind: 'postgres', url: reuseUrl } as const;
    results.push(
      await benchEngine('PostgreSQL', 'postgres', options, { DATABASE_URL: reuseUrl }, true),
    );
    report(results);
    return;
  }
  if (process.env.BENCH_REPORT_ENGINES !== 'postgres') {
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
