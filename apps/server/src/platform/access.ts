import { t } from '@lingui/core/macro';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpointContract } from '@punchclock/shared/contracts/api-catalogue';
import { suspendedMessage } from '@punchclock/shared/contracts/auth';
import {
  TWO_FACTOR_SETUP_REQUIRED,
  twoFactorSetupRequiredMessage,
} from '@punchclock/shared/contracts/two-factor';
import { hasRequiredRole, type Access } from '@punchclock/shared/domain/roles';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { findLiveApiToken, readBearerSecret } from './api-token-auth.ts';
import { Forbidden, TooManyRequests, Unauthorized } from './errors.ts';
import { writeAudit } from './audit.ts';
import { recordHit } from './rate-limit.ts';
import { getRequestMeta, type RequestMeta } from './request-meta.ts';
import { findActiveSession, revokeSession, type AuthContext } from './sessions.ts';
import { readSessionToken } from './session-cookie.ts';

export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * Every /api route as registered ("GET", "/api/users/:id"), and the /scim/v2 routes a
     * directory calls: the walks in tests read it.
     */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}

/** The signed-in user of a route whose access is not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Unauthorized();
  return request.auth;
}

/** Who is acting, for the audit trail: the signed-in user of the request, and where it came from. */
export function actorOf(request: FastifyRequest): { actorId: string; meta: RequestMeta } {
  return { actorId: requireAuth(request).userId, meta: getRequestMeta(request) };
}

export function registerAccessControl(app: FastifyInstance, db: Db, config: AppConfig): void {
  const policy = {
    idleMinutes: config.sessionIdleMinutes,
    absoluteHours: config.sessionAbsoluteHours,
  };
  app.decorateRequest('auth', null);

  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') && !route.url.startsWith('/scim/')) return;
    if (!route.config?.access) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access rule`);
    }
    for (const method of [route.method].flat()) {
      app.apiRoutes.push({ method: String(method), url: route.url, access: route.config.access });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    const bearer = readBearerSecret(request.headers.authorization);
    // A bearer token replaces the cookie altogether; public routes ignore both.
    if (bearer !== null && access && access !== 'public') {
      void reply.header('www-authenticate', 'Bearer realm="punchclock"');
      await authenticateApiToken(request, db, bearer, config.apiTokenLimit);
      checkRole(request, access);
      return;
    }

    const token = readSessionToken(request);
    if (token) {
      const auth = await findActiveSession(db, token, policy);
      if (auth?.isSuspended) {
        // Suspension also revokes sessions; this covers a session that raced with it.
        await revokeSession(db, auth.sessionId);
        if (request.routeOptions.config.access !== 'public') {
          throw new Unauthorized(suspendedMessage(), 'suspended');
        }
      } else if (auth?.mustSetUpTwoFactor && !isOpenDuringTwoFactorSetup(request)) {
        // A session that must set up two-step verification first reaches only the routes that
        // set it up; anywhere else it is nobody (public routes) or refused (decision 0056).
        if (access && access !== 'public') {
          throw new Forbidden(twoFactorSetupRequiredMessage(), TWO_FACTOR_SETUP_REQUIRED);
        }
      } else {
        request.auth = auth;
      }
    }

    if (!access || access === 'public') return;
    checkRole(request, access);
  });

  // onSend, not onResponse: the row is written before the caller has the answer, so what a
  // token did is in the log by the time anyone can ask.
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      await auditApiTokenCall(db, request, reply.statusCode);
    } catch (error) {
      request.log.error({ err: error }, 'could not write the API token call to the audit log');
    }
    return payload;
  });
}

function isOpenDuringTwoFactorSetup(request: FastifyRequest): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return (
    endpointContract(`${method} ${request.routeOptions.url ?? ''}`)?.duringTwoFactorSetup === true
  );
}

function checkRole(request: FastifyRequest, access: Exclude<Access, 'public'>): void {
  if (!request.auth) throw new Unauthorized();
  if (access !== 'signed-in' && !hasRequiredRole(request.auth.role, access)) {
    request.log.warn(
      { userId: request.auth.userId, role: request.auth.role, url: request.url },
      'authorization denied',
    );
    throw new Forbidden();
  }
}

/**
 * A call with an API token (decision 0032): the token must be live, its person not suspended,
 * the endpoint within its scopes, and the token within its rate; then the call is authorised
 * exactly as the role the token stands for would be.
 */
async function authenticateApiToken(
  request: FastifyRequest,
  db: Db,
  secret: string,
  limit: AppConfig['apiTokenLimit'],
): Promise<void> {
  const identity = await findLiveApiToken(db, secret, request.ip);
  if (!identity) {
    throw new Unauthorized(
      t`This API token is not valid: it may have expired or been revoked`,
      'invalid_token',
    );
  }
  if (identity.isSuspended) throw new Unauthorized(suspendedMessage(), 'suspended');
  const { token } = identity;
  // Known from here on: a refusal below is written to the audit log as this token's call.
  request.auth = {
    sessionId: `api-token:${token.id}`,
    userId: identity.userId,
    email: identity.email,
    name: identity.name,
    role: identity.role,
    isSuspended: false,
    // A token's calls speak the language its client asks for (Accept-Language).
    language: null,
    apiToken: token,
  };

  // HEAD is answered by the GET route of the same path.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const endpoint = endpointContract(`${method} ${request.routeOptions.url ?? ''}`);
  if (!endpoint?.scope) {
    throw new Forbidden(t`API tokens cannot call this endpoint`, 'insufficient_scope');
  }
  if (!token.scopes.includes(endpoint.scope)) {
    const scope = endpoint.scope;
    throw new Forbidden(
      t`This API token needs the ${scope} scope for this endpoint`,
      'insufficient_scope',
    );
  }
  if (endpoint.actsOnCaller && token.kind === 'service') {
    throw new Forbidden(
      t`A service token is no one: use a personal token, or the endpoint that names the person`,
      'needs_person',
    );
  }

  const state = await recordHit(db, `api-token:${token.id}`, limit);
  if (state.hits > limit.limit) {
    throw new TooManyRequests(
      t`Too many calls with this API token: wait a moment and try again`,
      state.retryAfterSeconds,
    );
  }
}

/** Every call made with an API token, allowed or refused, is one audit row of that token. */
async function auditApiTokenCall(db: Db, request: FastifyRequest, statusCode: number) {
  const auth = request.auth;
  // A call refused for its rate is not logged: the limit bounds the log's writes too.
  if (!auth?.apiToken || statusCode === 429) return;
  await writeAudit(db, {
    actorId: auth.userId,
    action: 'api_token.call',
    entityType: 'api_token',
    entityId: auth.apiToken.id,
    after: {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: request.url.slice(0, 300),
      status: statusCode,
    },
    meta: getRequestMeta(request),
  });
}
