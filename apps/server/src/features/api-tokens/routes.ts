import type { FastifyInstance } from 'fastify';
import { API_SCOPES, type ApiTokensResponse } from '@punchclock/shared/contracts/api-tokens';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { createApiToken, listApiTokens, revokeApiToken, scopesUsableBy } from './tokens.ts';

/**
 * API tokens (#18 point 2, decision 0032). Only a browser session manages tokens: no scope
 * reaches these routes, so a token cannot make or keep alive another.
 */
export function registerApiTokenRoutes(
  app: FastifyInstance,
  db: Db,
  config: { timeZone: string },
): void {
  const signedIn = { config: { access: 'signed-in' as const } };
  const adminOnly = { config: { access: 'admin' as const } };

  app.get('/api/api-tokens', signedIn, async (request): Promise<ApiTokensResponse> => {
    const auth = requireAuth(request);
    return {
      tokens: await listApiTokens(db, auth.userId),
      availableScopes: scopesUsableBy(auth.role, app.apiRoutes),
    };
  });
  app.post('/api/api-tokens', signedIn, async (request, reply) => {
    const auth = requireAuth(request);
    const made = { kind: 'personal' as const, makerId: auth.userId };
    const allowedScopes = scopesUsableBy(auth.role, app.apiRoutes);
    const created = await createApiToken(
      db,
      config.timeZone,
      { ...made, allowedScopes },
      request.body,
      getRequestMeta(request),
    );
    return reply.status(201).send(created);
  });
  app.delete<{ Params: { id: string } }>(
    '/api/api-tokens/:id',
    signedIn,
    async (request, reply) => {
      const auth = requireAuth(request);
      const caller = { userId: auth.userId, isAdmin: getRoleFlags(auth.role).isAdmin };
      await revokeApiToken(db, caller, request.params.id, getRequestMeta(request));
      return reply.status(204).send();
    },
  );

  app.get('/api/admin/api-tokens', adminOnly, async (): Promise<ApiTokensResponse> => ({
    tokens: await listApiTokens(db, null),
    availableScopes: [...API_SCOPES],
  }));
  app.post('/api/admin/api-tokens', adminOnly, async (request, reply) => {
    const created = await createApiToken(
      db,
      config.timeZone,
      { kind: 'service', makerId: requireAuth(request).userId, allowedScopes: API_SCOPES },
      request.body,
      getRequestMeta(request),
    );
    return reply.status(201).send(created);
  });
}
