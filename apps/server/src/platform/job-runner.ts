import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

/** Told about every finished run (platform/metrics.ts counts them). */
export interface JobObserver {
  runFinished(job: string, seconds: number, failed: boolean): void;
}

/** What a feature's jobs are scheduled with: the runner and the app's database, settings and log. */
export interface JobContext {
  jobs: JobRunner;
  database: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * A feature's own scheduled jobs (its index.ts exports one); app.ts calls each feature's in turn
 * when jobs are enabled, so adding a job never touches app.ts.
 */
export type ScheduleJobs = (context: JobContext) => void;

/**
 * Runs background jobs on a timer in every instance. Jobs must be safe to run concurrently on
 * several instances (they take a database advisory lock and write under unique keys), so no
 * job state lives only in this process.
 */
export class JobRunner {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();
  private stoppers: (() => Promise<void>)[] = [];

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

  /**
   * Work a job starts and leaves running past its run (the webhook sends in flight) is also
   * waited for on stop.
   */
  onStop(stopper: () => Promise<void>): void {
    this.stoppers.push(stopper);
  }

  /** Stop scheduling and wait for runs in progress, so the database can close cleanly. */
  async stop(): Promise<void> {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    const stoppers = this.stoppers;
    this.stoppers = [];
    await Promise.all([Promise.allSettled([...this.running]), ...stoppers.map((stop) => stop())]);
  }
}
