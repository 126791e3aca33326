import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { clearSessionCookie } from '../../platform/session-cookie.ts';
import { endMyOtherSessions, endMySession, listMySessions } from './signed-in-sessions.ts';

/** Account → Where you're signed in: the caller's own sessions. */
export function registerSignedInSessionRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
): void {
  implementEndpoint(app, 'GET /api/account/sessions', async ({ request }) => ({
    sessions: await listMySessions(db, config, requireAuth(request)),
  }));
  implementEndpoint(app, 'DELETE /api/account/sessions/:id', async ({ request, reply, params }) => {
    const { wasCurrent } = await endMySession(
      db,
      config,
      requireAuth(request),
      params.id,
      getRequestMeta(request),
    );
    if (wasCurrent) clearSessionCookie(reply);
    return reply.status(204).send();
  });
  implementEndpoint(app, 'POST /api/account/sessions/sign-out-others', async ({ request }) => ({
    sessionsEnded: await endMyOtherSessions(db, requireAuth(request), getRequestMeta(request)),
  }));
}
