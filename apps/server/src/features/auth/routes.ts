import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  clearSessionCookie,
  pendingSignInCookie,
  setSessionCookie,
} from '../../platform/session-cookie.ts';
import { signIn, signOut, toSessionUser, type SecondFactorGate } from './service.ts';
import { registerSignedInSessionRoutes } from './signed-in-session-routes.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  /** Two-step verification's check after a right password: required, never a silent "open". */
  gate: SecondFactorGate,
): void {
  implementEndpoint(app, 'POST /api/auth/sign-in', async ({ request, reply }) => {
    const outcome = await signIn(db, config, request.body, getRequestMeta(request), gate);
    if (outcome.kind === 'pending') {
      // No session yet: the second step finishes it (POST /api/auth/second-factor).
      pendingSignInCookie.set(reply, request, config, outcome.token);
      return { twoFactor: { methods: outcome.methods } };
    }
    pendingSignInCookie.clear(reply);
    setSessionCookie(reply, request, config, outcome.token);
    const { user, twoFactorSetupRequired } = outcome;
    return twoFactorSetupRequired ? { user, twoFactorSetupRequired } : { user };
  });

  implementEndpoint(app, 'POST /api/auth/sign-out', async ({ request, reply }) => {
    if (request.auth) await signOut(db, request.auth, getRequestMeta(request));
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  // Also the browser's keep-alive: reading it refreshes the session's idle clock.
  implementEndpoint(app, 'GET /api/auth/session', async ({ request }) => ({
    user: request.auth ? toSessionUser(request.auth) : null,
    ...(request.auth?.mustSetUpTwoFactor ? { twoFactorSetupRequired: true as const } : {}),
    idleTimeoutMinutes: config.sessionIdleMinutes,
    timeZone: config.timeZone,
  }));

  registerSignedInSessionRoutes(app, db, config);
}
