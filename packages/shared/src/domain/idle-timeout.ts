/** product §4/§9: warn after 55 idle minutes, sign out at 60, count down each second. */
export const IDLE_LIMIT_MS = 60 * 60 * 1000;
export const IDLE_WARNING_MS = 5 * 60 * 1000;

export type IdlePhase =
  { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'expired' };

export function getIdlePhase(
  nowMs: number,
  lastActivityMs: number,
  limitMs: number = IDLE_LIMIT_MS,
  warningMs: number = IDLE_WARNING_MS,
): IdlePhase {
  const idleMs = Math.max(0, nowMs - lastActivityMs);
  if (idleMs >= limitMs) return { phase: 'expired' };
  if (idleMs >= limitMs - warningMs) {
    return { phase: 'warning', secondsLeft: Math.ceil((limitMs - idleMs) / 1000) };
  }
  return { phase: 'active' };
}

/** m:ss, as the countdown shows it. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
