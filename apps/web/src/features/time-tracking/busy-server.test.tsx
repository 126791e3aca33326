import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TimeTrackingApi from './api';
import type * as OfflineQueue from './offline-queue';

const USER = 'ann';

/** The module reads the stored queue as it loads, so each test loads fresh copies. */
async function loadModules(): Promise<{ api: typeof TimeTrackingApi; queue: typeof OfflineQueue }> {
  vi.resetModules();
  const queue = await import('./offline-queue');
  await queue.pendingActionsLoaded;
  return { api: await import('./api'), queue };
}

interface Sent {
  id: string;
  eventType: string;
}

/** POST /api/time-events answered from `answers` in turn (the last one again when they run out). */
function stubServer(answers: ('busy' | 'recorded')[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Sent;
      sent.push(body);
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      if (answer === 'busy') {
        return new Response(
          JSON.stringify({
            message: 'The server is busy. Please try again in a moment.',
            code: 'busy',
          }),
          { status: 503, headers: { 'retry-after': '1' } },
        );
      }
      const event = {
        id: body.id,
        eventType: body.eventType,
        occurredAt: '2026-11-27T14:00:00.000Z',
        date: '2026-11-27',
        shiftDate: '2026-11-27',
        source: 'web',
      };
      return new Response(
        JSON.stringify({ event, isReplay: false, needsReview: false, warning: null }),
        { status: 201 },
      );
    }),
  );
  return sent;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return createElement(QueryClientProvider, { client }, children);
}

beforeEach(async () => {
  localStorage.clear();
  await clear(createStore('punchclock-offline', 'queue'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a punch the server is too busy to take (503 + Retry-After)', () => {
  it('is kept on the device and sent again, with the same id, once the server said to', async () => {
    const { api, queue } = await loadModules();
    const sent = stubServer(['busy', 'recorded']);
    const { result } = renderHook(
      () => {
        api.usePendingSync(USER);
        return api.useRecordTimeEvent(USER, 'none');
      },
      { wrapper },
    );

    let outcome: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync('clock_in');
    });
    expect(outcome).toMatchObject({ isQueued: true, isBusy: true });
    expect(queue.listPendingActions(USER).map((action) => action.eventType)).toEqual(['clock_in']);

    // Retry-After: 1 — sent again about a second later, not at the next 30-second round.
    await waitFor(() => expect(queue.listPendingActions(USER)).toEqual([]), { timeout: 5_000 });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.id).toBe(sent[0]!.id);
  }, 15_000);

  it('is not dropped from the offline queue when sending it is refused as busy', async () => {
    const { api, queue } = await loadModules();
    await queue.enqueuePendingAction({
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      userId: USER,
      eventType: 'clock_in',
      capturedAt: '2026-11-27T13:55:00.000Z',
    });
    const sent = stubServer(['busy', 'busy', 'recorded']);
    renderHook(() => api.usePendingSync(USER), { wrapper });

    await waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(1));
    expect(queue.listPendingActions(USER)).toHaveLength(1);
    await waitFor(() => expect(queue.listPendingActions(USER)).toEqual([]), { timeout: 8_000 });
    expect(sent.map((each) => each.id)).toEqual([
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    ]);
  }, 15_000);
});
