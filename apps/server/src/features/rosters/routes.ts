import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  addMyAvailabilityException,
  getMyAvailability,
  removeMyAvailabilityException,
  replaceMyWeeklyAvailability,
} from './availability.ts';
import { getRosterBoard } from './board.ts';
import { publishRoster } from './publish.ts';
import { changeShift, copyWeek, createShift, fillFromTemplate, removeShift } from './service.ts';
import { getRosterSettings, saveAllotmentDay, saveTeamRosterSettings } from './settings.ts';

/** The roster board, publishing, availability and roster settings (#30). */
export function registerRosterRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const { timeZone } = config;

  implementEndpoint(app, 'GET /api/roster', async ({ request }) =>
    getRosterBoard(db, requireAuth(request), request.query, timeZone),
  );
  implementEndpoint(app, 'POST /api/roster/shifts', async ({ request, reply }) => {
    const shift = await createShift(
      db,
      requireAuth(request),
      request.body,
      actorOf(request),
      timeZone,
    );
    void reply.status(201);
    return { shift };
  });
  implementEndpoint(app, 'PUT /api/roster/shifts/:id', async ({ request, params }) => ({
    shift: await changeShift(
      db,
      requireAuth(request),
      params.id,
      request.body,
      actorOf(request),
      timeZone,
    ),
  }));
  implementEndpoint(app, 'DELETE /api/roster/shifts/:id', async ({ request, reply, params }) => {
    await removeShift(db, requireAuth(request), params.id, actorOf(request));
    return reply.status(204).send();
  });
  implementEndpoint(app, 'POST /api/roster/copy-week', async ({ request, reply }) => {
    const result = await copyWeek(db, requireAuth(request), request.body, actorOf(request));
    void reply.status(201);
    return result;
  });
  implementEndpoint(app, 'POST /api/roster/fill-from-template', async ({ request, reply }) => {
    const result = await fillFromTemplate(db, requireAuth(request), request.body, actorOf(request));
    void reply.status(201);
    return result;
  });
  implementEndpoint(app, 'POST /api/roster/publish', async ({ request }) =>
    publishRoster(db, requireAuth(request), request.body, actorOf(request), {
      timeZone,
      push: config.push,
    }),
  );

  implementEndpoint(app, 'GET /api/roster/settings', async ({ request }) =>
    getRosterSettings(db, requireAuth(request), timeZone),
  );
  implementEndpoint(app, 'PUT /api/roster/settings/:teamId', async ({ request, params }) =>
    saveTeamRosterSettings(db, params.teamId, request.body, actorOf(request), timeZone),
  );
  implementEndpoint(app, 'PUT /api/roster/allotment-days', async ({ request }) =>
    saveAllotmentDay(db, request.body, actorOf(request), timeZone),
  );

  // Everyone's own availability; the person comes from the session, never the request.
  implementEndpoint(app, 'GET /api/availability', async ({ request }) =>
    getMyAvailability(db, requireAuth(request).userId, timeZone),
  );
  implementEndpoint(app, 'PUT /api/availability/weekly', async ({ request }) =>
    replaceMyWeeklyAvailability(
      db,
      requireAuth(request).userId,
      request.body,
      getRequestMeta(request),
      timeZone,
    ),
  );
  implementEndpoint(app, 'POST /api/availability/exceptions', async ({ request, reply }) => {
    const exception = await addMyAvailabilityException(
      db,
      requireAuth(request).userId,
      request.body,
      getRequestMeta(request),
      timeZone,
    );
    void reply.status(201);
    return { exception };
  });
  implementEndpoint(
    app,
    'DELETE /api/availability/exceptions/:id',
    async ({ request, reply, params }) => {
      await removeMyAvailabilityException(
        db,
        requireAuth(request).userId,
        params.id,
        getRequestMeta(request),
        timeZone,
      );
      return reply.status(204).send();
    },
  );
}
