import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { LiveHub } from '../../platform/live-events.ts';

export function registerLiveRoutes(app: FastifyInstance, hub: LiveHub): void {
  // One Server-Sent Events stream per tab: "change" frames name the topic to re-fetch.
  app.get('/api/live', { config: { access: 'signed-in' } }, async (request, reply) => {
    const auth = requireAuth(request);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    hub.subscribe(auth.userId, reply.raw, auth.role);
  });
}
