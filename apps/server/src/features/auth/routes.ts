import type { FastifyInstance } from 'fastify';
import type { SessionResponse, SessionUser } from '@punchclock/shared/contracts/auth';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-cookie.ts';
import { signIn, signOut, toSessionUser } from './service.ts';

export function registerAuthRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  app.post(
    '/api/auth/sign-in',
    { config: { access: 'public' } },
    async (request, reply): Promise<{ user: SessionUser }> => {
      const { token, user } = await signIn(db, config, request.body, getRequestMeta(request));
      setSessionCookie(reply, request, config, token);
      return { user };
    },
  );

  app.post('/api/auth/sign-out', { config: { access: 'public' } }, async (request, reply) => {
    if (request.auth) await signOut(db, request.auth, getRequestMeta(request));
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  // Also the browser's keep-alive: reading it refreshes the session's idle clock.
  app.get(
    '/api/auth/session',
    { config: { access: 'public' } },
    async (request): Promise<SessionResponse> => ({
      user: request.auth ? toSessionUser(request.auth) : null,
      idleTimeoutMinutes: config.sessionIdleMinutes,
      timeZone: config.timeZone,
    }),
  );
}
