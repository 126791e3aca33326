import { t } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import { getRoleFlags } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
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
  const signedIn = { config: { access: 'signed-in' as const } };
  const callerOf = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { userId: auth.userId, isAdmin: getRoleFlags(auth.role).isAdmin };
  };

  app.get('/api/calendar-feeds', signedIn, async (request) =>
    listMyCalendarFeeds(db, callerOf(request)),
  );
  app.post('/api/calendar-feeds', signedIn, async (request, reply) => {
    // The address as the person's browser reached this server (TRUST_PROXY decides the host).
    const origin = `${request.protocol}://${request.host}`;
    const created = await createCalendarFeed(
      db,
      callerOf(request),
      request.body,
      origin,
      getRequestMeta(request),
    );
    return reply.status(201).send(created);
  });
  app.delete<{ Params: { id: string } }>(
    '/api/calendar-feeds/:id',
    signedIn,
    async (request, reply) => {
      await removeCalendarFeed(db, callerOf(request), request.params.id, getRequestMeta(request));
      return reply.status(204).send();
    },
  );

  // The secret address itself: calendar apps call it with no session (the token is the key).
  app.get<{ Params: { token: string } }>(
    '/api/calendar-feeds/:token.ics',
    { config: { access: 'public' } },
    async (request, reply) => {
      const calendar = await readCalendarFeed(db, request.params.token, config.timeZone);
      if (calendar === null) throw new NotFound(t`No such calendar address`);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(calendar);
    },
  );
}
