import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { inLargeChunks } from '../../platform/back-pressure.ts';
import { parseInput } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { getAdherenceReport, getAnalytics, getDayDetail, getPersonDays } from './adherence.ts';
import { getRecomputeRun, listRecentRuns, requestRecompute } from './recompute-runs.ts';
import { exportWorkedHours } from './exports.ts';
import { getWorkedHours } from './worked-hours.ts';
import { resolveScope } from './report-scope.ts';
import {
  exportFormatQuerySchema as exportFormat,
  workedHoursQuerySchema,
} from '@punchclock/shared/contracts/reports';

export function registerReportRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // Team leads see the same reports for the teams they lead (docs/decisions/0008, 0010).
  const leads = { config: { access: ['admin', 'team_lead'] as const } };
  const admin = { config: { access: 'admin' as const } };
  const viewerOf = (request: FastifyRequest) => requireAuth(request);

  app.get('/api/reports/adherence', leads, async (request) =>
    getAdherenceReport(db, viewerOf(request), request.query),
  );
  app.get('/api/reports/person-days', leads, async (request) =>
    getPersonDays(db, viewerOf(request), request.query),
  );
  app.get('/api/reports/day', leads, async (request) =>
    getDayDetail(db, config.timeZone, viewerOf(request), request.query),
  );
  app.get('/api/reports/worked-hours', leads, async (request) =>
    getWorkedHours(db, viewerOf(request), request.query),
  );
  app.get('/api/reports/analytics', leads, async (request) =>
    getAnalytics(db, viewerOf(request), request.query),
  );

  // Streamed as read: 10,000 people × 31 days never sit in memory at once (docs/benchmarks.md).
  app.get('/api/reports/worked-hours/export', leads, async (request, reply) => {
    const { format } = parseInput(exportFormat, request.query);
    const query = parseInput(workedHoursQuerySchema, request.query);
    const scope = await resolveScope(db, viewerOf(request), query);
    const file = await exportWorkedHours(db, scope, query.groupBy, format, {
      // The status line is gone: the download is cut off (destroyed), the log says why.
      onError: (error) =>
        request.log.error({ err: error }, 'worked-hours export failed mid-stream'),
    });
    return reply
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .header('content-type', file.contentType)
      .send(inLargeChunks(file.body));
  });

  app.post('/api/reports/recompute', admin, async (request, reply) =>
    reply.status(202).send({
      run: await requestRecompute(db, request.body, {
        actorId: viewerOf(request).userId,
        meta: getRequestMeta(request),
      }),
    }),
  );
  app.get('/api/reports/recompute', admin, async () => ({ runs: await listRecentRuns(db) }));
  app.get('/api/reports/recompute/:id', admin, async (request) => ({
    run: await getRecomputeRun(db, z.object({ id: z.string() }).parse(request.params).id),
  }));
}
