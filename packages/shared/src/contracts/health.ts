import { z } from 'zod';

/**
 * GET /api/health — liveness: the process is up and answering HTTP. It reads no database, so a
 * database outage does not get a healthy instance restarted; it keeps answering while the
 * instance shuts down (until the listener closes).
 */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** One readiness check: skipped when an earlier one already failed or it cannot mean anything. */
export const readinessCheckSchema = z.enum(['ok', 'failed', 'skipped']);
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * GET /api/ready — readiness: 200 when this instance should get traffic, 503 otherwise, with
 * which check failed. `shutdown` fails as soon as the instance starts shutting down, so a load
 * balancer stops sending it requests; `database` is a round trip (select 1); `migrations` that
 * every migration this build ships is recorded as applied.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    shutdown: readinessCheckSchema,
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
