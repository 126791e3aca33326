import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { listDeliveries, resendDelivery } from './deliveries.ts';
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type TargetOptions,
} from './endpoints.ts';

/** Webhooks (#18 point 3, decision 0033): admins manage endpoints and read the delivery log. */
export function registerWebhookRoutes(
  app: FastifyInstance,
  db: Db,
  targetOptions: TargetOptions = {},
): void {
  implementEndpoint(app, 'GET /api/webhooks', async () => ({
    endpoints: await listWebhookEndpoints(db),
  }));
  implementEndpoint(app, 'POST /api/webhooks', async ({ request, reply }) => {
    void reply.status(201);
    return createWebhookEndpoint(db, request.body, actorOf(request), targetOptions);
  });
  implementEndpoint(app, 'PUT /api/webhooks/:id', async ({ request, params }) => ({
    endpoint: await updateWebhookEndpoint(
      db,
      params.id,
      request.body,
      actorOf(request),
      targetOptions,
    ),
  }));
  implementEndpoint(app, 'DELETE /api/webhooks/:id', async ({ request, reply, params }) => {
    await removeWebhookEndpoint(db, params.id, actorOf(request));
    return reply.status(204).send();
  });
  implementEndpoint(app, 'POST /api/webhooks/:id/rotate-secret', async ({ request, params }) =>
    rotateWebhookSecret(db, params.id, actorOf(request)),
  );
  implementEndpoint(app, 'GET /api/webhooks/:id/deliveries', async ({ request, params }) => ({
    deliveries: await listDeliveries(db, params.id, request.query),
  }));
  implementEndpoint(
    app,
    'POST /api/webhooks/deliveries/:id/resend',
    async ({ request, reply, params }) => {
      await resendDelivery(db, params.id, actorOf(request));
      return reply.status(204).send();
    },
  );
}
