import type { FastifyInstance } from 'fastify';
import type {
  HistoryResponse,
  RecordTimeEventResponse,
  TodayResponse,
} from '@punchclock/shared/contracts/time-tracking';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import type { AppMetrics } from '../../platform/metrics.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { listPunchChanges } from './punch-changes.ts';
import { getHistory, getToday, recordTimeEvent, recordTimeEventFor } from './service.ts';

export function registerTimeTrackingRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const metrics: AppMetrics | null = app.metrics;
  app.get(
    '/api/time-events/today',
    { config: { access: 'signed-in' } },
    async (request): Promise<TodayResponse> =>
      getToday(db, config.timeZone, requireAuth(request).userId),
  );

  app.post(
    '/api/time-events',
    { config: { access: 'signed-in' } },
    async (request, reply): Promise<RecordTimeEventResponse> => {
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
    },
  );

  // Another clock or a badge system punching for a person (#18 point 2): an admin's token.
  app.post<{ Params: { id: string } }>(
    '/api/users/:id/time-events',
    { config: { access: 'admin' } },
    async (request, reply): Promise<RecordTimeEventResponse> => {
      const result = await recordTimeEventFor(
        db,
        config,
        request.params.id,
        request.body,
        getRequestMeta(request),
        requireAuth(request).userId,
      );
      void reply.status(result.isReplay ? 200 : 201);
      if (!result.isReplay) metrics?.punchRecorded(result.event.eventType);
      return result;
    },
  );

  app.get(
    '/api/time-events/history',
    { config: { access: 'signed-in' } },
    async (request): Promise<HistoryResponse> =>
      getHistory(db, config.timeZone, requireAuth(request).userId, request.query),
  );
  // Everyone's punches and corrections changed since a moment: systems that keep a copy
  // (payroll, badge systems) with the punches:read scope (decision 0041).
  app.get('/api/punches', { config: { access: 'admin' } }, async (request) =>
    listPunchChanges(db, request.query),
  );
}
