import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { passwordLinkRequestSchema as tokenBody } from '@punchclock/shared/contracts/users';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { parseInput } from '../../platform/errors.ts';
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
import { setUserSuspendedById } from './suspension.ts';

const idParams = z.object({ id: z.string() });

export function registerUserRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  mailer: Mailer | null,
): void {
  const actorOf = (request: FastifyRequest) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const admin = { config: { access: 'admin' as const } };
  const signedIn = { config: { access: 'signed-in' as const } };

  // Admins see and change everyone; team leads read their own team (docs/decisions/0008).
  app.get('/api/users', { config: { access: ['admin', 'team_lead'] as const } }, async (request) =>
    listUsers(db, config.timeZone, requireAuth(request), request.query),
  );
  app.get('/api/users/directory', admin, async () => ({ users: await listDirectory(db) }));
  app.post('/api/users', admin, async (request, reply) => {
    const { user, setPasswordLink } = await addUser(db, request.body, actorOf(request));
    const link =
      setPasswordLink &&
      (await emailPasswordLink(db, mailer, config, request.log, user, setPasswordLink, 'invite'));
    return reply.status(201).send({ user, setPasswordLink: link });
  });
  app.put('/api/users/:id', admin, async (request) => ({
    user: await updateUser(db, idParams.parse(request.params).id, request.body, actorOf(request)),
  }));
  app.post('/api/users/:id/suspend', admin, async (request) => ({
    user: await setUserSuspendedById(db, idParams.parse(request.params).id, true, actorOf(request)),
  }));
  app.post('/api/users/:id/unsuspend', admin, async (request) => ({
    user: await setUserSuspendedById(
      db,
      idParams.parse(request.params).id,
      false,
      actorOf(request),
    ),
  }));
  app.post('/api/users/:id/reset-password', admin, async (request) => {
    const { id } = idParams.parse(request.params);
    const link = await resetPassword(db, id, actorOf(request));
    const person = await findUserSummaryById(db, id);
    return {
      setPasswordLink: person
        ? await emailPasswordLink(db, mailer, config, request.log, person, link, 'reset')
        : link,
    };
  });

  // The signed-in person's own account (the header's account menu).
  app.put('/api/me/profile', signedIn, async (request) => ({
    user: await updateMyProfile(db, requireAuth(request), request.body, getRequestMeta(request)),
  }));
  app.post('/api/me/password', signedIn, async (request, reply) => {
    await changeMyPassword(db, requireAuth(request), request.body, getRequestMeta(request));
    return reply.status(204).send();
  });

  // One-time links: anyone holding the token may use it once. The token travels in bodies,
  // never in a URL, so it cannot end up in access logs.
  app.post('/api/auth/password-link', { config: { access: 'public' } }, async (request) =>
    getPasswordLinkInfo(db, parseInput(tokenBody, request.body).token),
  );
  app.post('/api/auth/set-password', { config: { access: 'public' } }, async (request) =>
    setPasswordWithLink(db, request.body, getRequestMeta(request)),
  );
}
