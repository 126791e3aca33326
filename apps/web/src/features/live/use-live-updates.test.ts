import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from './use-live-updates';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    this.listeners.get(type)?.forEach((listener) => listener({ data } as MessageEvent<string>));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }
}

function setUp(isSignedIn = true) {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const hook = renderHook(() => useLiveUpdates(isSignedIn), { wrapper });
  const reread = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey ?? 'all');
  return { hook, invalidate, reread };
}

const latest = () => FakeEventSource.opened.at(-1)!;
const change = (topic: string) => latest().emit('change', JSON.stringify({ topic }));

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveUpdates', () => {
  it('opens no stream for a signed-out visitor', () => {
    setUp(false);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('re-reads the queries of a changed topic once per burst', () => {
    const { reread } = setUp();
    latest().emit('ready');
    change('approvals');
    change('approvals');
    change('approvals');
    vi.advanceTimersByTime(499);
    expect(reread()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reread()).toEqual([['approvals']]);
  });

  it('re-reads timesheets with punches, and the session on its own topic', () => {
    const { reread } = setUp();
    change('time_events');
    change('session');
    vi.advanceTimersByTime(500);
    expect(reread()).toEqual([['time-events'], ['timesheets'], ['session'], ['me', 'sessions']]);
  });

  it('re-reads everything after a reconnect, not on the first connection', () => {
    const { reread } = setUp();
    latest().emit('ready');
    vi.advanceTimersByTime(500);
    expect(reread()).toEqual([]);
    latest().emit('ready');
    vi.advanceTimersByTime(500);
    expect(reread()).toEqual(['all']);
  });

  it('reopens a refused stream after a growing, jittered delay', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter
    setUp();
    latest().refuse();
    vi.advanceTimersByTime(29_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().refuse();
    vi.advanceTimersByTime(59_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('lets EventSource retry a dropped connection itself', () => {
    setUp();
    latest().emit('error'); // still CONNECTING: the browser reconnects
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('closes the stream and drops pending re-reads on unmount', () => {
    const { hook, reread } = setUp();
    change('approvals');
    hook.unmount();
    vi.advanceTimersByTime(500);
    expect(latest().closed).toBe(true);
    expect(reread()).toEqual([]);
  });
});
