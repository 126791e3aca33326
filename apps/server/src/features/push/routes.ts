import { t } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  removePushSubscription,
  savePushSubscription,
  sendPushes,
  type PushSettings,
} from './subscriptions.ts';
import { ensureVapidKeys } from './vapid-keys.ts';

/** Reminders on a device (decision 0029): the key to subscribe with, subscribe, unsubscribe, test. */
export function registerPushRoutes(app: FastifyInstance, db: Db, settings: PushSettings): void {
  implementEndpoint(app, 'GET /api/push/key', async () => ({
    publicKey: (await ensureVapidKeys(db)).publicKey,
  }));
  implementEndpoint(app, 'PUT /api/push/subscription', async ({ request, reply }) => {
    await savePushSubscription(
      db,
      settings,
      requireAuth(request).userId,
      request.body,
      getRequestMeta(request),
    );
    return reply.status(204).send();
  });
  implementEndpoint(app, 'DELETE /api/push/subscription', async ({ request, reply }) => {
    await removePushSubscription(
      db,
      requireAuth(request).userId,
      request.body,
      getRequestMeta(request),
    );
    return reply.status(204).send();
  });
  implementEndpoint(app, 'POST /api/push/test', async ({ request }) => ({
    sent: await sendPushes(db, settings, [
      {
        userId: requireAuth(request).userId,
        payload: {
          title: t`Punchclock reminders are on`,
          body: t`This is how a reminder looks on this device.`,
          url: '/dashboard',
        },
      },
    ]),
  }));
}
