import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as OfflineQueue from './offline-queue';

/** The module reads the stored queue as it loads, so each test loads a fresh copy. */
async function loadQueue(): Promise<typeof OfflineQueue> {
  vi.resetModules();
  const queue = await import('./offline-queue');
  await queue.pendingActionsLoaded;
  return queue;
}

const action = (id: string, userId: string, capturedAt: string) =>
  ({ id, userId, eventType: 'clock_in', capturedAt }) as const;

beforeEach(async () => {
  localStorage.clear();
  await clear(createStore('punchclock-offline', 'queue'));
});
afterEach(() => {
  localStorage.clear();
});

describe('the offline queue', () => {
  it('keeps actions across a reload, oldest first, per person, each id once', async () => {
    const first = await loadQueue();
    await first.enqueuePendingAction(action('b', 'ann', '2026-11-24T10:05:00.000Z'));
    await first.enqueuePendingAction(action('a', 'ann', '2026-11-24T10:00:00.000Z'));
    await first.enqueuePendingAction(action('a', 'ann', '2026-11-24T10:00:00.000Z'));
    await first.enqueuePendingAction(action('c', 'bob', '2026-11-24T09:00:00.000Z'));

    const reloaded = await loadQueue();
    expect(reloaded.listPendingActions('ann').map((queued) => queued.id)).toEqual(['a', 'b']);
    expect(reloaded.listPendingActions('bob').map((queued) => queued.id)).toEqual(['c']);

    await reloaded.removePendingAction('a');
    expect((await loadQueue()).listPendingActions('ann').map((queued) => queued.id)).toEqual(['b']);
  });

  it('moves a queue an older version left in localStorage, without losing or doubling', async () => {
    const seeded = await loadQueue();
    await seeded.enqueuePendingAction(action('a', 'ann', '2026-11-24T10:00:00.000Z'));
    localStorage.setItem(
      'punchclock:pending-time-actions',
      JSON.stringify([
        action('a', 'ann', '2026-11-24T10:00:00.000Z'),
        action('old', 'ann', '2026-11-24T08:00:00.000Z'),
        { id: 'broken' },
      ]),
    );
    const upgraded = await loadQueue();
    expect(upgraded.listPendingActions('ann').map((queued) => queued.id)).toEqual(['old', 'a']);
    expect(localStorage.getItem('punchclock:pending-time-actions')).toBeNull();
  });

  it('tells subscribers when the queue changes', async () => {
    const queue = await loadQueue();
    const listener = vi.fn();
    const unsubscribe = queue.subscribePendingActions(listener);
    const before = queue.readPendingVersion();
    await queue.enqueuePendingAction(action('a', 'ann', '2026-11-24T10:00:00.000Z'));
    expect(listener).toHaveBeenCalled();
    expect(queue.readPendingVersion()).not.toBe(before);
    unsubscribe();
  });
});
