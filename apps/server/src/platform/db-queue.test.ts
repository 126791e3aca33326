import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { auditLog, timeEvents } from '../db/schema.ts';
import { buildTestApp, CSRF_HEADERS } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { listenOnFreePort, openLiveStream } from '../test/live-stream.ts';
import {
  createSessionUser,
  createSessionUsers,
  postTimeEvent,
  waitFor,
} from '../test/time-tracking.ts';
import { AdmissionQueue, type Place } from './db-queue.ts';

function admitted(place: ReturnType<AdmissionQueue['enter']>): Place {
  if ('retryAfterSeconds' in place) throw new Error('refused');
  return place;
}

describe('AdmissionQueue', () => {
  it('lets `concurrency` in at once and the rest in first come first served', async () => {
    const queue = new AdmissionQueue({ concurrency: 2, maxWaitMs: 1_000 });
    const [first, second, third, fourth] = [1, 2, 3, 4].map(() => admitted(queue.enter()));
    const order: number[] = [];
    void third!.turn.then(() => order.push(3));
    void fourth!.turn.then(() => order.push(4));
    expect(await first!.turn).toBe(true);
    expect(await second!.turn).toBe(true);
    expect(queue.stats()).toMatchObject({ inFlight: 2, waiting: 2 });

    second!.leave();
    second!.leave(); // twice is once
    await third!.turn;
    expect(order).toEqual([3]);
    expect(queue.stats()).toMatchObject({ inFlight: 2, waiting: 1 });
    first!.leave();
    await fourth!.turn;
    expect(order).toEqual([3, 4]);
  });

  it('refuses at once when the expected wait is too long, with the seconds to come back after', () => {
    let now = 0;
    const queue = new AdmissionQueue({ concurrency: 1, maxWaitMs: 100 }, () => now);
    // Nothing measured yet: a few milliseconds a request is assumed, so a short line is taken.
    let working = admitted(queue.enter());
    let next = admitted(queue.enter());
    // Then the line moves one every 60 ms.
    for (let step = 0; step < 40; step++) {
      now += 60;
      working.leave();
      working = next;
      next = admitted(queue.enter());
    }
    expect(queue.stats().expectedWaitMs).toBeGreaterThan(100);
    expect(queue.enter()).toEqual({ retryAfterSeconds: 1 });
    expect(queue.stats().refused).toBe(1);
  });

  it('a request that leaves before its turn gives its place up and is not let in', async () => {
    const queue = new AdmissionQueue({ concurrency: 1, maxWaitMs: 1_000 });
    const working = admitted(queue.enter());
    const gone = admitted(queue.enter());
    const next = admitted(queue.enter());
    gone.leave();
    expect(await gone.turn).toBe(false);
    expect(queue.stats()).toMatchObject({ inFlight: 1, waiting: 1 });
    working.leave();
    expect(await next.turn).toBe(true);
    expect(queue.stats()).toMatchObject({ inFlight: 1, waiting: 0 });
  });
});

