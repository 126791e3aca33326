import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, NotificationListener } from '../db/client.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { waitFor } from '../test/time-tracking.ts';
import { LIVE_CHANNEL, LiveHub, notifyLive, notifyLiveAll } from './live-events.ts';

/** Enough of a ServerResponse for the hub: records writes, emits close, can end. */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  ended = false;
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }
  end(chunk?: string): this {
    if (chunk !== undefined) this.chunks.push(chunk);
    this.ended = true;
    this.emit('close');
    return this;
  }
  /** The SSE frames written, parsed. */
  frames(): { id: string | undefined; event: string | undefined; data: unknown }[] {
    return this.chunks
      .filter((chunk) => chunk.startsWith('id:'))
      .map((chunk) => {
        const fields = Object.fromEntries(
          chunk
            .trim()
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        return { id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? 'null') };
      });
  }
}

/** A database whose LISTEN is a hand-held listener. */
function fakeDatabase() {
  const state: { listener?: NotificationListener; channel?: string; stopped: number } = {
    stopped: 0,
  };
  const database = {
    kind: 'pglite',
    async listen(channel: string, listener: NotificationListener) {
      state.channel = channel;
      state.listener = listener;
      return async () => {
        state.stopped += 1;
      };
    },
  } as unknown as Database;
  const notify = (payload: unknown) =>
    state.listener?.onNotification(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return { database, state, notify };
}

const asResponse = (fake: FakeResponse) => fake as unknown as ServerResponse;
/** A signed-in employee's tab, each in a browser session of its own. */
const viewer = (userId: string) => ({ sessionId: randomUUID(), userId, role: null });

describe('LiveHub', () => {
  const hubs: LiveHub[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
  });

  async function startHub() {
    const fake = fakeDatabase();
    const hub = new LiveHub({ perSession: 100, perUser: 100, perInstance: 1000 });
    hubs.push(hub);
    await hub.start(fake.database);
    return { hub, ...fake };
  }

  it('listens on the punchclock_live channel', async () => {
    const { state } = await startHub();
    expect(LIVE_CHANNEL).toBe('punchclock_live');
    expect(state.channel).toBe(LIVE_CHANNEL);
  });

  it('greets a new subscriber with a ready frame', async () => {
    const { hub } = await startHub();
    const response = new FakeResponse();
    hub.subscribe(viewer(randomUUID()), asResponse(response));
    expect(response.frames()).toEqual([{ id: '1', event: 'ready', data: { topic: 'all' } }]);
    expect(hub.subscriberCount()).toBe(1);
  });

  it('forwards a change to every stream of that user and no one else', async () => {
    const { hub, notify } = await startHub();
    const alice = randomUUID();
    const laptop = new FakeResponse();
    const phone = new FakeResponse();
    const bob = new FakeResponse();
    hub.subscribe(viewer(alice), asResponse(laptop));
    hub.subscribe(viewer(alice), asResponse(phone));
    hub.subscribe(viewer(randomUUID()), asResponse(bob));

    notify({ userId: alice, topic: 'time_events' });

    for (const stream of [laptop, phone]) {
      expect(stream.frames().at(-1)).toMatchObject({
        event: 'change',
        data: { topic: 'time_events' },
      });
      expect(stream.chunks.at(-1)).toMatch(
        /^id: \d+\nevent: change\ndata: \{"topic":"time_events"\}\n\n$/,
      );
    }
    expect(bob.frames().map((frame) => frame.event)).toEqual(['ready']);
  });

  it('forwards each message of a batched NOTIFY (a JSON array), skipping one it does not understand', async () => {
    const { hub, notify } = await startHub();
    const alice = randomUUID();
    const tab = new FakeResponse();
    hub.subscribe(viewer(alice), asResponse(tab));
    const admin = new FakeResponse();
    hub.subscribe(
      { sessionId: randomUUID(), userId: randomUUID(), role: 'admin' },
      asResponse(admin),
    );

    notify([
      { userId: alice, topic: 'time_events' },
      { role: 'admin', topic: 'team_activity' },
    ]);
    expect(
      tab
        .frames()
        .slice(1)
        .map((frame) => frame.data),
    ).toEqual([{ topic: 'time_events' }]);
    expect(
      admin
        .frames()
        .slice(1)
        .map((frame) => frame.data),
    ).toEqual([{ topic: 'team_activity' }]);

    notify([{ nonsense: true }, { userId: alice, topic: 'notifications' }]);
    expect(tab.frames().at(-1)?.data).toEqual({ topic: 'notifications' });
    expect(tab.frames()).toHaveLength(3);
  });

  it('numbers frames in increasing order', async () => {
    const { hub, notify } = await startHub();
    const user = randomUUID();
    const response = new FakeResponse();
    hub.subscribe(viewer(user), asResponse(response));
    notify({ userId: user, topic: 'time_events' });
    notify({ userId: user, topic: 'notifications' });
    const ids = response.frames().map((frame) => Number(frame.id));
    expect(ids).toHaveLength(3);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
  });

  it.each([
    ['not JSON', 'hello'],
    ['an unknown topic', { userId: randomUUID(), topic: 'salaries' }],
    ['a user id that is not a UUID', { userId: 'alice', topic: 'time_events' }],
    ['no user', { topic: 'time_events' }],
  ])('ignores a payload with %s', async (_label, payload) => {
    const { hub, notify } = await startHub();
    const response = new FakeResponse();
    hub.subscribe(viewer(randomUUID()), asResponse(response));
    expect(() => notify(payload)).not.toThrow();
    expect(response.frames()).toHaveLength(1);
  });

  it('tells every stream to re-read everything after the LISTEN connection came back', async () => {
    const { hub, state } = await startHub();
    const first = new FakeResponse();
    const second = new FakeResponse();
    hub.subscribe(viewer(randomUUID()), asResponse(first));
    hub.subscribe(viewer(randomUUID()), asResponse(second));
    state.listener?.onReconnect();
    for (const stream of [first, second]) {
      expect(stream.frames().at(-1)).toMatchObject({ event: 'change', data: { topic: 'all' } });
    }
  });

  it('drops a subscriber whose browser went away', async () => {
    const { hub, notify } = await startHub();
    const user = randomUUID();
    const response = new FakeResponse();
    hub.subscribe(viewer(user), asResponse(response));
    response.emit('close');
    expect(hub.subscriberCount()).toBe(0);
    notify({ userId: user, topic: 'time_events' });
    expect(response.frames()).toHaveLength(1);
  });

  it('sends a heartbeat comment every 25 seconds', async () => {
    vi.useFakeTimers();
    const { hub } = await startHub();
    const response = new FakeResponse();
    hub.subscribe(viewer(randomUUID()), asResponse(response));
    vi.advanceTimersByTime(24_999);
    expect(response.chunks).not.toContain(': ping\n\n');
    vi.advanceTimersByTime(1);
    expect(response.chunks.filter((chunk) => chunk === ': ping\n\n')).toHaveLength(1);
    vi.advanceTimersByTime(25_000);
    expect(response.chunks.filter((chunk) => chunk === ': ping\n\n')).toHaveLength(2);
  });

  it('stop() ends every open stream, stops listening and the heartbeat', async () => {
    vi.useFakeTimers();
    const { hub, state, notify } = await startHub();
    const user = randomUUID();
    const responses = [new FakeResponse(), new FakeResponse()];
    for (const response of responses) hub.subscribe(viewer(user), asResponse(response));

    await hub.stop();

    expect(responses.every((response) => response.ended)).toBe(true);
    expect(hub.subscriberCount()).toBe(0);
    expect(state.stopped).toBe(1);
    const written = responses.map((response) => response.chunks.length);
    vi.advanceTimersByTime(60_000);
    notify({ userId: user, topic: 'time_events' });
    expect(responses.map((response) => response.chunks.length)).toEqual(written);
  });

  it('stop() tells each browser to reconnect after 1–5 s, spread so they do not come back at once', async () => {
    const { hub } = await startHub();
    const responses = [new FakeResponse(), new FakeResponse(), new FakeResponse()];
    for (const response of responses) hub.subscribe(viewer(randomUUID()), asResponse(response));
    const draws = [0, 0.5, 0.9999];

    await hub.stop(() => draws.shift() ?? 0);

    expect(responses.map((response) => response.chunks.at(-1))).toEqual([
      'retry: 1000\n\n',
      'retry: 3000\n\n',
      'retry: 4999\n\n',
    ]);
  });
});

