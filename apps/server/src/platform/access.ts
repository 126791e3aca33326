import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUSPENDED_MESSAGE } from '@punchclock/shared/contracts/auth';
import { hasRequiredRole, type RoleRequirement } from '@punchclock/shared/domain/roles';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { Forbidden, Unauthorized } from './errors.ts';
import { findActiveSession, revokeSession, type AuthContext } from './sessions.ts';
import { readSessionToken } from './session-cookie.ts';

/**
 * Who may call a route. Every /api route must declare one — the app refuses to start
 * otherwise — so a new endpoint cannot ship unguarded by accident.
 */
export type Access = 'public' | 'signed-in' | RoleRequirement;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every /api route as registered ("GET", "/api/users/:id"): the walks in tests read it. */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}

/** The signed-in user of a route whose access is not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Unauthorized();
  return request.auth;
}

export function registerAccessControl(app: FastifyInstance, db: Db, config: AppConfig): void {
  const policy = {
    idleMinutes: config.sessionIdleMinutes,
    absoluteHours: config.sessionAbsoluteHours,
  };
  app.decorateRequest('auth', null);

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (!route.config?.access) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access rule`);
    }
    for (const method of [route.method].flat()) {
      app.apiRoutes.push({ method: String(method), url: route.url, access: route.config.access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request);
    if (token) {
      const auth = await findActiveSession(db, token, policy);
      if (auth?.isSuspended) {
        // Suspension also revokes sessions; this covers a session that raced with it.
        await revokeSession(db, auth.sessionId);
        if (request.routeOptions.config.access !== 'public') {
          throw new Unauthorized(SUSPENDED_MESSAGE, 'suspended');
        }
      } else {
        request.auth = auth;
      }
    }

    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!request.auth) throw new Unauthorized();
    if (access !== 'signed-in' && !hasRequiredRole(request.auth.role, access)) {
      request.log.warn(
        { userId: request.auth.userId, role: request.auth.role, url: request.url },
        'authorization denied',
      );
      throw new Forbidden();
    }
  });
}
