import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { createAgreement, endAgreement, listAgreements } from './agreements.ts';
import { projectRosterWeek } from './roster-projection.ts';
import {
  createAssignment,
  createRuleSet,
  getToilBalance,
  listAssignments,
  listRuleSets,
  updateRuleSet,
} from './service.ts';

export function registerPayRuleRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // A roster week's hours, overtime and cost under each person's rules (#30).
  implementEndpoint(app, 'GET /api/roster/projection', async ({ request }) =>
    projectRosterWeek(db, config, requireAuth(request), request.query),
  );
  implementEndpoint(app, 'GET /api/pay-rules/rule-sets', async () => ({
    ruleSets: await listRuleSets(db, config, new Date()),
  }));
  implementEndpoint(app, 'POST /api/pay-rules/rule-sets', async ({ request, reply }) => {
    void reply.status(201);
    return {
      ruleSet: await createRuleSet(db, config, request.body, actorOf(request), new Date()),
    };
  });
  implementEndpoint(app, 'PUT /api/pay-rules/rule-sets/:id', async ({ request, params }) => ({
    ruleSet: await updateRuleSet(db, config, params.id, request.body, actorOf(request), new Date()),
  }));
  implementEndpoint(app, 'GET /api/pay-rules/assignments', async ({ request }) => ({
    assignments: await listAssignments(db, request.query),
  }));
  implementEndpoint(app, 'POST /api/pay-rules/assignments', async ({ request, reply }) => {
    void reply.status(201);
    return { assignment: await createAssignment(db, request.body, actorOf(request)) };
  });
  // Labour agreements on file (docs/decisions/0020).
  implementEndpoint(app, 'GET /api/pay-rules/agreements', async ({ request }) => ({
    agreements: await listAgreements(db, request.query),
  }));
  implementEndpoint(app, 'POST /api/pay-rules/agreements', async ({ request, reply }) => {
    void reply.status(201);
    return { agreement: await createAgreement(db, request.body, actorOf(request)) };
  });
  implementEndpoint(app, 'POST /api/pay-rules/agreements/:id/end', async ({ request, params }) => ({
    agreement: await endAgreement(db, params.id, request.body, actorOf(request)),
  }));
  // One's own balance, or that of a person the caller may see (decided in the service).
  implementEndpoint(app, 'GET /api/pay-rules/toil-balance', async ({ request }) =>
    getToilBalance(db, config, requireAuth(request), request.query, new Date()),
  );
}