describeEachDatabase('notifyLive', (getDatabase) => {
  async function listen() {
    const payloads: string[] = [];
    const stop = await getDatabase().database.listen(LIVE_CHANNEL, {
      onNotification: (payload) => payloads.push(payload),
      onReconnect: () => {},
    });
    return { payloads, stop };
  }

  it('is delivered when the transaction commits, with ids only', async () => {
    const { payloads, stop } = await listen();
    try {
      const userId = randomUUID();
      await getDatabase().db.transaction(async (tx) => {
        await notifyLive(tx, userId, 'time_events');
      });
      await waitFor(() => expect(payloads).toHaveLength(1));
      expect(JSON.parse(payloads[0] ?? '')).toEqual({ userId, topic: 'time_events' });
    } finally {
      await stop();
    }
  });

  it('is not delivered when the transaction rolls back', async () => {
    const { payloads, stop } = await listen();
    try {
      const rolledBack = randomUUID();
      await expect(
        getDatabase().db.transaction(async (tx) => {
          await notifyLive(tx, rolledBack, 'time_events');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      // A later commit is delivered; the rolled-back one never is.
      const committed = randomUUID();
      await getDatabase().db.transaction((tx) => notifyLive(tx, committed, 'notifications'));
      await waitFor(() => expect(payloads).toHaveLength(1));
      expect(JSON.parse(payloads[0] ?? '')).toEqual({ userId: committed, topic: 'notifications' });
    } finally {
      await stop();
    }
  });
});

describeEachDatabase('notifyLiveAll', (getDatabase) => {
  it('sends thousands of messages as JSON arrays, each NOTIFY under the 8,000-byte limit, at commit', async () => {
    const payloads: string[] = [];
    const stop = await getDatabase().database.listen(LIVE_CHANNEL, {
      onNotification: (payload) => payloads.push(payload),
      onReconnect: () => {},
    });
    try {
      const messages = Array.from({ length: 2_000 }, (_, index) => ({
        userId: randomUUID(),
        topic: index % 2 === 0 ? ('notifications' as const) : ('time_events' as const),
      }));
      await getDatabase().db.transaction(async (tx) => {
        await notifyLiveAll(tx, messages);
        await notifyLiveAll(tx, []);
      });
      await waitFor(() =>
        expect(payloads.flatMap((payload) => JSON.parse(payload) as unknown[])).toHaveLength(2_000),
      );
      expect(payloads.length).toBeGreaterThan(1);
      for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
      expect(payloads.flatMap((payload) => JSON.parse(payload) as unknown[])).toEqual(messages);
    } finally {
      await stop();
    }
  });
});

describeEachDatabase('LiveHub across two instances', (getDatabase) => {
  it('a change committed through one instance reaches a stream on the other, and a stream that comes back is told to re-read everything', async () => {
    const second = await getDatabase().openSecondConnection();
    const limits = { perSession: 10, perUser: 10, perInstance: 100 };
    const [hubA, hubB] = [new LiveHub(limits), new LiveHub(limits)];
    await hubA.start(getDatabase().database);
    await hubB.start(second);
    try {
      const userId = randomUUID();
      const onB = new FakeResponse();
      hubB.subscribe(viewer(userId), asResponse(onB));
      await getDatabase().db.transaction((tx) => notifyLive(tx, userId, 'time_events'));
      await waitFor(() =>
        expect(onB.frames().map((frame) => frame.data)).toContainEqual({ topic: 'time_events' }),
      );

      // Away while something changes, then back on instance A (EventSource sends Last-Event-ID;
      // whatever it says, the first frame tells the browser to re-read every live view).
      onB.end();
      await second.db.transaction((tx) => notifyLive(tx, userId, 'notifications'));
      const backOnA = new FakeResponse();
      hubA.subscribe(viewer(userId), asResponse(backOnA));
      expect(backOnA.frames()[0]).toMatchObject({ event: 'ready', data: { topic: 'all' } });
    } finally {
      await Promise.all([hubA.stop(), hubB.stop()]);
      await second.close();
    }
  });
});
