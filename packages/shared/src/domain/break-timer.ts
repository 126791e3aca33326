import { t } from '@lingui/core/macro';
/** product §9: break defaults to 15 paid minutes unless the assigned template says otherwise. */
export const DEFAULT_BREAK_MINUTES = 15;
export const LUNCH_MINUTES = 30;
export const BREAK_CHECK_INTERVAL_MS = 60_000;
export const BREAK_TOAST_DURATION_MS = 10_000;

/** Whole minutes since the break started (what the check compares with the limit). */
export function wholeMinutesSince(startMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - startMs) / 60_000));
}

/**
 * product §8 break-timer toasts: exactly at the limit, and every check beyond it.
 * Returns null while the break is within its allowance.
 */
export function getBreakTimerMessage(elapsedMinutes: number, limitMinutes: number): string | null {
  if (elapsedMinutes === limitMinutes) return t`Break time limit reached (${limitMinutes} minutes)`;
  if (elapsedMinutes > limitMinutes) {
    const overMinutes = elapsedMinutes - limitMinutes;
    return t`You are ${overMinutes} minute(s) over your break!`;
  }
  return null;
}
