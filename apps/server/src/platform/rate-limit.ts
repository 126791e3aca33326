import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

export interface LimitState {
  hits: number;
  retryAfterSeconds: number;
}

/*
 * Fixed-window counters in the database so every instance sees the same count. Written by
 * hand: @fastify/rate-limit's stores are per-process or Redis, and sign-in counts failures
 * only, under three keys at once (address, account at that address, account overall), and
 * gives a hit back when the attempt succeeds — none of which a route-level limiter expresses.
 */

/** Count one hit and return the window's total. */
export async function recordHit(db: Db, key: string, window: WindowLimit): Promise<LimitState> {
  const interval = sql`make_interval(secs => ${window.windowSeconds})`;
  const expired = sql`${rateLimits.windowStartedAt} <= now() - ${interval}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${interval} - now())))::int`,
    });
  return row ?? { hits: 0, retryAfterSeconds: 0 };
}

/**
 * Takes back one hit counted by recordHit (the attempt it reserved did not fail). Never below
 * zero; if the window rolled over meanwhile, the new window loses at most that one hit.
 */
export async function releaseHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
