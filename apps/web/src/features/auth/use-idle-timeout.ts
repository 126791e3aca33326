import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { getIdlePhase, IDLE_WARNING_MS } from '@punchclock/shared/domain/idle-timeout';

// Shared by every tab: working in one tab keeps the others signed in too.
const LAST_ACTIVITY_KEY = 'punchclock:last-activity';
const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

function readLastActivity(fallback: number): number {
  const stored = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(stored) && stored > 0 ? Math.max(stored, fallback) : fallback;
}

interface IdleTimeoutOptions {
  limitMs: number;
  onExpire: () => void;
  /** Called at most every few minutes while the user is active, to keep the server session alive. */
  onActiveHeartbeat: () => void;
}

const HEARTBEAT_EVERY_MS = 5 * 60 * 1000;

/** Tracks activity and returns the warning countdown (null when no warning is due). */
export function useIdleTimeout({ limitMs, onExpire, onActiveHeartbeat }: IdleTimeoutOptions) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(0); // set on mount by markActive()
  // The session was read just before the shell mounted: the first heartbeat is due a full
  // interval after mount, not at mount (which read the session a second time).
  const lastHeartbeat = useRef<number | null>(null);
  const isWarning = useRef(false);
  const callbacks = useRef({ onExpire, onActiveHeartbeat });
  useLayoutEffect(() => {
    callbacks.current = { onExpire, onActiveHeartbeat };
  });

  const markActive = useCallback(() => {
    const now = Date.now();
    lastHeartbeat.current ??= now;
    lastActivity.current = now;
    localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
    if (now - lastHeartbeat.current >= HEARTBEAT_EVERY_MS) {
      lastHeartbeat.current = now;
      callbacks.current.onActiveHeartbeat();
    }
  }, []);

  useEffect(() => {
    markActive();
    const onActivity = () => {
      // While the warning shows, only "Stay Logged In" counts as staying.
      if (!isWarning.current) markActive();
    };
    ACTIVITY_EVENTS.forEach((name) =>
      window.addEventListener(name, onActivity, { passive: true, capture: true }),
    );
    const timer = window.setInterval(() => {
      const now = Date.now();
      lastActivity.current = readLastActivity(lastActivity.current);
      const phase = getIdlePhase(
        now,
        lastActivity.current,
        limitMs,
        Math.min(IDLE_WARNING_MS, limitMs),
      );
      isWarning.current = phase.phase === 'warning';
      if (phase.phase === 'expired') {
        setSecondsLeft(null);
        callbacks.current.onExpire();
      } else {
        setSecondsLeft(phase.phase === 'warning' ? phase.secondsLeft : null);
      }
    }, 1000);
    return () => {
      ACTIVITY_EVENTS.forEach((name) =>
        window.removeEventListener(name, onActivity, { capture: true }),
      );
      window.clearInterval(timer);
    };
  }, [limitMs, markActive]);

  const stayLoggedIn = useCallback(() => {
    isWarning.current = false;
    setSecondsLeft(null);
    lastHeartbeat.current = 0; // force a heartbeat so the server's idle clock restarts too
    markActive();
  }, [markActive]);

  return { secondsLeft, stayLoggedIn };
}
