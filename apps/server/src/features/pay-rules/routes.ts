import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { createAgreement, endAgreement, listAgreements } from './agreements.ts';
import {
  createAssignment,
  createRuleSet,
  getToilBalance,
  listAssignments,
  listRuleSets,
  updateRuleSet,
} from './service.ts';

const idParams = z.object({ id: z.string() });

export function registerPayRuleRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const admin = { config: { access: 'admin' as const } };

  app.get('/api/pay-rules/rule-sets', admin, async () => ({
    ruleSets: await listRuleSets(db, config, new Date()),
  }));
  app.post('/api/pay-rules/rule-sets', admin, async (request, reply) =>
    reply.status(201).send({
      ruleSet: await createRuleSet(db, config, request.body, actorOf(request), new Date()),
    }),
  );
  app.put('/api/pay-rules/rule-sets/:id', admin, async (request) => ({
    ruleSet: await updateRuleSet(
      db,
      config,
      idParams.parse(request.params).id,
      request.body,
      actorOf(request),
      new Date(),
    ),
  }));
  app.get('/api/pay-rules/assignments', admin, async (request) => ({
    assignments: await listAssignments(db, request.query),
  }));
  app.post('/api/pay-rules/assignments', admin, async (request, reply) =>
    reply
      .status(201)
      .send({ assignment: await createAssignment(db, request.body, actorOf(request)) }),
  );
  // Labour agreements on file (docs/decisions/0020).
  app.get('/api/pay-rules/agreements', admin, async (request) => ({
    agreements: await listAgreements(db, request.query),
  }));
  app.post('/api/pay-rules/agreements', admin, async (request, reply) =>
    reply
      .status(201)
      .send({ agreement: await createAgreement(db, request.body, actorOf(request)) }),
  );
  app.post('/api/pay-rules/agreements/:id/end', admin, async (request) => ({
    agreement: await endAgreement(
      db,
      idParams.parse(request.params).id,
      request.body,
      actorOf(request),
    ),
  }));
  // One's own balance, or that of a person the caller may see (decided in the service).
  app.get(
    '/api/pay-rules/toil-balance',
    { config: { access: 'signed-in' as const } },
    async (request) => getToilBalance(db, config, requireAuth(request), request.query, new Date()),
  );
}
