/**
 * Clock-event POST throughput and latency at each of BENCH_CONNECTIONS (default 16 and 64), on
 * PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL, each
 * reported as a ratio to two baselines measured in the same run:
 * - the same server's no-op route (GET /api/health);
 * - the database's own single-row INSERT rate at the same concurrency: on PostgreSQL pgbench
 *   (when it is on PATH) inserting one row per transaction into a scratch table; on PGlite the
 *   same insert through the same driver, in-process, with as many inserts in flight (no HTTP, so
 *   a stricter baseline than the punch route gets).
 *
 * - on PostgreSQL, the punch's own statements through pgbench (bench/pgbench-punch.ts): the
 *   database's work for a punch without HTTP and Node.
 *
 * The server runs as a child process (as in production) so the load generator does not share
 * its event loop. Each autocannon connection plays one person at a time, clocking in and out;
 * answered punches, 503s (the database queue, platform/db-queue.ts) and other answers are
 * counted apart.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client.ts';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { generateSessionToken, hashSessionToken } from '../apps/server/src/platform/sessions.ts';
import { seedBulkPeople } from './bulk-seed.ts';
import {
  PGBENCH_PEOPLE_TABLE,
  pgbenchPunchRate,
  type PgbenchPunchResult,
} from './pgbench-punch.ts';
import {
  freshPostgresDatabase,
  postgresBaseUrl,
  readPositiveInt,
  startServer,
  stopServer,
} from './common.ts';

const CONNECTION_COUNTS = readConnectionCounts();
const DURATION_SECONDS = readPositiveInt('BENCH_SECONDS', 10);
/** Punches sent after the server starts and before the measurement (BENCH_WARM_UP_SECONDS). */
const WARM_UP_SECONDS = readPositiveInt('BENCH_WARM_UP_SECONDS', 2);
const SCRATCH_TABLE = 'bench_single_row_insert';
/** Employees per connection count (BENCH_PUNCH_USERS); each punches a few times per run. */
const USERS_PER_RUN = readPositiveInt('BENCH_PUNCH_USERS', 4000);

/** BENCH_CONNECTIONS: one count or a comma-separated list ("16,64", the default). */
function readConnectionCounts(): number[] {
  const raw = process.env.BENCH_CONNECTIONS || '16,64';
  const counts = raw.split(',').map((part) => Number(part.trim()));
  if (counts.some((count) => !Number.isInteger(count) || count <= 0)) {
    throw new Error(`BENCH_CONNECTIONS must be positive whole numbers, got "${raw}"`);
  }
  return counts;
}

