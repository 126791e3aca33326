import type { FastifyBaseLogger } from 'fastify';

/** Told about every finished run (platform/metrics.ts counts them). */
export interface JobObserver {
  runFinished(job: string, seconds: number, failed: boolean): void;
}

/**
 * Runs background jobs on a timer in every instance. Jobs must be safe to run concurrently on
 * several instances (they take a database advisory lock and write under unique keys), so no
 * job state lives only in this process.
 */
export class JobRunner {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly observer?: JobObserver,
  ) {}

  every(name: string, intervalMs: number, job: () => Promise<unknown>): void {
    let isBusy = false;
    const tick = () => {
      if (isBusy) return; // a slow run is never overlapped by the next tick
      isBusy = true;
      const startedAt = performance.now();
      const finished = (failed: boolean) =>
        this.observer?.runFinished(name, (performance.now() - startedAt) / 1000, failed);
      // A job that throws before returning its promise must not escape into the timer.
      const run = new Promise<unknown>((resolve) => resolve(job()))
        .then(
          () => finished(false),
          (error: unknown) => {
            this.log.error({ err: error, job: name }, 'job failed');
            finished(true);
          },
        )
        .finally(() => {
          isBusy = false;
          this.running.delete(run);
        });
      this.running.add(run);
    };
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** Stop scheduling and wait for runs in progress, so the database can close cleanly. */
  async stop(): Promise<void> {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }
}
