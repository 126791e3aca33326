import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { getNotifications, readAllNotifications, readNotification } from './service.ts';

const idParams = z.object({ id: z.string() });

/** A user only ever reads or marks their own notifications: the id comes from the session. */
export function registerNotificationRoutes(app: FastifyInstance, db: Db): void {
  const signedIn = { config: { access: 'signed-in' as const } };
  app.get('/api/notifications', signedIn, async (request) =>
    getNotifications(db, requireAuth(request).userId, request.query),
  );
  app.post('/api/notifications/:id/read', signedIn, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await readNotification(db, requireAuth(request).userId, id, getRequestMeta(request));
    return reply.status(204).send();
  });
  app.post('/api/notifications/read-all', signedIn, async (request) => ({
    updated: await readAllNotifications(db, requireAuth(request).userId, getRequestMeta(request)),
  }));
}