interface Figures {
  requestsPerSecond: number;
  mean: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** People for pgbench's punch baseline per connection count (BENCH_PGBENCH_PEOPLE), PostgreSQL only. */
const PGBENCH_PEOPLE = readPositiveInt('BENCH_PGBENCH_PEOPLE', 30_000);

interface SeededPeople {
  /** Per connection count, the session cookies of the route's people. */
  cookiePools: string[][];
  /** The business date the people have their shift on. */
  today: string;
}

/**
 * Employees to punch with, each with a session. A person punches a few times a day, so the pool
 * is large enough that nobody does more than a handful of punches in a run: with a small pool
 * each person piled up hundreds of punches in one day, and every read and guard grew with them.
 * Everyone has today's shift, so each clock-in computes the early clock-in hint as in real life.
 * `pgbenchPeople` more (per connection count) are pgbench's, listed in PGBENCH_PEOPLE_TABLE.
 * Sessions are seen as just used (last seen in a few minutes), so neither the route nor pgbench
 * pays the once-a-minute touch of a session during a run.
 */
async function seedUsers(
  options: DatabaseOptions,
  counts: number[],
  pgbenchPeople: number,
): Promise<SeededPeople> {
  const database = await openDatabase(options);
  try {
    const routePeople = counts.length * USERS_PER_RUN;
    const total = routePeople + counts.length * pgbenchPeople;
    const bulk = await seedBulkPeople(database.db, total + 11, 'America/Toronto');
    await database.db.execute(sql`
      insert into assigned_schedules (user_id, template_id, date_range_start, date_range_end)
      select md5('bench-person-' || i)::uuid, md5('bench-template')::uuid,
        ${shiftDate(bulk.today, -1)}::date, ${shiftDate(bulk.today, 1)}::date
      from generate_series(12, ${total + 11}::int) i`);
    const tokens = Array.from({ length: total }, () => generateSessionToken());
    await database.db.execute(sql`
      insert into sessions (id, user_id, expires_at, last_seen_at)
      select hash, md5('bench-person-' || (11 + n))::uuid, now() + interval '12 hours',
        now() + interval '10 minutes'
      from json_array_elements_text(${JSON.stringify(tokens.map(hashSessionToken))}::json)
        with ordinality as t(hash, n)`);
    if (pgbenchPeople > 0) {
      await database.db.execute(
        sql.raw(
          `create table ${PGBENCH_PEOPLE_TABLE} (n int primary key, user_id uuid not null, session_id text not null)`,
        ),
      );
      await database.db.execute(sql`
        insert into ${sql.raw(PGBENCH_PEOPLE_TABLE)} (n, user_id, session_id)
        select n, s.user_id, s.id
        from generate_series(1, ${total - routePeople}::int) n
        join sessions s on s.user_id = md5('bench-person-' || (11 + ${routePeople}::int + n))::uuid`);
      await database.db.execute(sql`analyze`);
    }
    const cookies = tokens.slice(0, routePeople).map((token) => `punchclock_session=${token}`);
    return {
      cookiePools: counts.map((_, run) =>
        cookies.slice(run * USERS_PER_RUN, (run + 1) * USERS_PER_RUN),
      ),
      today: bulk.today,
    };
  } finally {
    await database.close();
  }
}

function summarise(result: autocannon.Result): Figures {
  return {
    requestsPerSecond: result.requests.average,
    mean: result.latency.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function measureNoop(url: string, connections: number): Promise<Figures> {
  const result = await autocannon({
    url: `${url}/api/health`,
    connections,
    duration: DURATION_SECONDS,
  });
  return summarise(result);
}

/** The first requests of a run's connections: sent in its first 100 ms. */
const FIRST_WAVE_MS = 100;

/** Punches answered (2xx), refused by the database queue (503), and anything else. */
interface PunchFigures extends Figures {
  /** Recorded punches a second (2xx answers). */
  punchesPerSecond: number;
  answered: number;
  /** 503 answers: refused by the database queue (platform/db-queue.ts). */
  refused: number;
  /** Other non-2xx answers. */
  failed: number;
  /** Latency of answered punches only (a 503 comes back at once and would flatter these). */
  answeredP50: number;
  answeredP99: number;
  /**
   * p99 of the answered punches sent after the first FIRST_WAVE_MS: without the first request
   * of each new connection, which on PGlite waits seconds to be read (docs/benchmarks.md).
   */
  laterP99: number;
  refusedP99: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

/**
 * Each autocannon connection is one person at a time: clock_in, then clock_out, then the next
 * person from the pool. A punch refused with 503 is sent again at once with the same id (the
 * harshest client: it does not wait the Retry-After the server asks for), so every refusal is
 * counted and the connection stays busy.
 */
async function measureClockEvents(
  url: string,
  idle: string[],
  connections: number,
  seconds: number,
): Promise<PunchFigures> {
  // `idle`: the people not clocked in, shared between runs (someone clocked in when a run ends
  // stays out of it).
  const answeredLatencies: number[] = [];
  const refusedLatencies: number[] = [];
  const laterLatencies: number[] = [];
  let failed = 0;
  const takePerson = () => {
    const cookie = idle.shift();
    if (!cookie) throw new Error('user pool exhausted');
    return cookie;
  };
  // BENCH_PUNCH_TRACE=file: every response as "ms since start,latency ms,status,event type".
  const trace = process.env.BENCH_PUNCH_TRACE ? ([] as string[]) : null;
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    setupClient: (client) => {
      let cookie = takePerson();
      let eventType: 'clock_in' | 'clock_out' = 'clock_in';
      let id = randomUUID();
      const send = () =>
        client.setRequests([
          {
            method: 'POST',
            path: '/api/time-events',
            headers: { cookie, 'content-type': 'application/json', 'x-csrf-protection': '1' },
            body: JSON.stringify({ id, eventType }),
          },
        ]);
      send();
      client.on('response', (status: number, _bytes: number, latency: number) => {
        trace?.push(
          `${(performance.now() - started).toFixed(1)},${latency.toFixed(1)},${status},${eventType}`,
        );
        if (status === 503) {
          refusedLatencies.push(latency);
          return; // the same punch again
        }
        if (status >= 200 && status < 300) {
          answeredLatencies.push(latency);
          if (performance.now() - latency - started > FIRST_WAVE_MS) laterLatencies.push(latency);
        } else failed += 1;
        if (eventType === 'clock_in' && status < 300) {
          eventType = 'clock_out';
        } else {
          idle.push(cookie);
          cookie = takePerson();
          eventType = 'clock_in';
        }
        id = randomUUID();
        send();
      });
    },
  });
  if (trace && process.env.BENCH_PUNCH_TRACE) {
    writeFileSync(
      `${process.env.BENCH_PUNCH_TRACE}-${connections}-${seconds}s.csv`,
      trace.join('\n'),
    );
  }
  answeredLatencies.sort((a, b) => a - b);
  refusedLatencies.sort((a, b) => a - b);
  laterLatencies.sort((a, b) => a - b);
  const elapsed = result.duration || seconds;
  return {
    ...summarise(result),
    punchesPerSecond: answeredLatencies.length / elapsed,
    answered: answeredLatencies.length,
    refused: refusedLatencies.length,
    failed,
    answeredP50: percentile(answeredLatencies, 0.5),
    answeredP99: percentile(answeredLatencies, 0.99),
    laterP99: percentile(laterLatencies, 0.99),
    refusedP99: percentile(refusedLatencies, 0.99),
  };
}

interface Row {
  label: string;
  connections: number;
  noop: Figures;
  clock: PunchFigures;
  /** Single-row INSERTs per second straight at the database, or null when not measured. */
  insertsPerSecond: number | null;
  baseline: string;
  /** The punch's own statements through pgbench (PostgreSQL only), or null. */
  punchBaseline: PgbenchPunchResult | null;
}

const execFileAsync = promisify(execFile);

/** pgbench's path, or null when it is not installed. */
async function findPgbench(): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync('sh', ['-c', 'command -v pgbench']);
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/** pgbench, one single-row INSERT per transaction into a scratch table, `clients` at once. */
async function pgbenchInsertRate(pgbench: string, url: string, clients: number): Promise<number> {
  const scriptDir = mkdtempSync(path.join(tmpdir(), 'punchclock-pgbench-'));
  const script = path.join(scriptDir, 'insert.sql');
  writeFileSync(
    script,
    `insert into ${SCRATCH_TABLE} (user_id, kind, occurred_at) values (gen_random_uuid(), 'clock_in', now());\n`,
  );
  try {
    const { stdout } = await execFileAsync(pgbench, [
      '--no-vacuum',
      `--file=${script}`,
      `--client=${clients}`,
      '--jobs=2',
      `--time=${DURATION_SECONDS}`,
      url,
    ]);
    const match = /tps = ([\d.]+)/.exec(stdout);
    if (!match?.[1]) throw new Error(`could not read pgbench's output:\n${stdout}`);
    return Number(match[1]);
  } finally {
    rmSync(scriptDir, { recursive: true, force: true });
  }
}

/** The same single-row INSERT through the server's driver, in-process, `inFlight` at once. */
async function driverInsertRate(options: DatabaseOptions, inFlight: number): Promise<number> {
  const database = await openDatabase(options);
  try {
    const insert = () =>
      database.db.execute(
        sql.raw(
          `insert into ${SCRATCH_TABLE} (user_id, kind, occurred_at) values (gen_random_uuid(), 'clock_in', now())`,
        ),
      );
    await insert(); // warm-up
    let count = 0;
    const deadline = performance.now() + DURATION_SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (performance.now() < deadline) {
          await insert();
          count++;
        }
      }),
    );
    return count / ((performance.now() - started) / 1000);
  } finally {
    await database.close();
  }
}

