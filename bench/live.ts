/**
 * Live updates across instances (#16 point 4): two servers (child processes, as `npm start` runs
 * them) on one PostgreSQL database; BENCH_LIVE_CLIENTS browsers (default 1,000) hold an SSE
 * stream (GET /api/live) on instance B, and a baseline group of BENCH_LIVE_BASELINE_CLIENTS
 * (default 100) on instance A itself. An employee punches on A; every punch is a "team_activity"
 * message to every admin, so each client is an admin. For each punch and client: the time from
 * sending the punch to the message arriving. Reported: p50/p95/p99/max for B's clients and for
 * A's (same run), and how many arrived out of how many were due.
 *
 * Then the reconnect: 100 of B's clients drop, punches happen while they are away, and they
 * reconnect — to instance A, sending Last-Event-ID as a browser does. What they must be told is
 * that they missed something: the first message on a new stream is "ready, topic all", on which
 * the browser re-reads every live view (apps/web/src/features/live). Counted: how many got it.
 *
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PGlite is one process's database: there is no
 * second instance to reach).
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { generateSessionToken, hashSessionToken } from '../apps/server/src/platform/sessions.ts';
import { seedBulkPeople } from './bulk-seed.ts';
import {
  freshPostgresDatabase,
  postgresBaseUrl,
  readPositiveInt,
  startServer,
  stopServer,
} from './common.ts';

const CLIENTS = readPositiveInt('BENCH_LIVE_CLIENTS', 1_000);
const BASELINE_CLIENTS = readPositiveInt('BENCH_LIVE_BASELINE_CLIENTS', 100);
const PUNCHES = readPositiveInt('BENCH_LIVE_PUNCHES', 30);
const RECONNECTING = Math.min(100, CLIENTS);
const GAP_MS = 200;

interface LiveMessage {
  id: string | undefined;
  event: string;
  topic: string;
  at: number;
}

/** One browser's stream, read as EventSource would: frames split on a blank line. */
class LiveClient {
  messages: LiveMessage[] = [];
  private req: ClientRequest | null = null;
  private buffer = '';

  constructor(private readonly cookie: string) {}

