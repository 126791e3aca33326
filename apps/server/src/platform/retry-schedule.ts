/**
 * When a failed delivery (a webhook, an email) is tried again: exponential backoff from `baseSeconds` (5 s by default:
 * 5 s, 20 s, 80 s, 5 min, 21 min, 85 min, then every 6 h), until its retry window (24 h) ends.
 */
export const MAX_RETRY_DELAY_SECONDS = 6 * 3600;

export function retryDelaySeconds(attemptsMade: number, baseSeconds: number): number {
  const exponent = Math.max(0, attemptsMade - 1);
  return Math.min(baseSeconds * 4 ** exponent, MAX_RETRY_DELAY_SECONDS);
}
