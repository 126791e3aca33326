import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import {
  addPlace,
  listLocationPolicies,
  removePlace,
  setRetentionDays,
  setTeamLocationMode,
} from './policies.ts';

/** Location policy per team (admin; decision 0028). */
export function registerLocationRoutes(app: FastifyInstance, db: Db): void {
  implementEndpoint(app, 'GET /api/locations', async () => listLocationPolicies(db));
  implementEndpoint(
    app,
    'PUT /api/locations/teams/:id/mode',
    async ({ request, reply, params }) => {
      await setTeamLocationMode(db, params.id, request.body, actorOf(request));
      return reply.status(204).send();
    },
  );
  implementEndpoint(
    app,
    'POST /api/locations/teams/:id/places',
    async ({ request, reply, params }) => {
      void reply.status(201);
      return { place: await addPlace(db, params.id, request.body, actorOf(request)) };
    },
  );
  implementEndpoint(app, 'DELETE /api/locations/places/:id', async ({ request, reply, params }) => {
    await removePlace(db, params.id, actorOf(request));
    return reply.status(204).send();
  });
  implementEndpoint(app, 'PUT /api/locations/retention', async ({ request, reply }) => {
    await setRetentionDays(db, request.body, actorOf(request));
    return reply.status(204).send();
  });
}
