import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReadinessCheck, ReadyResponse } from '@punchclock/shared/contracts/health';
import type { Database } from '../db/client.ts';
import { findUnappliedMigrations } from '../db/migration-status.ts';
import { implementEndpoint } from './endpoints.ts';

/** Where this instance is in its life; platform/shutdown.ts moves it on. */
export class Lifecycle {
  private shuttingDown = false;

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** A readiness probe must answer before the prober gives up, even if the database hangs. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/**
 * GET /api/health (liveness) and GET /api/ready (readiness), both public and free of anything
 * secret: database errors go to the log, not the answer. Also: once shutting down, every
 * response asks keep-alive clients to close, so their next request opens a connection the load
 * balancer can send to another instance.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);

  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.isShuttingDown) void reply.header('connection', 'close');
    done(null, payload);
  });

  implementEndpoint(app, 'GET /api/health', async () => ({
    status: 'ok' as const,
    database: database.kind,
  }));

  implementEndpoint(app, 'GET /api/ready', async ({ request, reply }) => {
    const checks: ReadyResponse['checks'] = {
      shutdown: lifecycle.isShuttingDown ? 'failed' : 'ok',
      database: 'skipped',
      migrations: 'skipped',
    };
    // Shutting down: the database may be closing; asking it would tell nothing useful.
    if (checks.shutdown === 'ok') {
      checks.database = await runCheck(request.log, 'database', async () => {
        await database.db.execute(sql`select 1`);
        return 'ok';
      });
    }
    if (checks.database === 'ok') {
      checks.migrations = await runCheck(request.log, 'migrations', async () => {
        const unapplied = await findUnappliedMigrations(database.db);
        if (unapplied.length === 0) return 'ok';
        request.log.warn({ unapplied }, 'readiness: migrations not applied');
        return 'failed';
      });
    }
    const isReady = Object.values(checks).every((check) => check === 'ok');
    const body: ReadyResponse = { status: isReady ? 'ready' : 'not_ready', checks };
    void reply.status(isReady ? 200 : 503).header('cache-control', 'no-store');
    return body;
  });
}

async function runCheck(
  log: FastifyInstance['log'],
  name: string,
  check: () => Promise<ReadinessCheck>,
): Promise<ReadinessCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${DATABASE_CHECK_TIMEOUT_MS} ms`)),
      DATABASE_CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([check(), timeout]);
  } catch (error) {
    log.warn({ err: error, check: name }, 'readiness check failed');
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
