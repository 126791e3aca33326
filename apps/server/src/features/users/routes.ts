import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { type Mailer } from '../email/index.ts';
import { findUserSummaryById, listDirectory } from '../people/index.ts';
import { addUser, listUsers, updateMyProfile, updateUser } from './accounts.ts';
import {
  changeMyPassword,
  getPasswordLinkInfo,
  resetPassword,
  setPasswordWithLink,
} from './passwords.ts';
import { emailPasswordLink } from './password-link-email.ts';
import { endUserSessions } from './session-ending.ts';
import { setUserSuspendedById } from './suspension.ts';
import { registerPeopleImportRoutes } from './import-routes.ts';

export function registerUserRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  mailer: Mailer | null,
): void {
  // Admins see and change everyone; team leads read their own team (docs/decisions/0008).
  implementEndpoint(app, 'GET /api/users', async ({ request }) =>
    listUsers(db, config.timeZone, requireAuth(request), request.query),
  );
  implementEndpoint(app, 'GET /api/users/directory', async () => ({
    users: await listDirectory(db),
  }));
  implementEndpoint(app, 'POST /api/users', async ({ request, reply }) => {
    const { user, setPasswordLink } = await addUser(db, request.body, actorOf(request));
    const link =
      setPasswordLink &&
      (await emailPasswordLink(db, mailer, config, request.log, user, setPasswordLink, 'invite'));
    void reply.status(201);
    return { user, setPasswordLink: link };
  });
  implementEndpoint(app, 'PUT /api/users/:id', async ({ request, params }) => ({
    user: await updateUser(db, params.id, request.body, actorOf(request)),
  }));
  implementEndpoint(app, 'POST /api/users/:id/suspend', async ({ request, params }) => ({
    user: await setUserSuspendedById(db, params.id, true, actorOf(request)),
  }));
  implementEndpoint(app, 'POST /api/users/:id/unsuspend', async ({ request, params }) => ({
    user: await setUserSuspendedById(db, params.id, false, actorOf(request)),
  }));
  implementEndpoint(app, 'POST /api/users/:id/sessions/end', async ({ request, params }) => ({
    sessionsEnded: await endUserSessions(
      db,
      params.id,
      requireAuth(request),
      getRequestMeta(request),
    ),
  }));
  implementEndpoint(app, 'POST /api/users/:id/reset-password', async ({ request, params }) => {
    const { id } = params;
    const link = await resetPassword(db, id, actorOf(request));
    const person = await findUserSummaryById(db, id);
    return {
      setPasswordLink: person
        ? await emailPasswordLink(db, mailer, config, request.log, person, link, 'reset')
        : link,
    };
  });

  // The signed-in person's own account (the header's account menu).
  implementEndpoint(app, 'PUT /api/me/profile', async ({ request }) => ({
    user: await updateMyProfile(db, requireAuth(request), request.body, getRequestMeta(request)),
  }));
  implementEndpoint(app, 'POST /api/me/password', async ({ request, reply }) => {
    await changeMyPassword(db, requireAuth(request), request.body, getRequestMeta(request));
    return reply.status(204).send();
  });

  // One-time links: anyone holding the token may use it once. The token travels in bodies,
  // never in a URL, so it cannot end up in access logs.
  implementEndpoint(app, 'POST /api/auth/password-link', async ({ body }) =>
    getPasswordLinkInfo(db, body.token),
  );
  implementEndpoint(app, 'POST /api/auth/set-password', async ({ request }) =>
    setPasswordWithLink(db, request.body, getRequestMeta(request)),
  );

  registerPeopleImportRoutes(app, db, config, mailer);
}
