import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import type { AppMetrics } from '../../platform/metrics.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { listPunchChanges } from './punch-changes.ts';
import { getHistory, getToday, recordTimeEvent, recordTimeEventFor } from './service.ts';

export function registerTimeTrackingRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const metrics: AppMetrics | null = app.metrics;
  implementEndpoint(app, 'GET /api/time-events/today', async ({ request }) =>
    getToday(db, config.timeZone, requireAuth(request).userId),
  );

  implementEndpoint(app, 'POST /api/time-events', async ({ request, reply }) => {
    const result = await recordTimeEvent(
      db,
      config,
      requireAuth(request).userId,
      request.body,
      getRequestMeta(request),
    );
    void reply.status(result.isReplay ? 200 : 201);
    if (!result.isReplay) metrics?.punchRecorded(result.event.eventType);
    return result;
  });

  // Another clock or a badge system punching for a person (#18 point 2): an admin's token.
  implementEndpoint(app, 'POST /api/users/:id/time-events', async ({ request, reply, params }) => {
    const result = await recordTimeEventFor(
      db,
      config,
      params.id,
      request.body,
      getRequestMeta(request),
      requireAuth(request).userId,
    );
    void reply.status(result.isReplay ? 200 : 201);
    if (!result.isReplay) metrics?.punchRecorded(result.event.eventType);
    return result;
  });

  implementEndpoint(app, 'GET /api/time-events/history', async ({ request }) =>
    getHistory(db, config.timeZone, requireAuth(request).userId, request.query),
  );
  // Everyone's punches and corrections changed since a moment: systems that keep a copy
  // (payroll, badge systems) with the punches:read scope (decision 0041).
  implementEndpoint(app, 'GET /api/punches', async ({ request }) =>
    listPunchChanges(db, request.query),
  );
}