  connect(baseUrl: string, lastEventId?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const url = new URL('/api/live', baseUrl);
      const headers: Record<string, string> = { cookie: this.cookie, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      this.req = request(url, { headers, agent: false }, (response: IncomingMessage) => {
        if (response.statusCode !== 200) {
          reject(new Error(`live stream refused: ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => this.read(chunk));
        resolve();
      });
      this.req.on('error', () => {}); // a dropped stream is expected here
      this.req.end();
    });
  }

  disconnect(): void {
    this.req?.destroy();
    this.req = null;
  }

  lastId(): string | undefined {
    return this.messages.findLast((message) => message.id !== undefined)?.id;
  }

  private read(chunk: string): void {
    const at = performance.now();
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      end = this.buffer.indexOf('\n\n');
      const fields = new Map<string, string>();
      for (const line of frame.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
      }
      const event = fields.get('event');
      const data = fields.get('data');
      if (!event || !data) continue; // heartbeat comments, retry hints
      const { topic } = JSON.parse(data) as { topic: string };
      this.messages.push({ id: fields.get('id'), event, topic, at });
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Admins 1…admins (person 1 is one already), each with a session; and one employee's session. */
async function seed(url: string, admins: number) {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await seedBulkPeople(database.db, admins + 20, 'America/Toronto');
    await database.db.execute(sql`
      update user_roles set role = 'admin'
      where user_id in (select md5('bench-person-' || i)::uuid from generate_series(1, ${admins}::int) i)`);
    const tokens = Array.from({ length: admins + 1 }, () => generateSessionToken());
    // Token n (1-based) belongs to person n; the last one to person admins + 15, an employee.
    await database.db.execute(sql`
      insert into sessions (id, user_id, expires_at)
      select hash,
        md5('bench-person-' || (case when n <= ${admins} then n else ${admins} + 15 end))::uuid,
        now() + interval '12 hours'
      from json_array_elements_text(${JSON.stringify(tokens.map(hashSessionToken))}::json)
        with ordinality as t(hash, n)`);
    const cookies = tokens.map((token) => `punchclock_session=${token}`);
    return { adminCookies: cookies.slice(0, admins), employeeCookie: cookies[admins] ?? '' };
  } finally {
    await database.close();
  }
}

async function punch(baseUrl: string, cookie: string, eventType: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/time-events`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-csrf-protection': '1' },
    body: JSON.stringify({ id: randomUUID(), eventType }),
  });
  if (!response.ok) throw new Error(`punch refused: ${response.status} ${await response.text()}`);
}

function delays(clients: LiveClient[], sentAt: number[], since: number): number[] {
  const all: number[] = [];
  for (const client of clients) {
    const arrivals = client.messages.filter(
      (message) => message.topic === 'team_activity' && message.at >= since,
    );
    arrivals.forEach((message, index) => {
      const sent = sentAt[index];
      if (sent !== undefined) all.push(message.at - sent);
    });
  }
  return all.sort((a, b) => a - b);
}

export async function runLiveBench(): Promise<void> {
  const baseUrl = postgresBaseUrl();
  if (!baseUrl) {
    console.log('(Live updates: set BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped.)');
    return;
  }
  const database = await freshPostgresDatabase(baseUrl);
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const clients: LiveClient[] = [];
  try {
    const { adminCookies, employeeCookie } = await seed(database.url, CLIENTS + BASELINE_CLIENTS);
    const env = { DATABASE_URL: database.url };
    const a = await startServer(env);
    servers.push(a);
    const b = await startServer(env);
    servers.push(b);

    const onB = adminCookies.slice(0, CLIENTS).map((cookie) => new LiveClient(cookie));
    const onA = adminCookies.slice(CLIENTS).map((cookie) => new LiveClient(cookie));
    clients.push(...onB, ...onA);
    const started = performance.now();
    // Browsers do not all connect in the same millisecond: fifty at a time.
    for (let index = 0; index < onB.length; index += 50) {
      await Promise.all(onB.slice(index, index + 50).map((client) => client.connect(b.url)));
    }
    await Promise.all(onA.map((client) => client.connect(a.url)));
    const ready = await waitUntil(
      () => clients.every((client) => client.messages.some((m) => m.event === 'ready')),
      30_000,
    );
    console.log(
      `\n${clients.length} streams open in ${((performance.now() - started) / 1000).toFixed(1)} s${ready ? '' : ' (NOT all ready)'}`,
    );

    const since = performance.now();
    const sentAt: number[] = [];
    for (let index = 0; index < PUNCHES; index++) {
      sentAt.push(performance.now());
      await punch(a.url, employeeCookie, index % 2 === 0 ? 'clock_in' : 'clock_out');
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    const received = (group: LiveClient[]) =>
      group.reduce(
        (sum, client) =>
          sum + client.messages.filter((m) => m.topic === 'team_activity' && m.at >= since).length,
        0,
      );
    await waitUntil(() => received(clients) >= clients.length * PUNCHES, 10_000);

    console.log(
      `\n### Live updates — ${CLIENTS} streams on instance B, ${BASELINE_CLIENTS} on A; ${PUNCHES} punches on A, ${GAP_MS} ms apart\n`,
    );
    console.log('| streams | messages received / due | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [label, group] of [
      [`${CLIENTS} on B (other instance)`, onB],
      [`${BASELINE_CLIENTS} on A (same instance, baseline)`, onA],
    ] as const) {
      const values = delays(group, sentAt, since);
      const f = (value: number) => value.toFixed(1);
      console.log(
        `| ${label} | ${received(group)} / ${group.length * PUNCHES} | ${f(percentile(values, 50))} | ${f(percentile(values, 95))} | ${f(percentile(values, 99))} | ${f(values.at(-1) ?? NaN)} |`,
      );
    }

    // The reconnect: away during some punches, back on the other instance with Last-Event-ID.
    const leaving = onB.slice(0, RECONNECTING);
    const lastIds = leaving.map((client) => client.lastId());
    for (const client of leaving) client.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let index = 0; index < 4; index++) {
      await punch(a.url, employeeCookie, index % 2 === 0 ? 'clock_in' : 'clock_out');
    }
    const back = performance.now();
    await Promise.all(leaving.map((client, index) => client.connect(a.url, lastIds[index])));
    await waitUntil(
      () => leaving.every((client) => client.messages.some((m) => m.at >= back)),
      10_000,
    );
    const toldToResync = leaving.filter((client) =>
      client.messages.some((m) => m.at >= back && m.event === 'ready' && m.topic === 'all'),
    ).length;
    console.log(
      `\nReconnect: ${RECONNECTING} streams dropped, 4 punches while away, back on the other instance with Last-Event-ID: ${toldToResync} of ${RECONNECTING} were told to re-read everything (ready, topic all) on arrival.`,
    );
  } finally {
    for (const client of clients) client.disconnect();
    for (const server of servers) await stopServer(server.child);
    await database.drop();
  }
}
