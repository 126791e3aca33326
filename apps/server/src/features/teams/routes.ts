import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { isTeamInScope, listTeams, teamScopeOf } from '../people/index.ts';
import { createTeam, deleteTeam, updateTeam } from './service.ts';

const idParams = z.object({ id: z.string() });

export function registerTeamRoutes(app: FastifyInstance, db: Db): void {
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const admin = { config: { access: 'admin' as const } };

  // A team lead sees the teams they lead; admins see all.
  app.get(
    '/api/teams',
    { config: { access: ['admin', 'team_lead'] as const } },
    async (request) => {
      const [all, scope] = await Promise.all([
        listTeams(db),
        teamScopeOf(db, requireAuth(request)),
      ]);
      return { teams: all.filter((team) => isTeamInScope(scope, team.id)) };
    },
  );
  app.post('/api/teams', admin, async (request, reply) =>
    reply.status(201).send({ team: await createTeam(db, request.body, actorOf(request)) }),
  );
  app.put('/api/teams/:id', admin, async (request) => ({
    team: await updateTeam(db, idParams.parse(request.params).id, request.body, actorOf(request)),
  }));
  app.delete('/api/teams/:id', admin, async (request, reply) => {
    await deleteTeam(db, idParams.parse(request.params).id, actorOf(request));
    return reply.status(204).send();
  });
}
