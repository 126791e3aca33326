import type { FastifyInstance } from 'fastify';
import type { EmailPreferences } from '@punchclock/shared/contracts/email';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { getEmailPreferences, setEmailPreferences } from './preferences.ts';

/** Account settings → Email: which kinds of email the signed-in person takes. */
export function registerEmailRoutes(app: FastifyInstance, db: Db, emailConfigured: boolean): void {
  const signedIn = { config: { access: 'signed-in' as const } };
  app.get('/api/me/email-preferences', signedIn, async (request): Promise<EmailPreferences> =>
    getEmailPreferences(db, requireAuth(request).userId, emailConfigured),
  );
  app.put('/api/me/email-preferences', signedIn, async (request) => {
    const { userId } = requireAuth(request);
    await setEmailPreferences(db, userId, request.body, getRequestMeta(request));
    return getEmailPreferences(db, userId, emailConfigured);
  });
}
