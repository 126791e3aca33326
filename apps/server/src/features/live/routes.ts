import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { TooManyRequests } from '../../platform/errors.ts';
import type { LiveHub } from '../../platform/live-events.ts';

/** What a refused browser is told to wait; the web client backs off further on repeats. */
const REFUSED_RETRY_AFTER_SECONDS = 30;

export function registerLiveRoutes(app: FastifyInstance, hub: LiveHub): void {
  // One Server-Sent Events stream per tab: "change" frames name the topic to re-fetch.
  implementEndpoint(app, 'GET /api/live', async ({ request, reply }) => {
    const auth = requireAuth(request);
    const refusal = hub.refusalFor(auth.sessionId, auth.userId);
    if (refusal) throw new TooManyRequests(refusal, REFUSED_RETRY_AFTER_SECONDS);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    hub.subscribe(auth, reply.raw);
  });
}
