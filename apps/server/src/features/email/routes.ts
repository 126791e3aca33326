import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { getEmailPreferences, setEmailPreferences } from './preferences.ts';

/** Account settings → Email: which kinds of email the signed-in person takes. */
export function registerEmailRoutes(app: FastifyInstance, db: Db, emailConfigured: boolean): void {
  implementEndpoint(app, 'GET /api/me/email-preferences', async ({ request }) =>
    getEmailPreferences(db, requireAuth(request).userId, emailConfigured),
  );
  implementEndpoint(app, 'PUT /api/me/email-preferences', async ({ request }) => {
    const { userId } = requireAuth(request);
    await setEmailPreferences(db, userId, request.body, getRequestMeta(request));
    return getEmailPreferences(db, userId, emailConfigured);
  });
}
