import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { timeEvents } from '../db/schema.ts';
import { buildTestApp, CSRF_HEADERS } from '../test/app.ts';
import { listenOnFreePort, openLiveStream, type LiveStream } from '../test/live-stream.ts';
import { createSessionUsers, type SessionUser, waitFor } from '../test/time-tracking.ts';
import { Lifecycle } from './health.ts';
import { createShutdown } from './shutdown.ts';

/** The real app on a PGlite data folder (as the server runs it), listening on a free port. */
async function startOnDataFolder() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-shutdown-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const app = await buildTestApp(database);
  return { dataDir, database, app };
}

/** Opens the data folder again (the first process's lock must be released) and reads punches. */
async function storedEventIds(dataDir: string, ids: string[]): Promise<Set<string>> {
  const reopened = await openDatabase({ kind: 'pglite', dataDir });
  try {
    if (ids.length === 0) return new Set();
    const rows = await reopened.db
      .select({ id: timeEvents.id })
      .from(timeEvents)
      .where(inArray(timeEvents.id, ids));
    return new Set(rows.map((row) => row.id));
  } finally {
    await reopened.close();
  }
}

function punchRequestText(user: SessionUser, id: string, extraHeaders = ''): string {
  const body = JSON.stringify({ id, eventType: 'clock_in' });
  const csrf = Object.entries(CSRF_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (
    `POST /api/time-events HTTP/1.1\r\nhost: 127.0.0.1\r\ncookie: ${user.cookie}\r\n${csrf}` +
    `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
    `${extraHeaders}\r\n${body}`
  );
}

/** A plain TCP connection speaking HTTP/1.1 by hand: nothing hidden about reuse or retries. */
function openRawConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    send: (request: string) => void socket.write(request),
    received: () => text,
    // A status line follows the previous body directly (no newline in between).
    statuses: () => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]),
    closed,
  };
}

/** What fetch's error says about the connection (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET…). */
function connectionErrorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

describe('graceful shutdown over real HTTP, on a PGlite data folder', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(userCount: number, beforeListen: (app: FastifyInstance) => void = () => {}) {
    const started = await startOnDataFolder();
    beforeListen(started.app);
    cleanups.push(() => rmSync(started.dataDir, { recursive: true, force: true }));
    let isShutDown = false;
    cleanups.push(async () => {
      if (isShutDown) return;
      await started.app.close();
      await started.database.close();
    });
    const users = await createSessionUsers(started.database.db, userCount);
    const baseUrl = await listenOnFreePort(started.app);
    const exitCodes: number[] = [];
    const shutdown = createShutdown(
      { app: started.app, database: started.database },
      { timeoutMs: 10_000, exit: (code) => exitCodes.push(code) },
    );
    const runShutdown = async () => {
      isShutDown = true;
      await shutdown('test');
    };
    return { ...started, users, baseUrl, exitCodes, runShutdown };
  }

  it('answers a punch in flight and stores it; one arriving on a kept-alive connection meanwhile gets 503 and is not stored; the live stream gets a retry hint and ends', async () => {
    let releasePunch!: () => void;
    const punchHeld = new Promise<void>((resolve) => (releasePunch = resolve));
    let isPunchHeld = false;
    let releaseClosing!: () => void;
    const closingHeld = new Promise<void>((resolve) => (releaseClosing = resolve));
    let isClosingHeld = false;
    const { dataDir, users, baseUrl, exitCodes, runShutdown } = await setUp(2, (app) => {
      app.addHook('preHandler', async (request) => {
        if (request.headers['x-test-hold'] !== '1') return;
        isPunchHeld = true;
        await punchHeld;
      });
      // Runs after the app's own preClose hooks (live streams, jobs), before the listener closes.
      app.addHook('preClose', async () => {
        isClosingHeld = true;
        await closingHeld;
      });
    });
    const [alice, bob] = users as [SessionUser, SessionUser];
    const port = Number(new URL(baseUrl).port);

    const stream: LiveStream = await openLiveStream(baseUrl, bob.cookie);
    await stream.waitForFrame((frame) => frame.event === 'ready');
    // A browser's kept-alive connection, idle after its last answer.
    const keptAlive = openRawConnection(port);
    keptAlive.send('GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    await waitFor(() => keptAlive.statuses().length === 1);
    // A punch in flight: the app has it, the answer is not written yet.
    const inFlightId = randomUUID();
    const inFlight = openRawConnection(port);
    inFlight.send(punchRequestText(alice, inFlightId, 'x-test-hold: 1\r\n'));
    await waitFor(() => isPunchHeld);

    const shutdownDone = runShutdown();
    await waitFor(() => isClosingHeld);
    // The live stream was ended with a reconnect hint.
    await waitFor(() => stream.isEnded());
    expect(stream.text()).toMatch(/\n\nretry: \d{4}\n\n$/);
    // A punch on the kept-alive connection now is refused at once and not run.
    const lateId = randomUUID();
    keptAlive.send(punchRequestText(bob, lateId));
    await keptAlive.closed;
    expect(keptAlive.statuses()).toEqual(['200', '503']);
    expect(keptAlive.received()).toMatch(/\r\nconnection: close\r\n/i);

    releaseClosing();
    // New connections are refused once the listener is closed…
    await waitFor(async () => {
      await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
    });
    // …while the punch in flight is still being waited for.
    expect(exitCodes).toEqual([]);
    releasePunch();
    await inFlight.closed;
    expect(inFlight.statuses()).toEqual(['201']);
    await shutdownDone;
    expect(exitCodes).toEqual([0]);

    const stored = await storedEventIds(dataDir, [inFlightId, lateId]);
    expect([...stored]).toEqual([inFlightId]);
  });

  it('under concurrent punching, every acknowledged punch is stored; the rest get 503 or a connection error', async () => {
    const workerCount = 16;
    const { dataDir, users, baseUrl, exitCodes, runShutdown } = await setUp(workerCount);
    const triggerAfter = 24; // acknowledged punches before the shutdown starts
    const acknowledged: string[] = [];
    const refused503: string[] = [];
    const connectionErrors: { id: string; code: string }[] = [];
    const otherAnswers: { id: string; status: number; body: string }[] = [];
    let shutdownDone: Promise<void> | undefined;

    // Each worker clocks in and out in turn on its own keep-alive connection until refused.
    const work = async (user: SessionUser) => {
      let eventType: 'clock_in' | 'clock_out' = 'clock_in';
      for (;;) {
        const id = randomUUID();
        let response: Response;
        try {
          response = await fetch(`${baseUrl}/api/time-events`, {
            method: 'POST',
            headers: { ...CSRF_HEADERS, cookie: user.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ id, eventType }),
          });
        } catch (error) {
          connectionErrors.push({ id, code: connectionErrorCode(error) });
          return;
        }
        const body = await response.text();
        if (response.status === 201) {
          acknowledged.push(id);
          if (acknowledged.length === triggerAfter) shutdownDone = runShutdown();
          eventType = eventType === 'clock_in' ? 'clock_out' : 'clock_in';
          continue;
        }
        if (response.status === 503) refused503.push(id);
        else otherAnswers.push({ id, status: response.status, body });
        return;
      }
    };
    await Promise.all(users.map(work));
    await shutdownDone;

    expect(exitCodes).toEqual([0]);
    expect(otherAnswers).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(triggerAfter);
    expect(refused503.length + connectionErrors.length).toBe(workerCount);
    const connectionCodes = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'];
    expect(connectionErrors.filter((each) => !connectionCodes.includes(each.code))).toEqual([]);
    const stored = await storedEventIds(dataDir, [...acknowledged, ...refused503]);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(refused503.filter((id) => stored.has(id))).toEqual([]);
  });
});

describe('createShutdown', () => {
  function fakeApp(close: () => Promise<void>) {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const app = {
      close,
      log,
      lifecycle: new Lifecycle(),
    } as unknown as Pick<FastifyInstance, 'close' | 'log' | 'lifecycle'>;
    return { app, log };
  }
  const openDatabaseStub = () => ({ close: vi.fn(async () => {}) }) as Pick<Database, 'close'>;

  afterEach(() => vi.useRealTimers());

  it('marks not ready first, closes the app, then the database, then exits 0', async () => {
    const order: string[] = [];
    const { app } = fakeApp(async () => {
      order.push(app.lifecycle.isShuttingDown ? 'app.close (not ready)' : 'app.close (ready!)');
    });
    const database = { close: async () => void order.push('database.close') };
    const shutdown = createShutdown(
      { app, database },
      { timeoutMs: 1_000, exit: (code) => order.push(`exit ${code}`) },
    );
    await shutdown('SIGTERM');
    expect(order).toEqual(['app.close (not ready)', 'database.close', 'exit 0']);
  });

  it('exits 1 at once on a second signal, and only once', async () => {
    const { app, log } = fakeApp(() => new Promise(() => {}));
    const database = openDatabaseStub();
    const exit = vi.fn();
    const shutdown = createShutdown({ app, database }, { timeoutMs: 60_000, exit });
    void shutdown('SIGTERM');
    expect(exit).not.toHaveBeenCalled();
    void shutdown('SIGINT');
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(log.warn).toHaveBeenCalledWith(
      { reason: 'SIGINT' },
      'signalled again while shutting down: exiting now',
    );
    void shutdown('SIGTERM');
    expect(exit).toHaveBeenCalledOnce();
  });

  it('exits 1 at the deadline, with a log line, when something hangs', async () => {
    vi.useFakeTimers();
    const { app, log } = fakeApp(() => new Promise(() => {}));
    const database = openDatabaseStub();
    const exit = vi.fn();
    void createShutdown({ app, database }, { timeoutMs: 10_000, exit })('SIGTERM');

    await vi.advanceTimersByTimeAsync(9_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ timeoutMs: 10_000 }),
      'shutdown did not finish within 10000 ms: exiting anyway',
    );
    expect(database.close).not.toHaveBeenCalled();
  });

  it('still closes the database and exits (1) when closing the app fails', async () => {
    const { app, log } = fakeApp(async () => {
      throw new Error('boom');
    });
    const database = openDatabaseStub();
    const exit = vi.fn();
    await createShutdown({ app, database }, { timeoutMs: 1_000, exit })('SIGTERM');
    expect(database.close).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.anything(),
      'shutdown: closing the HTTP server failed',
    );
  });
});
