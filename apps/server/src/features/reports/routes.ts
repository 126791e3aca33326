import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { inLargeChunks } from '../../platform/back-pressure.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { parseInput } from '../../platform/errors.ts';
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
  const viewerOf = (request: FastifyRequest) => requireAuth(request);

  implementEndpoint(app, 'GET /api/reports/adherence', async ({ request }) =>
    getAdherenceReport(db, viewerOf(request), request.query),
  );
  implementEndpoint(app, 'GET /api/reports/person-days', async ({ request }) =>
    getPersonDays(db, viewerOf(request), request.query),
  );
  implementEndpoint(app, 'GET /api/reports/day', async ({ request }) =>
    getDayDetail(db, config.timeZone, viewerOf(request), request.query),
  );
  implementEndpoint(app, 'GET /api/reports/worked-hours', async ({ request }) =>
    getWorkedHours(db, viewerOf(request), request.query),
  );
  implementEndpoint(app, 'GET /api/reports/analytics', async ({ request }) =>
    getAnalytics(db, viewerOf(request), request.query),
  );

  // Streamed as read: 10,000 people × 31 days never sit in memory at once (docs/benchmarks.md).
  implementEndpoint(app, 'GET /api/reports/worked-hours/export', async ({ request, reply }) => {
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

  implementEndpoint(app, 'POST /api/reports/recompute', async ({ request, reply }) => {
    void reply.status(202);
    return { run: await requestRecompute(db, request.body, actorOf(request)) };
  });
  implementEndpoint(app, 'GET /api/reports/recompute', async () => ({
    runs: await listRecentRuns(db),
  }));
  implementEndpoint(app, 'GET /api/reports/recompute/:id', async ({ params }) => ({
    run: await getRecomputeRun(db, params.id),
  }));
}
