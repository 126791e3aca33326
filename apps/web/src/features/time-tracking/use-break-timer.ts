import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import {
  BREAK_CHECK_INTERVAL_MS,
  BREAK_TOAST_DURATION_MS,
  getBreakTimerMessage,
  wholeMinutesSince,
} from '@punchclock/shared/domain/break-timer';
import type { TimeState } from '@punchclock/shared/domain/time-state';

/**
 * product §4 break timer: check on entering the break state and every 60 s after, in whole
 * minutes since the break began. The start comes from the events, so a reload or a second
 * tab keeps counting from the real start.
 */
export function useBreakTimer(state: TimeState, stateSince: string | null, limitMinutes: number) {
  useEffect(() => {
    if (state !== 'break' || !stateSince) return;
    const startMs = Date.parse(stateSince);
    const check = () => {
      const elapsedMinutes = wholeMinutesSince(startMs, Date.now());
      const message = getBreakTimerMessage(elapsedMinutes, limitMinutes);
      if (!message) return;
      // Over the limit (not exactly at it): told from the minutes, whatever the language.
      const isOver = elapsedMinutes > limitMinutes;
      // One toast id per break: a new check replaces the previous one instead of stacking.
      const options = { id: `break-timer-${stateSince}`, duration: BREAK_TOAST_DURATION_MS };
      if (isOver) toast.error(message, options);
      else toast.warning(message, options);
    };
    check();
    const timer = window.setInterval(check, BREAK_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [state, stateSince, limitMinutes]);
}
