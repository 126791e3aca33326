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
 * hand: @fastify/rate-limit's stores are per-process or Redis, and sign-in needs two keys
 * (per IP on every attempt, per account on failures only) that one route-level limiter
 * cannot express.
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

/** The window's total without counting a hit (0 once the window has passed). */
export async function peekHits(db: Db, key: string, window: WindowLimit): Promise<LimitState> {
  const interval = sql`make_interval(secs => ${window.windowSeconds})`;
  const [row] = await db
    .select({
      hits: sql<number>`case when ${rateLimits.windowStartedAt} <= now() - ${interval} then 0 else ${rateLimits.hits} end`,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${interval} - now())))::int`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row ?? { hits: 0, retryAfterSeconds: 0 };
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
