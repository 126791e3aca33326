import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Counter, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client.ts';
import type { JobObserver } from './job-runner.ts';
import { lazyImport } from './lazy-import.ts';

/** prom-client loads only when metrics are on (METRICS_TOKEN), not on every server. */
export const loadPromClient = lazyImport(() => import('prom-client'));
type PromClient = Awaited<ReturnType<typeof loadPromClient>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** null unless METRICS_TOKEN is set: then everything here is counted. */
    metrics: AppMetrics | null;
  }
}

/** What the gauges read when Prometheus scrapes. */
export interface MetricsSources {
  liveClients(): number;
  poolStats(): PoolStats;
}

/** A request no route matched: one label value, so scanners cannot blow up the series count. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * This app's metrics, in a Registry of its own (not prom-client's global one), so several apps
 * in one process (the tests) do not collide and each scrape shows only its own app.
 */
export class AppMetrics implements JobObserver {
  readonly registry: Registry;
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly punches: Counter<'kind'>;
  private readonly jobRuns: Counter<'job'>;
  private readonly jobFailures: Counter<'job'>;
  private readonly jobDuration: Histogram<'job'>;

  constructor(sources: MetricsSources, prom: PromClient) {
    const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = prom;
    this.registry = new Registry();
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'punchclock_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern, method and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.punches = new Counter({
      name: 'punchclock_punches_recorded_total',
      help: 'Punches recorded (replays of one already stored are not counted), by kind',
      labelNames: ['kind'],
      registers,
    });
    this.jobRuns = new Counter({
      name: 'punchclock_job_runs_total',
      help: 'Background job runs finished (failed ones too), by job',
      labelNames: ['job'],
      registers,
    });
    this.jobFailures = new Counter({
      name: 'punchclock_job_failures_total',
      help: 'Background job runs that failed, by job',
      labelNames: ['job'],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'punchclock_job_duration_seconds',
      help: 'Background job run duration, by job',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
      registers,
    });
    new Gauge({
      name: 'punchclock_live_clients',
      help: 'Open live-update (Server-Sent Events) streams on this instance',
      registers,
      collect() {
        this.set(sources.liveClients());
      },
    });
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(sources.poolStats()));
        },
      });
    poolGauge(
      'punchclock_db_pool_connections',
      'Database connections open, in use or idle (PGlite: 1)',
      (stats) => stats.total,
    );
    poolGauge(
      'punchclock_db_pool_idle_connections',
      'Database connections open and idle (PGlite: 0, not tracked)',
      (stats) => stats.idle,
    );
    poolGauge(
      'punchclock_db_pool_waiting_queries',
      'Queries waiting for a free database connection (PGlite: 0, not tracked)',
      (stats) => stats.waiting,
    );
    poolGauge(
      'punchclock_db_pool_max_connections',
      'The most database connections the pool opens',
      (stats) => stats.max,
    );
  }

  observeRequest(method: string, route: string | undefined, reply: FastifyReply): void {
    this.requestDuration.observe(
      { method, route: route ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  }

  punchRecorded(kind: string): void {
    this.punches.inc({ kind });
  }

  runFinished(job: string, seconds: number, failed: boolean): void {
    this.jobRuns.inc({ job });
    if (failed) this.jobFailures.inc({ job });
    this.jobDuration.observe({ job }, seconds);
  }
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function isSameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /api/metrics in Prometheus' text format. Off unless a token is configured (then the
 * route does not exist: 404); with one, the scraper must send `Authorization: Bearer <token>`.
 */
export async function registerMetrics(
  app: FastifyInstance,
  token: string | null,
  sources: MetricsSources,
): Promise<void> {
  if (!token) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = new AppMetrics(sources, await loadPromClient());
  app.decorate('metrics', metrics);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply);
    done();
  });

  app.get('/api/metrics', { config: { access: 'public' } }, async (request, reply) => {
    const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !isSameToken(match[1], token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid metrics token is required', code: 'unauthorized' });
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
