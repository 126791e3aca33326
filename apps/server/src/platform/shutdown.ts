import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export interface ShutdownTarget {
  app: Pick<FastifyInstance, 'close' | 'log' | 'lifecycle'>;
  database: Pick<Database, 'close'>;
}

export interface ShutdownOptions {
  /** Exit by then whatever happens: 1 if forced, else 0 (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** process.exit in the server; tests pass a recorder. */
  exit: (code: number) => void;
}

/**
 * The graceful shutdown on SIGTERM/SIGINT, as one function (called again, it returns the same
 * run). In order:
 * 1. /api/ready answers 503 at once, and every response asks its client to close the
 *    connection (platform/health.ts), so the load balancer moves traffic to other instances.
 * 2. app.close(): first its preClose hook ends the live streams, each with a `retry:` hint
 *    (LiveHub.stop), since open streams would hold the server open. Then the listener closes
 *    (new connections are refused) and idle keep-alive connections are dropped; a request
 *    arriving on a connection still open gets Fastify's 503 (return503OnClosing) without being
 *    run. Once every request in flight has been answered, its onClose hook stops the background
 *    jobs, waiting for runs in progress (JobRunner.stop).
 * 3. The database closes (PGlite writes its data folder out here).
 * 4. exit(0). If any step hangs, exit(1) at the deadline, with a log line saying so; a second
 *    signal exits(1) at once. The server's exit waits for its log output at most briefly
 *    (platform/log-output.ts), so neither can be held up by whoever reads the logs.
 */
export function createShutdown(
  { app, database }: ShutdownTarget,
  { timeoutMs, exit }: ShutdownOptions,
): (reason: string) => Promise<void> {
  let running: Promise<void> | undefined;
  let hasExited = false;
  const exitOnce = (code: number) => {
    if (hasExited) return;
    hasExited = true;
    exit(code);
  };
  return (reason) => {
    if (running) {
      // A second SIGTERM/SIGINT: the operator (or supervisor) wants it gone now.
      app.log.warn({ reason }, 'signalled again while shutting down: exiting now');
      exitOnce(1);
      return running;
    }
    running = run(reason);
    return running;
  };

  async function run(reason: string): Promise<void> {
    const startedAt = performance.now();
    app.log.info({ reason, timeoutMs }, 'shutting down');
    app.lifecycle.markShuttingDown();
    const deadline = setTimeout(() => {
      app.log.error(
        { reason, timeoutMs },
        `shutdown did not finish within ${timeoutMs} ms: exiting anyway`,
      );
      exitOnce(1);
    }, timeoutMs);

    let code = 0;
    try {
      await app.close();
    } catch (error) {
      code = 1;
      app.log.error({ err: error }, 'shutdown: closing the HTTP server failed');
    }
    try {
      await database.close();
    } catch (error) {
      code = 1;
      app.log.error({ err: error }, 'shutdown: closing the database failed');
    }
    clearTimeout(deadline);
    if (hasExited) return;
    app.log.info({ ms: Math.round(performance.now() - startedAt) }, 'shut down');
    exitOnce(code);
  }
}
