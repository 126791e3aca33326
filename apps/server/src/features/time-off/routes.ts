import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
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

export function registerTimeOffRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // Everyone's own requests and balances; the user comes from the session.
  implementEndpoint(app, 'GET /api/time-off', async ({ request, query }) => {
    const { year } = query;
    const thisYear = Number(toBusinessDate(new Date(), config.timeZone).slice(0, 4));
    return getMyTimeOff(db, requireAuth(request).userId, year ?? thisYear, config.timeZone);
  });
  implementEndpoint(app, 'POST /api/time-off', async ({ request, reply }) => {
    void reply.status(201);
    return {
      request: await requestTimeOff(
        db,
        requireAuth(request).userId,
        request.body,
        getRequestMeta(request),
        config.timeZone,
      ),
    };
  });
  implementEndpoint(app, 'POST /api/time-off/:id/cancel', async ({ request, reply, params }) => {
    await cancelTimeOff(db, requireAuth(request).userId, params.id, getRequestMeta(request));
    return reply.status(204).send();
  });

  // Everyone's requests over a period (payroll and HR systems: the timeoff:read scope).
  implementEndpoint(app, 'GET /api/time-off/requests', async ({ request }) =>
    listTimeOffRequests(db, requireAuth(request), request.query),
  );
  implementEndpoint(app, 'GET /api/time-off/types', async () => ({
    types: await listTimeOffTypes(db, true),
  }));
  implementEndpoint(app, 'POST /api/time-off/types', async ({ request, reply }) => {
    void reply.status(201);
    return { type: await saveTimeOffType(db, null, request.body, actorOf(request)) };
  });
  implementEndpoint(app, 'PUT /api/time-off/types/:id', async ({ request, params }) => ({
    type: await saveTimeOffType(db, params.id, request.body, actorOf(request)),
  }));
  implementEndpoint(app, 'GET /api/time-off/allowances', async ({ query }) => {
    const { year } = query;
    return getAllowancesOverview(db, year, config.timeZone);
  });
  implementEndpoint(app, 'PUT /api/time-off/allowances', async ({ request, reply }) => {
    await setAllowance(db, request.body, actorOf(request), config.timeZone);
    return reply.status(204).send();
  });
}
