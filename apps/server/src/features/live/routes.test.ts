import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  listenOnFreePort,
  openLiveStream,
  type LiveStream,
  type SseFrame,
} from '../../test/live-stream.ts';
import {
  createSessionUser,
  createSessionUsers,
  newSessionCookie,
  postTimeEvent,
  recordEvent,
  waitFor,
} from '../../test/time-tracking.ts';

const isReady = (frame: SseFrame) => frame.event === 'ready';
const isTimeEventsChange = (frame: SseFrame) =>
  frame.event === 'change' &&
  JSON.stringify(frame.data) === JSON.stringify({ topic: 'time_events' });
const changes = (stream: LiveStream) => stream.frames().filter((frame) => frame.event === 'change');

describeEachDatabase('live updates', (getDatabase) => {
  /** Instance A records; instance B, on its own connection to the same data, streams. */
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  let baseUrlB: string;
  let second: Database;
  const openStreams: LiveStream[] = [];

  beforeAll(async () => {
    second = await getDatabase().openSecondConnection();
    appA = await buildTestApp(getDatabase().database);
    appB = await buildTestApp(second);
    appB.addHook('onClose', () => second.close());
    baseUrlB = await listenOnFreePort(appB);
  });
  afterAll(async () => {
    await Promise.all(openStreams.splice(0).map((stream) => stream.close()));
    await appA.close();
    await appB.close();
  });

  async function streamOnB(cookie: string): Promise<LiveStream> {
    const stream = await openLiveStream(baseUrlB, cookie);
    openStreams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitForFrame(isReady);
    return stream;
  }

  it('opens an event stream with a retry hint and a ready frame', async () => {
    const user = await createSessionUser(getDatabase().db);
    const stream = await streamOnB(user.cookie);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.text().startsWith('retry: 3000\n\n')).toBe(true);
    expect(stream.frames()).toEqual([
      { id: expect.any(String), event: 'ready', data: { topic: 'all' } },
    ]);
  });

  it('forgets a stream once the browser hangs up', async () => {
    const user = await createSessionUser(getDatabase().db);
    const before = appB.liveHub.subscriberCount();
    const stream = await streamOnB(user.cookie);
    expect(appB.liveHub.subscriberCount()).toBe(before + 1);
    await stream.close();
    await waitFor(() => appB.liveHub.subscriberCount() === before);
  });

  it('delivers a punch recorded on instance A to the user’s stream on instance B only', async () => {
    const alice = await createSessionUser(getDatabase().db);
    const bob = await createSessionUser(getDatabase().db);
    const aliceStream = await streamOnB(alice.cookie);
    const bobStream = await streamOnB(bob.cookie);

    await recordEvent(appA, alice.cookie, 'clock_in');

    await aliceStream.waitForFrame(isTimeEventsChange);
    expect(changes(aliceStream)).toHaveLength(1);
    expect(changes(bobStream)).toEqual([]);

    // Bob's stream works: his own punch reaches him, and Alice hears nothing more.
    await recordEvent(appA, bob.cookie, 'clock_in');
    await bobStream.waitForFrame(isTimeEventsChange);
    expect(changes(bobStream)).toHaveLength(1);
    expect(changes(aliceStream)).toHaveLength(1);
  });

  it('sends nothing for a refused punch or a replay', async () => {
    const user = await createSessionUser(getDatabase().db);
    const stream = await streamOnB(user.cookie);
    expect((await postTimeEvent(appA, user.cookie, { eventType: 'break' })).statusCode).toBe(409);
    const first = await recordEvent(appA, user.cookie, 'clock_in');
    await stream.waitForFrame(isTimeEventsChange);
    const replay = await postTimeEvent(appA, user.cookie, { id: first.id, eventType: 'clock_in' });
    expect(replay.statusCode).toBe(200);

    // Notifications arrive in commit order: once the next punch's frame is in, anything the
    // refusal or the replay had sent would be too.
    await recordEvent(appA, user.cookie, 'clock_out');
    await waitFor(() => expect(changes(stream)).toHaveLength(2));
    expect(changes(stream).every(isTimeEventsChange)).toBe(true);
  });

  describe('closing an instance with streams open', () => {
    it('ends every open stream so app.close() does not hang', async () => {
      const app = await buildTestApp(getDatabase().database);
      let isClosed = false;
      const streams: LiveStream[] = [];
      try {
        const baseUrl = await listenOnFreePort(app);
        const user = await createSessionUser(getDatabase().db);
        for (let count = 0; count < 2; count++) {
          const stream = await openLiveStream(baseUrl, user.cookie);
          streams.push(stream);
          await stream.waitForFrame(isReady);
        }
        expect(app.liveHub.subscriberCount()).toBe(2);

        let timer: NodeJS.Timeout | undefined;
        const closed = await Promise.race([
          app.close().then(() => true),
          new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), 5_000);
          }),
        ]);
        clearTimeout(timer);
        isClosed = closed;
        expect(closed).toBe(true);
        await waitFor(() => streams.every((stream) => stream.isEnded()));
        expect(app.liveHub.subscriberCount()).toBe(0);
      } finally {
        await Promise.all(streams.map((stream) => stream.close()));
        if (!isClosed) await app.close();
      }
    });
  });

  describe('limits on open streams', () => {
    let app: FastifyInstance;
    let baseUrl: string;
    const streams: LiveStream[] = [];

    beforeAll(async () => {
      app = await buildTestApp(getDatabase().database, {
        liveStreamLimits: { perSession: 2, perUser: 3, perInstance: 5 },
      });
      baseUrl = await listenOnFreePort(app);
    });
    afterAll(async () => {
      await Promise.all(streams.splice(0).map((stream) => stream.close()));
      await app.close();
    });

    async function open(cookie: string): Promise<LiveStream> {
      const stream = await openLiveStream(baseUrl, cookie);
      streams.push(stream);
      if (stream.status === 200) await stream.waitForFrame(isReady);
      else await waitFor(() => stream.isEnded());
      return stream;
    }

    async function expectRefused(stream: LiveStream, message: string): Promise<void> {
      expect(stream.status).toBe(429);
      expect(Number(stream.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.parse(stream.text())).toEqual({ message, code: 'rate_limited' });
    }

    async function closeAll(): Promise<void> {
      await Promise.all(streams.splice(0).map((stream) => stream.close()));
      await waitFor(() => app.liveHub.subscriberCount() === 0);
    }

    it('refuses a session more streams than its limit, and admits again once one closes', async () => {
      const user = await createSessionUser(getDatabase().db);
      const first = await open(user.cookie);
      expect((await open(user.cookie)).status).toBe(200);
      await expectRefused(
        await open(user.cookie),
        'Too many live connections from this browser session (at most 2). Close some tabs and reload.',
      );
      expect(app.liveHub.subscriberCount()).toBe(2);

      await first.close();
      await waitFor(() => app.liveHub.subscriberCount() === 1);
      expect((await open(user.cookie)).status).toBe(200);
      await closeAll();
    });

    it('refuses a person more streams than their limit across sessions', async () => {
      const user = await createSessionUser(getDatabase().db);
      const otherBrowser = await newSessionCookie(getDatabase().db, user.id);
      await open(user.cookie);
      await open(user.cookie);
      expect((await open(otherBrowser)).status).toBe(200);
      await expectRefused(
        await open(otherBrowser),
        'Too many live connections for your account (at most 3). Close some tabs or sign out elsewhere.',
      );
      // Someone else is not affected.
      const colleague = await createSessionUser(getDatabase().db);
      expect((await open(colleague.cookie)).status).toBe(200);
      await closeAll();
    });

    it('refuses anyone once the instance holds its limit', async () => {
      const people = await createSessionUsers(getDatabase().db, 6);
      for (const person of people.slice(0, 5)) expect((await open(person.cookie)).status).toBe(200);
      await expectRefused(
        await open(people[5]!.cookie),
        'This server has too many live connections right now. Try again shortly.',
      );
      expect(app.liveHub.subscriberCount()).toBe(5);
      await closeAll();
    });
  });
});
