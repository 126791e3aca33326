import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { setSessionCookie } from '../../platform/session-cookie.ts';
import { checkSetupLink, completeSetup, getSetupStatus } from './service.ts';

export interface SetupRouteOptions {
  /** "Add demo data": the demo organisation around the new admin (demo.ts, given by app.ts). */
  addDemoData(adminId: string): Promise<void>;
}

export function registerSetupRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  options: SetupRouteOptions,
): void {
  implementEndpoint(app, 'GET /api/setup/status', async () => getSetupStatus(db));

  // The link's token travels in bodies only (the page reads it from the URL's fragment, which
  // browsers never send), so it cannot end up in an access log.
  implementEndpoint(app, 'POST /api/setup/link', async ({ request, reply }) => {
    await checkSetupLink(db, request.body, getRequestMeta(request));
    return reply.status(204).send();
  });

  implementEndpoint(app, 'POST /api/setup', async ({ request, reply }) => {
    const done = await completeSetup(db, config, request.body, getRequestMeta(request));
    if (done.wantsDemoData) {
      // After the commit: the setup stands even if the demo cannot be added (logged, not lost).
      try {
        await options.addDemoData(done.adminId);
      } catch (error) {
        request.log.error({ err: error }, 'setup: the demo data could not be added');
      }
    }
    setSessionCookie(reply, request, config, done.sessionToken);
    void reply.status(201);
    return { user: done.user };
  });
}