async function createScratchTable(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.db.execute(
      sql.raw(
        `create table if not exists ${SCRATCH_TABLE} (id bigserial primary key, user_id uuid not null, kind text not null, occurred_at timestamptz not null)`,
      ),
    );
  } finally {
    await database.close();
  }
}

async function benchDatabase(
  label: string,
  options: DatabaseOptions,
  env: Record<string, string>,
  baseline: { kind: 'pgbench'; pgbench: string; url: string } | { kind: 'driver' } | null,
): Promise<Row[]> {
  await createScratchTable(options);
  const rows: Row[] = [];
  const pgbenchPeople = baseline?.kind === 'pgbench' ? PGBENCH_PEOPLE : 0;
  const seeded = await seedUsers(options, CONNECTION_COUNTS, pgbenchPeople);
  for (const [run, connections] of CONNECTION_COUNTS.entries()) {
    // PGlite has one connection, so its baseline runs while the server is down.
    const insertsPerSecond =
      baseline?.kind === 'pgbench'
        ? await pgbenchInsertRate(baseline.pgbench, baseline.url, connections)
        : baseline?.kind === 'driver'
          ? await driverInsertRate(options, connections)
          : null;
    const people = [...(seeded.cookiePools[run] ?? [])];
    const { url, child } = await startServer(env);
    try {
      // The punch's statements through pgbench while the server is up (its LISTEN connection
      // receives the punches' NOTIFYs, as it does the route's).
      const punchBaseline =
        baseline?.kind === 'pgbench'
          ? await pgbenchPunchRate({
              pgbench: baseline.pgbench,
              url: baseline.url,
              clients: connections,
              seconds: DURATION_SECONDS,
              people: { offset: run * pgbenchPeople, count: pgbenchPeople },
              today: seeded.today,
            })
          : null;
      await measureNoop(url, connections); // warm-up
      const noop = await measureNoop(url, connections);
      // A first wave of punches prepares the statements and warms the code up (not counted).
      await measureClockEvents(url, people, connections, WARM_UP_SECONDS);
      const clock = await measureClockEvents(url, people, connections, DURATION_SECONDS);
      rows.push({
        label,
        connections,
        noop,
        clock,
        insertsPerSecond,
        baseline:
          baseline?.kind === 'pgbench'
            ? 'pgbench single-row INSERT'
            : baseline?.kind === 'driver'
              ? 'single-row INSERT via PGlite driver, in-process'
              : 'none (pgbench not on PATH)',
        punchBaseline,
      });
    } finally {
      await stopServer(child);
    }
  }
  return rows;
}

