/**
 * Clock-event POST throughput and latency, each reported as a ratio to the same server's no-op
 * route (GET /api/health) measured in the same run, on PGlite and — when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set — on PostgreSQL.
 *
 * The server runs as a child process (as in production) so the load generator does not share
 * its event loop. Each autocannon connection plays one user, punching clock_in/break in turn.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client.ts';
import { createUser } from '../apps/server/src/features/users/accounts.ts';
import { SYSTEM_META } from '../apps/server/src/platform/request-meta.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import {
  freshPostgresDatabase,
  postgresBaseUrl,
  readPositiveInt,
  startServer,
  stopServer,
} from './common.ts';

const CONNECTIONS = readPositiveInt('BENCH_CONNECTIONS', 20);
const DURATION_SECONDS = readPositiveInt('BENCH_SECONDS', 10);

interface Figures {
  requestsPerSecond: number;
  mean: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function seedUsers(options: DatabaseOptions, count: number): Promise<string[]> {
  const database = await openDatabase(options);
  try {
    const cookies: string[] = [];
    for (let index = 0; index < count; index++) {
      const user = await createUser(
        database.db,
        {
          email: `bench-${index}-${randomUUID().slice(0, 8)}@bench.test`,
          password: 'Bench-pass-1',
          role: 'employee',
        },
        { actorId: null, meta: SYSTEM_META },
      );
      const token = await createSession(
        database.db,
        user.id,
        { idleMinutes: 60, absoluteHours: 12 },
        SYSTEM_META,
      );
      cookies.push(`punchclock_session=${token}`);
    }
    return cookies;
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

async function measureNoop(url: string): Promise<Figures> {
  const result = await autocannon({
    url: `${url}/api/health`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  return summarise(result);
}

async function measureClockEvents(url: string, cookies: string[]): Promise<Figures> {
  // autocannon resets a connection's context after each pass over `requests`, so a pass is one
  // user's clock_in → clock_out, and the user goes back to the pool when the pass ends.
  const idle = [...cookies];
  const headersFor = (cookie: string) => ({
    cookie,
    'content-type': 'application/json',
    'x-csrf-protection': '1',
  });
  type Context = { cookie?: string };
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/time-events',
        setupRequest: (request, context) => {
          const ctx = context as Context;
          ctx.cookie = idle.shift();
          if (!ctx.cookie) throw new Error('user pool exhausted');
          return {
            ...request,
            headers: headersFor(ctx.cookie),
            body: JSON.stringify({ id: randomUUID(), eventType: 'clock_in' }),
          };
        },
      },
      {
        method: 'POST',
        path: '/api/time-events',
        setupRequest: (request, context) => ({
          ...request,
          headers: headersFor((context as Context).cookie ?? ''),
          body: JSON.stringify({ id: randomUUID(), eventType: 'clock_out' }),
        }),
        onResponse: (_status, _body, context) => {
          const cookie = (context as Context).cookie;
          if (cookie) idle.push(cookie);
        },
      },
    ],
  });
  return summarise(result);
}

interface Row {
  label: string;
  noop: Figures;
  clock: Figures;
}

async function benchDatabase(
  label: string,
  options: DatabaseOptions,
  env: Record<string, string>,
): Promise<Row> {
  const cookies = await seedUsers(options, CONNECTIONS * 2);
  const { url, child } = await startServer(env);
  try {
    await measureNoop(url); // warm-up
    const noop = await measureNoop(url);
    const clock = await measureClockEvents(url, cookies);
    return { label, noop, clock };
  } finally {
    await stopServer(child);
  }
}

function report(rows: Row[]) {
  const format = (value: number, digits = 0) => value.toFixed(digits);
  console.log(
    `\n### Clock-event POST vs no-op GET /api/health — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each\n`,
  );
  console.log('| database | route | req/s | mean ms | p50 ms | p99 ms | errors | non-2xx |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { label, noop, clock } of rows) {
    for (const [route, figures] of [
      ['no-op', noop],
      ['clock event', clock],
    ] as const) {
      console.log(
        `| ${label} | ${route} | ${format(figures.requestsPerSecond)} | ${format(figures.mean, 2)} | ${figures.p50} | ${figures.p99} | ${figures.errors} | ${figures.non2xx} |`,
      );
    }
  }
  console.log('\nRatios (clock event ÷ no-op, same run):\n');
  console.log('| database | throughput | mean latency | p99 latency |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const { label, noop, clock } of rows) {
    const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${format(a / b, 2)}×`);
    console.log(
      `| ${label} | ${ratio(clock.requestsPerSecond, noop.requestsPerSecond)} | ${ratio(clock.mean, noop.mean)} | ${ratio(clock.p99, noop.p99)} |`,
    );
  }
}

export async function runClockEventBench(): Promise<void> {
  const rows: Row[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-bench-'));
  try {
    rows.push(
      await benchDatabase(
        'PGlite',
        { kind: 'pglite', dataDir },
        { DATA_DIR: dataDir, DATABASE_URL: '' },
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgresUrl = postgresBaseUrl();
  if (postgresUrl) {
    const database = await freshPostgresDatabase(postgresUrl);
    try {
      rows.push(
        await benchDatabase(
          'PostgreSQL',
          { kind: 'postgres', url: database.url },
          { DATABASE_URL: database.url },
        ),
      );
    } finally {
      await database.drop();
    }
  } else {
    console.log('(Set BENCH_DATABASE_URL or TEST_DATABASE_URL to include PostgreSQL.)');
  }
  report(rows);
}
