import type { FastifyInstance } from 'fastify';
import { API_SCOPES } from '@punchclock/shared/contracts/api-tokens';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
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
  implementEndpoint(app, 'GET /api/api-tokens', async ({ request }) => {
    const auth = requireAuth(request);
    return {
      tokens: await listApiTokens(db, auth.userId),
      availableScopes: scopesUsableBy(auth.role, app.apiRoutes),
    };
  });
  implementEndpoint(app, 'POST /api/api-tokens', async ({ request, reply }) => {
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
    void reply.status(201);
    return created;
  });
  implementEndpoint(app, 'DELETE /api/api-tokens/:id', async ({ request, reply, params }) => {
    const auth = requireAuth(request);
    const caller = { userId: auth.userId, isAdmin: getRoleFlags(auth.role).isAdmin };
    await revokeApiToken(db, caller, params.id, getRequestMeta(request));
    return reply.status(204).send();
  });

  implementEndpoint(app, 'GET /api/admin/api-tokens', async () => ({
    tokens: await listApiTokens(db, null),
    availableScopes: [...API_SCOPES],
  }));
  implementEndpoint(app, 'POST /api/admin/api-tokens', async ({ request, reply }) => {
    const created = await createApiToken(
      db,
      config.timeZone,
      { kind: 'service', makerId: requireAuth(request).userId, allowedScopes: API_SCOPES },
      request.body,
      getRequestMeta(request),
    );
    void reply.status(201);
    return created;
  });
}