function report(rows: Row[]) {
  const format = (value: number, digits = 0) =>
    Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
  const ratio = (a: number, b: number | null) =>
    b === null || b === 0 ? 'n/a' : `${format(a / b, 2)}×`;
  console.log(`\n### Clock-event POST vs no-op GET /api/health — ${DURATION_SECONDS} s each\n`);
  console.log(
    '| database | connections | no-op req/s | no-op p99 ms | punches/s (2xx) | answered p50 ms | answered p99 ms | p99 sent after the first 100 ms | 503s (p99 ms) | other non-2xx | errors |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { label, connections, noop, clock } of rows) {
    console.log(
      `| ${label} | ${connections} | ${format(noop.requestsPerSecond)} | ${noop.p99} | ${format(clock.punchesPerSecond)} | ${format(clock.answeredP50)} | ${format(clock.answeredP99)} | ${format(clock.laterP99)} | ${clock.refused}${clock.refused > 0 ? ` (${format(clock.refusedP99)})` : ''} | ${clock.failed} | ${clock.errors} |`,
    );
  }
  console.log('\nRatios (same run):\n');
  console.log(
    '| database | connections | punches/s | single-row INSERTs/s (baseline) | punch ÷ INSERT | punch baseline: pgbench punches/s | punch ÷ pgbench punch | punch ÷ no-op | answered p99 ms | 503s |',
  );
  console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const { label, connections, noop, clock, insertsPerSecond, baseline, punchBaseline } = row;
    const inserts =
      insertsPerSecond === null ? baseline : `${format(insertsPerSecond)} (${baseline})`;
    const punches = clock.punchesPerSecond;
    console.log(
      `| ${label} | ${connections} | ${format(punches)} | ${inserts} | ${ratio(punches, insertsPerSecond)} | ${punchBaseline ? format(punchBaseline.punchesPerSecond) : 'n/a'} | ${ratio(punches, punchBaseline?.punchesPerSecond ?? null)} | ${ratio(punches, noop.requestsPerSecond)} | ${format(clock.answeredP99)} | ${clock.refused} |`,
    );
  }
  for (const { label, connections, punchBaseline } of rows) {
    if (punchBaseline) {
      console.log(
        `\n(${label}, ${connections} clients: pgbench ran ${punchBaseline.transactions} clock-in + clock-out transactions; ${punchBaseline.written} punches recorded.)`,
      );
    }
    if (punchBaseline && punchBaseline.written !== punchBaseline.expected) {
      console.log(
        `\n(${label}, ${connections}: pgbench recorded ${punchBaseline.written} punches of the ${punchBaseline.expected} its transactions should have: its figure is not a like-for-like baseline.)`,
      );
    }
  }
}

/** BENCH_CLOCK_ENGINES=pglite or postgres runs only that one (default: both). */
const ENGINES = (process.env.BENCH_CLOCK_ENGINES || 'pglite,postgres').split(',');

export async function runClockEventBench(): Promise<void> {
  const rows: Row[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-bench-'));
  try {
    if (ENGINES.includes('pglite'))
      rows.push(
        ...(await benchDatabase(
          'PGlite',
          { kind: 'pglite', dataDir },
          { DATA_DIR: dataDir, DATABASE_URL: '' },
          { kind: 'driver' },
        )),
      );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgresUrl = postgresBaseUrl();
  if (!ENGINES.includes('postgres')) {
    // PGlite only.
  } else if (postgresUrl) {
    const pgbench = await findPgbench();
    if (!pgbench) console.log('(pgbench is not on PATH: no INSERT baseline on PostgreSQL.)');
    const database = await freshPostgresDatabase(postgresUrl);
    try {
      rows.push(
        ...(await benchDatabase(
          'PostgreSQL',
          { kind: 'postgres', url: database.url },
          { DATABASE_URL: database.url },
          pgbench ? { kind: 'pgbench', pgbench, url: database.url } : null,
        )),
      );
    } finally {
      await database.drop();
    }
  } else {
    console.log('(Set BENCH_DATABASE_URL or TEST_DATABASE_URL to include PostgreSQL.)');
  }
  report(rows);
}
