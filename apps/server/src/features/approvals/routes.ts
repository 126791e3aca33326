import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { listCorrections } from '../time-tracking/index.ts';
import { readTeamLeadsApprove } from '../request-decisions/index.ts';
import { listLocks } from '../period-locks/index.ts';
import { cancelCorrection, requestCorrection } from './correction-requests.ts';
import { decideApprovals } from './decisions.ts';
import { lockPeriod, reopenPeriod, setApprovalSettings } from './periods.ts';
import { getSmeOverview, listApprovals } from './queue.ts';

const idParams = z.object({ id: z.string() });

export function registerApprovalRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const signedIn = { config: { access: 'signed-in' as const } };
  const admin = { config: { access: 'admin' as const } };
  // sme and admin approve; a team lead only when the admin enabled it (checked in the service).
  const approvers = { config: { access: ['sme', 'team_lead'] as const } };
  const adminActor = (request: FastifyRequest) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });

  // A person's own correction requests.
  app.get('/api/corrections', signedIn, async (request) => ({
    corrections: (await listCorrections(db, { userId: requireAuth(request).userId })).map(
      ({ teamId: _team, ...correction }) => correction,
    ),
  }));
  app.post('/api/corrections', signedIn, async (request, reply) =>
    reply.status(201).send({
      correction: await requestCorrection(
        db,
        config,
        requireAuth(request),
        request.body,
        getRequestMeta(request),
      ),
    }),
  );
  app.post('/api/corrections/:id/cancel', signedIn, async (request, reply) => {
    await cancelCorrection(
      db,
      config.timeZone,
      requireAuth(request).userId,
      idParams.parse(request.params).id,
      getRequestMeta(request),
    );
    return reply.status(204).send();
  });

  app.get('/api/approvals', approvers, async (request) =>
    listApprovals(db, requireAuth(request), request.query),
  );
  app.post('/api/approvals/decide', approvers, async (request) =>
    decideApprovals(
      db,
      config.timeZone,
      requireAuth(request),
      request.body,
      getRequestMeta(request),
    ),
  );
  app.get('/api/approvals/sme-overview', { config: { access: 'sme' as const } }, async (request) =>
    getSmeOverview(db, config.timeZone, requireAuth(request), config.notificationRules),
  );

  app.get('/api/approvals/locks', admin, async () => ({ locks: await listLocks(db) }));
  app.post('/api/approvals/locks', admin, async (request, reply) =>
    reply.status(201).send({
      id: await lockPeriod(db, request.body, adminActor(request), config.pay.workWeekStart),
    }),
  );
  app.post('/api/approvals/locks/:id/reopen', admin, async (request, reply) => {
    await reopenPeriod(db, idParams.parse(request.params).id, adminActor(request));
    return reply.status(204).send();
  });
  app.get(
    '/api/approvals/settings',
    { config: { access: ['sme', 'team_lead'] as const } },
    async () => ({
      teamLeadsApproveTheirTeam: await readTeamLeadsApprove(db),
    }),
  );
  app.put('/api/approvals/settings', admin, async (request) =>
    setApprovalSettings(db, request.body, adminActor(request)),
  );
}
