import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { isTeamInScope, listTeams, teamScopeOf } from '../people/index.ts';
import { createTeam, deleteTeam, updateTeam } from './service.ts';

export function registerTeamRoutes(app: FastifyInstance, db: Db): void {
  // A team lead sees the teams they lead; admins see all.
  implementEndpoint(app, 'GET /api/teams', async ({ request }) => {
    const [all, scope] = await Promise.all([listTeams(db), teamScopeOf(db, requireAuth(request))]);
    return { teams: all.filter((team) => isTeamInScope(scope, team.id)) };
  });
  implementEndpoint(app, 'POST /api/teams', async ({ request, reply }) => {
    void reply.status(201);
    return { team: await createTeam(db, request.body, actorOf(request)) };
  });
  implementEndpoint(app, 'PUT /api/teams/:id', async ({ request, params }) => ({
    team: await updateTeam(db, params.id, request.body, actorOf(request)),
  }));
  implementEndpoint(app, 'DELETE /api/teams/:id', async ({ request, reply, params }) => {
    await deleteTeam(db, params.id, actorOf(request));
    return reply.status(204).send();
  });
}
