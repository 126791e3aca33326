import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-cookie.ts';
import { signIn, signOut, toSessionUser } from './service.ts';
import { registerSignedInSessionRoutes } from './signed-in-session-routes.ts';

export function registerAuthRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'POST /api/auth/sign-in', async ({ request, reply }) => {
    const { token, user } = await signIn(db, config, request.body, getRequestMeta(request));
    setSessionCookie(reply, request, config, token);
    return { user };
  });

  implementEndpoint(app, 'POST /api/auth/sign-out', async ({ request, reply }) => {
    if (request.auth) await signOut(db, request.auth, getRequestMeta(request));
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  // Also the browser's keep-alive: reading it refreshes the session's idle clock.
  implementEndpoint(app, 'GET /api/auth/session', async ({ request }) => ({
    user: request.auth ? toSessionUser(request.auth) : null,
    idleTimeoutMinutes: config.sessionIdleMinutes,
    timeZone: config.timeZone,
  }));

  registerSignedInSessionRoutes(app, db, config);
}
