import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { listCorrections } from '../time-tracking/index.ts';
import { readTeamLeadsApprove } from '../request-decisions/index.ts';
import { listLocks } from '../period-locks/index.ts';
import { cancelCorrection, requestCorrection } from './correction-requests.ts';
import { decideApprovals } from './decisions.ts';
import { lockPeriod, reopenPeriod, setApprovalSettings } from './periods.ts';
import { getSmeOverview, listApprovals } from './queue.ts';

export function registerApprovalRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // A person's own correction requests.
  implementEndpoint(app, 'GET /api/corrections', async ({ request }) => ({
    corrections: (await listCorrections(db, { userId: requireAuth(request).userId })).map(
      ({ teamId: _team, ...correction }) => correction,
    ),
  }));
  implementEndpoint(app, 'POST /api/corrections', async ({ request, reply }) => {
    void reply.status(201);
    return {
      correction: await requestCorrection(
        db,
        config,
        requireAuth(request),
        request.body,
        getRequestMeta(request),
      ),
    };
  });
  implementEndpoint(app, 'POST /api/corrections/:id/cancel', async ({ request, reply, params }) => {
    await cancelCorrection(
      db,
      config.timeZone,
      requireAuth(request).userId,
      params.id,
      getRequestMeta(request),
    );
    return reply.status(204).send();
  });

  implementEndpoint(app, 'GET /api/approvals', async ({ request }) =>
    listApprovals(db, requireAuth(request), request.query, config.timeZone),
  );
  implementEndpoint(app, 'POST /api/approvals/decide', async ({ request }) =>
    decideApprovals(
      db,
      config.timeZone,
      requireAuth(request),
      request.body,
      getRequestMeta(request),
    ),
  );
  implementEndpoint(app, 'GET /api/approvals/sme-overview', async ({ request }) =>
    getSmeOverview(db, config.timeZone, requireAuth(request), config.notificationRules),
  );

  implementEndpoint(app, 'GET /api/approvals/locks', async () => ({ locks: await listLocks(db) }));
  implementEndpoint(app, 'POST /api/approvals/locks', async ({ request, reply }) => {
    void reply.status(201);
    return {
      id: await lockPeriod(db, request.body, actorOf(request), config.pay.workWeekStart),
    };
  });
  implementEndpoint(
    app,
    'POST /api/approvals/locks/:id/reopen',
    async ({ request, reply, params }) => {
      await reopenPeriod(db, params.id, actorOf(request));
      return reply.status(204).send();
    },
  );
  implementEndpoint(app, 'GET /api/approvals/settings', async () => ({
    teamLeadsApproveTheirTeam: await readTeamLeadsApprove(db),
  }));
  implementEndpoint(app, 'PUT /api/approvals/settings', async ({ request }) =>
    setApprovalSettings(db, request.body, actorOf(request)),
  );
}
