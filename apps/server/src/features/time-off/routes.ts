import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { requireAuth } from '../../platform/access.ts';
import { parseInput } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  allowancesQuerySchema,
  myTimeOffQuerySchema as yearQuery,
} from '@punchclock/shared/contracts/time-off';
import { getAllowancesOverview } from './allowances.ts';
import { listTimeOffTypes } from './repository.ts';
import {
  cancelTimeOff,
  getMyTimeOff,
  listTimeOffRequests,
  requestTimeOff,
  saveTimeOffType,
  setAllowance,
} from './service.ts';

const idParams = z.object({ id: z.string() });

export function registerTimeOffRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const signedIn = { config: { access: 'signed-in' as const } };
  const admin = { config: { access: 'admin' as const } };
  const actorOf = (request: FastifyRequest) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });

  // Everyone's own requests and balances; the user comes from the session.
  app.get('/api/time-off', signedIn, async (request) => {
    const { year } = parseInput(yearQuery, request.query);
    const thisYear = Number(toBusinessDate(new Date(), config.timeZone).slice(0, 4));
    return getMyTimeOff(db, requireAuth(request).userId, year ?? thisYear, config.timeZone);
  });
  app.post('/api/time-off', signedIn, async (request, reply) =>
    reply.status(201).send({
      request: await requestTimeOff(
        db,
        requireAuth(request).userId,
        request.body,
        getRequestMeta(request),
        config.timeZone,
      ),
    }),
  );
  app.post('/api/time-off/:id/cancel', signedIn, async (request, reply) => {
    await cancelTimeOff(
      db,
      requireAuth(request).userId,
      idParams.parse(request.params).id,
      getRequestMeta(request),
    );
    return reply.status(204).send();
  });

  // Everyone's requests over a period (payroll and HR systems: the timeoff:read scope).
  app.get(
    '/api/time-off/requests',
    { config: { access: ['admin', 'team_lead'] as const } },
    async (request) => listTimeOffRequests(db, requireAuth(request), request.query),
  );
  app.get('/api/time-off/types', admin, async () => ({ types: await listTimeOffTypes(db, true) }));
  app.post('/api/time-off/types', admin, async (request, reply) =>
    reply
      .status(201)
      .send({ type: await saveTimeOffType(db, null, request.body, actorOf(request)) }),
  );
  app.put('/api/time-off/types/:id', admin, async (request) => ({
    type: await saveTimeOffType(
      db,
      idParams.parse(request.params).id,
      request.body,
      actorOf(request),
    ),
  }));
  app.get('/api/time-off/allowances', admin, async (request) => {
    const { year } = parseInput(allowancesQuerySchema, request.query);
    return getAllowancesOverview(db, year, config.timeZone);
  });
  app.put('/api/time-off/allowances', admin, async (request, reply) => {
    await setAllowance(db, request.body, actorOf(request), config.timeZone);
    return reply.status(204).send();
  });
}
