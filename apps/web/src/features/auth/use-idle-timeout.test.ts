import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleTimeout } from './use-idle-timeout';

const MINUTE = 60_000;
const LIMIT = 10 * MINUTE; // the warning shows for the last 5 minutes

function setUp() {
  const onExpire = vi.fn();
  const onActiveHeartbeat = vi.fn();
  const hook = renderHook(() => useIdleTimeout({ limitMs: LIMIT, onExpire, onActiveHeartbeat }));
  return { hook, onExpire, onActiveHeartbeat };
}

/** Lets time pass second by second, as the hook's clock ticks. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-24T14:00:00.000Z') });
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useIdleTimeout', () => {
  it('shows no warning while the limit is far, then counts down the last minutes', () => {
    const { hook } = setUp();
    wait(4 * MINUTE);
    expect(hook.result.current.secondsLeft).toBeNull();
    wait(MINUTE + 30_000);
    expect(hook.result.current.secondsLeft).toBe(270);
  });

  it('signs out once the limit passes without activity', () => {
    const { hook, onExpire } = setUp();
    wait(LIMIT - 1000);
    expect(onExpire).not.toHaveBeenCalled();
    wait(1000);
    expect(onExpire).toHaveBeenCalled();
    expect(hook.result.current.secondsLeft).toBeNull();
  });

  it('restarts the idle clock on activity before the warning', () => {
    const { hook, onExpire } = setUp();
    wait(4 * MINUTE);
    act(() => window.dispatchEvent(new KeyboardEvent('keydown')));
    wait(4 * MINUTE);
    expect(hook.result.current.secondsLeft).toBeNull();
    wait(5 * MINUTE);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('ignores activity while the warning shows: only "Stay logged in" keeps the session', () => {
    const { hook, onExpire, onActiveHeartbeat } = setUp();
    wait(6 * MINUTE);
    act(() => window.dispatchEvent(new MouseEvent('mousedown')));
    wait(1000);
    expect(hook.result.current.secondsLeft).toBe(239);

    act(() => hook.result.current.stayLoggedIn());
    expect(hook.result.current.secondsLeft).toBeNull();
    // Staying also tells the server, so its idle clock restarts too.
    expect(onActiveHeartbeat).toHaveBeenCalledTimes(1);
    wait(4 * MINUTE);
    expect(hook.result.current.secondsLeft).toBeNull();
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('keeps the session alive on the server at most every 5 minutes of activity', () => {
    const { onActiveHeartbeat } = setUp();
    for (let minute = 1; minute <= 12; minute += 1) {
      wait(MINUTE);
      act(() => window.dispatchEvent(new MouseEvent('click')));
    }
    // Activity at minutes 1..12; heartbeats when 5 minutes have passed since mount, then since
    // the last one: at 5 and 10.
    expect(onActiveHeartbeat).toHaveBeenCalledTimes(2);
  });

  it('counts activity in another tab (shared through localStorage)', () => {
    const { hook, onExpire } = setUp();
    wait(8 * MINUTE);
    expect(hook.result.current.secondsLeft).not.toBeNull();
    localStorage.setItem('punchclock:last-activity', String(Date.now()));
    wait(1000);
    expect(hook.result.current.secondsLeft).toBeNull();
    wait(4 * MINUTE);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
