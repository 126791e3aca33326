import type { FastifyInstance } from 'fastify';
import type {
  WebhookDeliveriesResponse,
  WebhookEndpointsResponse,
} from '@punchclock/shared/contracts/webhooks';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { listDeliveries, resendDelivery } from './deliveries.ts';
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type TargetOptions,
} from './endpoints.ts';

type Params = { Params: { id: string } };

/** Webhooks (#18 point 3, decision 0033): admins manage endpoints and read the delivery log. */
export function registerWebhookRoutes(
  app: FastifyInstance,
  db: Db,
  targetOptions: TargetOptions = {},
): void {
  const adminOnly = { config: { access: 'admin' as const } };
  const actorOf = (request: Parameters<typeof requireAuth>[0]) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });

  app.get('/api/webhooks', adminOnly, async (): Promise<WebhookEndpointsResponse> => ({
    endpoints: await listWebhookEndpoints(db),
  }));
  app.post('/api/webhooks', adminOnly, async (request, reply) =>
    reply
      .status(201)
      .send(await createWebhookEndpoint(db, request.body, actorOf(request), targetOptions)),
  );
  app.put<Params>('/api/webhooks/:id', adminOnly, async (request) => ({
    endpoint: await updateWebhookEndpoint(
      db,
      request.params.id,
      request.body,
      actorOf(request),
      targetOptions,
    ),
  }));
  app.delete<Params>('/api/webhooks/:id', adminOnly, async (request, reply) => {
    await removeWebhookEndpoint(db, request.params.id, actorOf(request));
    return reply.status(204).send();
  });
  app.post<Params>('/api/webhooks/:id/rotate-secret', adminOnly, async (request) =>
    rotateWebhookSecret(db, request.params.id, actorOf(request)),
  );
  app.get<Params>(
    '/api/webhooks/:id/deliveries',
    adminOnly,
    async (request): Promise<WebhookDeliveriesResponse> => ({
      deliveries: await listDeliveries(db, request.params.id, request.query),
    }),
  );
  app.post<Params>('/api/webhooks/deliveries/:id/resend', adminOnly, async (request, reply) => {
    await resendDelivery(db, request.params.id, actorOf(request));
    return reply.status(204).send();
  });
}
