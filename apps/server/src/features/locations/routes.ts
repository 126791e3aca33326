import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  addPlace,
  listLocationPolicies,
  removePlace,
  setRetentionDays,
  setTeamLocationMode,
} from './policies.ts';

const teamParams = z.object({ id: z.string() });
const placeParams = z.object({ id: z.string() });

/** Location policy per team (admin; decision 0028). */
export function registerLocationRoutes(app: FastifyInstance, db: Db): void {
  const admin = { config: { access: 'admin' as const } };
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });

  app.get('/api/locations', admin, async () => listLocationPolicies(db));
  app.put('/api/locations/teams/:id/mode', admin, async (request, reply) => {
    await setTeamLocationMode(
      db,
      teamParams.parse(request.params).id,
      request.body,
      actorOf(request),
    );
    return reply.status(204).send();
  });
  app.post('/api/locations/teams/:id/places', admin, async (request, reply) =>
    reply.status(201).send({
      place: await addPlace(
        db,
        teamParams.parse(request.params).id,
        request.body,
        actorOf(request),
      ),
    }),
  );
  app.delete('/api/locations/places/:id', admin, async (request, reply) => {
    await removePlace(db, placeParams.parse(request.params).id, actorOf(request));
    return reply.status(204).send();
  });
  app.put('/api/locations/retention', admin, async (request, reply) => {
    await setRetentionDays(db, request.body, actorOf(request));
    return reply.status(204).send();
  });
}