describeEachDatabase('the database queue, through the API', (getDatabase) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function recordedFor(userIds: string[]) {
    const db = getDatabase().db;
    const punches = await db
      .select({ id: timeEvents.id })
      .from(timeEvents)
      .where(inArray(timeEvents.userId, userIds));
    const audits = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(inArray(auditLog.actorId, userIds));
    return { punches: punches.length, audits: audits.length };
  }

  it('when the line is too long, refuses with 503 and Retry-After, does nothing, and a retry records it', async () => {
    app = await buildTestApp(getDatabase().database, {
      dbQueue: { concurrency: 1, maxWaitMs: 1 },
    });
    const person = await createSessionUser(getDatabase().db);
    const busy = admitted(app.dbQueue!.enter()); // the one place is taken: the database is busy
    const id = randomUUID();

    const refused = await postTimeEvent(app, person.cookie, { id, eventType: 'clock_in' });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({
      message: 'The server is busy. Please try again in a moment.',
      code: 'busy',
    });
    expect(await recordedFor([person.id])).toEqual({ punches: 0, audits: 0 });

    // Probes, the API reference and the web app's files are never in line.
    for (const url of ['/api/health', '/api/ready', '/api/openapi.json']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);

    busy.leave();
    const retried = await postTimeEvent(app, person.cookie, { id, eventType: 'clock_in' });
    expect(retried.statusCode).toBe(201);
    expect(await recordedFor([person.id])).toEqual({ punches: 1, audits: 1 });
  });

  it('a request waits its turn, and one whose client hangs up while waiting never runs', async () => {
    app = await buildTestApp(getDatabase().database, {
      dbQueue: { concurrency: 1, maxWaitMs: 60_000 },
    });
    const url = await listenOnFreePort(app);
    const [patient, leaving] = await createSessionUsers(getDatabase().db, 2);
    const busy = admitted(app.dbQueue!.enter());

    const post = (cookie: string, signal?: AbortSignal) =>
      fetch(`${url}/api/time-events`, {
        method: 'POST',
        headers: { ...CSRF_HEADERS, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ id: randomUUID(), eventType: 'clock_in' }),
        signal,
      });
    const waiting = post(patient!.cookie);
    await waitFor(() => app!.dbQueue!.stats().waiting === 1);
    const hangUp = new AbortController();
    const abandoned = post(leaving!.cookie, hangUp.signal).catch(() => 'aborted');
    await waitFor(() => app!.dbQueue!.stats().waiting === 2);
    hangUp.abort();
    expect(await abandoned).toBe('aborted');
    await waitFor(() => app!.dbQueue!.stats().waiting === 1);

    // The live-update stream is never in line, even while the line is full.
    const live = await openLiveStream(url, patient!.cookie);
    expect(live.status).toBe(200);
    await live.close();

    busy.leave();
    expect((await waiting).status).toBe(201);
    await waitFor(() => app!.dbQueue!.stats().inFlight === 0);
    expect(await recordedFor([patient!.id])).toEqual({ punches: 1, audits: 1 });
    expect(await recordedFor([leaving!.id])).toEqual({ punches: 0, audits: 0 });
  });

  it('by default queues on the embedded database only, and people punching as usual are not refused', async () => {
    const database = getDatabase().database;
    app = await buildTestApp(database, { dbQueue: loadConfig({}).dbQueue });
    expect(app.dbQueue === null).toBe(database.kind === 'postgres');

    const people = await createSessionUsers(getDatabase().db, 4);
    for (const eventType of ['clock_in', 'break', 'clock_in', 'clock_out'] as const) {
      const responses = await Promise.all(
        people.map((person) => postTimeEvent(app!, person.cookie, { eventType })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    }
    expect(app.dbQueue?.stats().refused ?? 0).toBe(0);
  });

  it('a crowd punching at once is answered 201 or 503, the refused write nothing, and their retries all land', async () => {
    app = await buildTestApp(getDatabase().database, {
      dbQueue: { concurrency: 2, maxWaitMs: 20 },
    });
    const people = await createSessionUsers(getDatabase().db, 60);
    const ids = new Map(people.map((person) => [person.id, randomUUID()]));
    let remaining = people;
    let rounds = 0;
    let refusedInAll = 0;
    while (remaining.length > 0 && rounds < 100) {
      rounds += 1;
      const responses = await Promise.all(
        remaining.map((person) =>
          postTimeEvent(app!, person.cookie, { id: ids.get(person.id), eventType: 'clock_in' }),
        ),
      );
      expect(responses.every((response) => [201, 503].includes(response.statusCode))).toBe(true);
      const refused = remaining.filter((_, index) => responses[index]!.statusCode === 503);
      for (const response of responses.filter((each) => each.statusCode === 503)) {
        expect(response.headers['retry-after']).toBeDefined();
      }
      if (rounds === 1) {
        expect(refused.length).toBeGreaterThan(0);
        expect(await recordedFor(refused.map((person) => person.id))).toEqual({
          punches: 0,
          audits: 0,
        });
      }
      refusedInAll += refused.length;
      remaining = refused;
    }
    expect(remaining).toEqual([]);
    expect(app.dbQueue!.stats().refused).toBe(refusedInAll);
    const rows = await getDatabase()
      .db.select({ id: timeEvents.id })
      .from(timeEvents)
      .where(inArray(timeEvents.id, [...ids.values()]));
    expect(rows).toHaveLength(people.length);
    const [one] = people;
    const own = await getDatabase()
      .db.select({ id: timeEvents.id })
      .from(timeEvents)
      .where(eq(timeEvents.userId, one!.id));
    expect(own).toEqual([{ id: ids.get(one!.id) }]);
  });
});
