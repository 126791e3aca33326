import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { listenOnFreePort, openLiveStream } from '../test/live-stream.ts';
import { createSessionUser, postTimeEvent, waitFor } from '../test/time-tracking.ts';
import { JobRunner } from './job-runner.ts';
import { AppMetrics, loadPromClient } from './metrics.ts';

const TOKEN = 'test-metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase('metrics', (getDatabase) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database, { metricsToken: TOKEN });
  });
  afterAll(() => app.close());

  const scrape = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('is off (404) unless METRICS_TOKEN is set', async () => {
    const plain = await buildTestApp(getDatabase().database);
    try {
      const response = await plain.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(plain.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('refuses a missing, wrong or non-Bearer token with 401', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-but-long-enough',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('punchclock_');
    }
  });

  it('serves Prometheus text with the app’s and the process’s metrics', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'punchclock_http_request_duration_seconds',
      'punchclock_punches_recorded_total',
      'punchclock_job_runs_total',
      'punchclock_job_failures_total',
      'punchclock_job_duration_seconds',
      'punchclock_live_clients',
      'punchclock_db_pool_connections',
      'punchclock_db_pool_idle_connections',
      'punchclock_db_pool_waiting_queries',
      'punchclock_db_pool_max_connections',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
  });

  it('counts requests under their route pattern, never the raw URL', async () => {
    const id = randomUUID();
    // Not signed in: 401, but the route was matched.
    await app.inject({ method: 'GET', url: `/api/reports/recompute/${id}` });
    await app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const text = await scrape();
    expect(
      sample(
        text,
        'punchclock_http_request_duration_seconds_count{method="GET",route="/api/reports/recompute/:id",status_code="401"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'punchclock_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(id);
  });

  it('counts a recorded punch by kind, and not its replay', async () => {
    const user = await createSessionUser(getDatabase().db);
    const series = 'punchclock_punches_recorded_total{kind="clock_in"}';
    const before = sample(await scrape(), series) ?? 0;
    const id = randomUUID();
    expect((await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' })).statusCode).toBe(
      201,
    );
    expect(sample(await scrape(), series)).toBe(before + 1);
    expect((await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' })).statusCode).toBe(
      200,
    );
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('reports open live streams and the database pool', async () => {
    const user = await createSessionUser(getDatabase().db);
    const baseUrl = await listenOnFreePort(app);
    expect(sample(await scrape(), 'punchclock_live_clients')).toBe(0);
    const stream = await openLiveStream(baseUrl, user.cookie);
    try {
      await stream.waitForFrame((frame) => frame.event === 'ready');
      expect(sample(await scrape(), 'punchclock_live_clients')).toBe(1);
    } finally {
      await stream.close();
    }
    await waitFor(async () => sample(await scrape(), 'punchclock_live_clients') === 0);

    const text = await scrape();
    if (getDatabase().kind === 'pglite') {
      expect(sample(text, 'punchclock_db_pool_connections')).toBe(1);
      expect(sample(text, 'punchclock_db_pool_max_connections')).toBe(1);
    } else {
      // The test pool (test/databases.ts) opens at most 4.
      expect(sample(text, 'punchclock_db_pool_max_connections')).toBe(4);
      expect(sample(text, 'punchclock_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'punchclock_db_pool_waiting_queries')).toBe(0);
    }
  });
});

describe('background job metrics', () => {
  it('counts runs, failures and durations per job', async () => {
    const metrics = new AppMetrics(
      {
        liveClients: () => 0,
        poolStats: () => ({ total: 1, idle: 0, waiting: 0, max: 1 }),
      },
      await loadPromClient(),
    );
    const log = { error: () => {} } as unknown as FastifyBaseLogger;
    const runner = new JobRunner(log, metrics);
    let brokenRuns = 0;
    runner.every('broken', 5, async () => {
      brokenRuns += 1;
      throw new Error('boom');
    });
    runner.every('fine', 5, async () => {});
    try {
      await waitFor(() => brokenRuns >= 2);
    } finally {
      await runner.stop();
    }
    const text = await metrics.registry.metrics();
    const runs = sample(text, 'punchclock_job_runs_total{job="broken"}');
    expect(runs).toBe(brokenRuns);
    expect(sample(text, 'punchclock_job_failures_total{job="broken"}')).toBe(brokenRuns);
    expect(sample(text, 'punchclock_job_duration_seconds_count{job="broken"}')).toBe(brokenRuns);
    expect(sample(text, 'punchclock_job_runs_total{job="fine"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'punchclock_job_failures_total{job="fine"}')).toBeUndefined();
  });
});
