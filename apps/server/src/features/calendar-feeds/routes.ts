import { t } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { NotFound } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  createCalendarFeed,
  listMyCalendarFeeds,
  readCalendarFeed,
  removeCalendarFeed,
} from './feeds.ts';

/** Calendar feeds (#18 point 4): manage one's secret addresses; calendar apps read them. */
export function registerCalendarFeedRoutes(
  app: FastifyInstance,
  db: Db,
  config: { timeZone: string },
): void {
  const callerOf = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { userId: auth.userId, isAdmin: getRoleFlags(auth.role).isAdmin };
  };

  implementEndpoint(app, 'GET /api/calendar-feeds', async ({ request }) =>
    listMyCalendarFeeds(db, callerOf(request)),
  );
  implementEndpoint(app, 'POST /api/calendar-feeds', async ({ request, reply }) => {
    // The address as the person's browser reached this server (TRUST_PROXY decides the host).
    const origin = `${request.protocol}://${request.host}`;
    const created = await createCalendarFeed(
      db,
      callerOf(request),
      request.body,
      origin,
      getRequestMeta(request),
    );
    void reply.status(201);
    return created;
  });
  implementEndpoint(app, 'DELETE /api/calendar-feeds/:id', async ({ request, reply, params }) => {
    await removeCalendarFeed(db, callerOf(request), params.id, getRequestMeta(request));
    return reply.status(204).send();
  });

  // The secret address itself: calendar apps call it with no session (the token is the key).
  implementEndpoint(app, 'GET /api/calendar-feeds/:token.ics', async ({ reply, params }) => {
    const calendar = await readCalendarFeed(db, params.token, config.timeZone);
    if (calendar === null) throw new NotFound(t`No such calendar address`);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .send(calendar);
  });
}
