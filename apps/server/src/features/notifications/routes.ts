import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { getNotifications, readAllNotifications, readNotification } from './service.ts';

/** A user only ever reads or marks their own notifications: the id comes from the session. */
export function registerNotificationRoutes(app: FastifyInstance, db: Db): void {
  implementEndpoint(app, 'GET /api/notifications', async ({ request }) =>
    getNotifications(db, requireAuth(request).userId, request.query),
  );
  implementEndpoint(app, 'POST /api/notifications/:id/read', async ({ request, reply, params }) => {
    await readNotification(db, requireAuth(request).userId, params.id, getRequestMeta(request));
    return reply.status(204).send();
  });
  implementEndpoint(app, 'POST /api/notifications/read-all', async ({ request }) => ({
    updated: await readAllNotifications(db, requireAuth(request).userId, getRequestMeta(request)),
  }));
}
