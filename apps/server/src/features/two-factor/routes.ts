import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  passkeySignInCookie,
  pendingSignInCookie,
  setSessionCookie,
} from '../../platform/session-cookie.ts';
import {
  addPasskey,
  changeTwoFactorSettings,
  confirmTotpSetup,
  readMyTwoFactor,
  readTwoFactorSettings,
  regenerateRecoveryCodes,
  removeMyPasskey,
  removeTotp,
  renameMyPasskey,
  resetTwoFactor,
  startPasskeyRegistration,
  startTotpSetup,
  type SessionActor,
} from './account.ts';
import {
  finishSecondFactor,
  passkeySignInOptions,
  secondFactorPasskeyOptions,
  signInWithPasskey,
} from './sign-in.ts';

function sessionActorOf(request: FastifyRequest): SessionActor {
  const auth = requireAuth(request);
  return {
    ...actorOf(request),
    sessionId: auth.sessionId,
    isSetupOnly: auth.mustSetUpTwoFactor === true,
  };
}

/** Two-step verification (#33 part 4, decision 0056). */
export function registerTwoFactorRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  implementEndpoint(app, 'POST /api/auth/second-factor', async ({ request, reply }) => {
    const { token, user } = await finishSecondFactor(
      db,
      config,
      pendingSignInCookie.read(request),
      request.body,
      getRequestMeta(request),
    );
    pendingSignInCookie.clear(reply);
    setSessionCookie(reply, request, config, token);
    return { user };
  });
  implementEndpoint(app, 'POST /api/auth/second-factor/passkey-options', async ({ request }) =>
    secondFactorPasskeyOptions(db, config, pendingSignInCookie.read(request)),
  );

  implementEndpoint(app, 'POST /api/auth/passkey-options', async ({ request, reply }) => {
    const { token, options } = await passkeySignInOptions(db, config, getRequestMeta(request));
    passkeySignInCookie.set(reply, request, config, token);
    return options;
  });
  implementEndpoint(app, 'POST /api/auth/passkey', async ({ request, reply, body }) => {
    const challengeToken = passkeySignInCookie.read(request);
    passkeySignInCookie.clear(reply);
    const { token, user } = await signInWithPasskey(
      db,
      config,
      challengeToken,
      body.passkey,
      getRequestMeta(request),
    );
    pendingSignInCookie.clear(reply);
    setSessionCookie(reply, request, config, token);
    return { user };
  });

  implementEndpoint(app, 'GET /api/me/two-factor', async ({ request }) =>
    readMyTwoFactor(db, actorOf(request).actorId),
  );
  implementEndpoint(app, 'POST /api/me/two-factor/totp', async ({ request, body }) =>
    startTotpSetup(db, config, body, sessionActorOf(request)),
  );
  implementEndpoint(app, 'POST /api/me/two-factor/totp/confirm', async ({ request, body }) =>
    confirmTotpSetup(db, body.code, sessionActorOf(request)),
  );
  implementEndpoint(
    app,
    'POST /api/me/two-factor/totp/remove',
    async ({ request, reply, body }) => {
      await removeTotp(db, config, body, actorOf(request));
      return reply.status(204).send();
    },
  );
  implementEndpoint(app, 'POST /api/me/two-factor/recovery-codes', async ({ request, body }) =>
    regenerateRecoveryCodes(db, config, body, sessionActorOf(request)),
  );
  implementEndpoint(app, 'POST /api/me/passkeys/options', async ({ request, body }) =>
    startPasskeyRegistration(db, config, body, sessionActorOf(request)),
  );
  implementEndpoint(app, 'POST /api/me/passkeys', async ({ request, reply, body }) => {
    const passkey = await addPasskey(db, config, body, sessionActorOf(request));
    void reply.status(201);
    return passkey;
  });
  implementEndpoint(app, 'PUT /api/me/passkeys/:id', async ({ request, params, body }) =>
    renameMyPasskey(db, params.id, body.name, actorOf(request)),
  );
  implementEndpoint(app, 'DELETE /api/me/passkeys/:id', async ({ request, reply, params }) => {
    await removeMyPasskey(db, params.id, actorOf(request));
    return reply.status(204).send();
  });

  implementEndpoint(app, 'GET /api/admin/two-factor-settings', async () =>
    readTwoFactorSettings(db),
  );
  implementEndpoint(app, 'PUT /api/admin/two-factor-settings', async ({ request, body }) =>
    changeTwoFactorSettings(db, body.required, actorOf(request)),
  );
  implementEndpoint(app, 'DELETE /api/users/:id/two-factor', async ({ request, reply, params }) => {
    await resetTwoFactor(db, params.id, actorOf(request));
    return reply.status(204).send();
  });
}
