import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  noProviderYetMessage,
  ssoStartQuerySchema,
  type SsoError,
} from '@punchclock/shared/contracts/sso';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { Invalid } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { credentialCookie, setSessionCookie } from '../../platform/session-cookie.ts';
import { readSignInSettings, writePasswordSignInScope } from '../auth/index.ts';
import {
  createProvider,
  listButtons,
  listProviders,
  removeProvider,
  updateProvider,
} from './providers.ts';
import { finishSignIn, SsoRefusal, startSignIn, type SsoFailure } from './sign-in-flow.ts';

/**
 * Ties the way back to the browser that set off: the state is also kept here, and a callback
 * whose state differs (someone else's sign-in link) is refused.
 */
const pendingStateCookie = credentialCookie('punchclock_sso', {
  sameSite: 'lax',
  maxAgeSeconds: () => 10 * 60,
});

/** Single sign-on (#19, decision 0035): the browser's round trip, and the admin's settings. */
export function registerSsoRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const backToSignIn = (reply: FastifyReply, reason: SsoError) =>
    reply.redirect(`/auth?sso_error=${reason}`, 302);

  implementEndpoint(app, 'GET /api/auth/sso-providers', async () => ({
    providers: await listButtons(db),
  }));

  implementEndpoint(app, 'GET /api/auth/sso/:slug/start', async ({ request, reply, params }) => {
    try {
      const { returnTo } = ssoStartQuerySchema.catch({}).parse(request.query);
      const { location, state } = await startSignIn(db, config, params.slug, returnTo);
      pendingStateCookie.set(reply, request, config, state);
      return reply.redirect(location, 302);
    } catch (error) {
      if (error instanceof SsoRefusal) return backToSignIn(reply, error.reason);
      request.log.warn({ err: error, provider: params.slug }, 'sso start failed');
      return backToSignIn(reply, 'failed');
    }
  });

  implementEndpoint(app, 'GET /api/auth/sso/:slug/callback', async ({ request, reply, params }) => {
    const cookieState = pendingStateCookie.read(request);
    pendingStateCookie.clear(reply);
    try {
      const { token, returnTo } = await finishSignIn(
        db,
        config,
        params.slug,
        stringParams(request.query),
        cookieState,
        getRequestMeta(request),
      );
      setSessionCookie(reply, request, config, token);
      return reply.redirect(returnTo, 302);
    } catch (error) {
      // Who it was is unknown: the row holds what is known (provider, reason, address).
      const auditFailure = (failure: SsoFailure) =>
        writeAudit(db, {
          actorId: null,
          action: 'auth.sso_failed',
          entityType: 'sso_provider',
          entityId: null,
          after: { provider: params.slug.slice(0, 40), ...failure },
          meta: getRequestMeta(request),
        }).catch((auditError: unknown) =>
          request.log.error({ err: auditError }, 'sso audit failed'),
        );
      if (error instanceof SsoRefusal) {
        if (error.failure) await auditFailure(error.failure);
        return backToSignIn(reply, error.reason);
      }
      // The provider's answer did not check out (or it could not be reached): say little.
      request.log.warn(
        { err: error instanceof Error ? error.message : error, provider: params.slug },
        'sso sign-in failed',
      );
      await auditFailure({ reason: 'token_rejected' });
      return backToSignIn(reply, 'failed');
    }
  });

  implementEndpoint(app, 'GET /api/admin/sso-providers', async () => ({
    providers: await listProviders(db, config),
  }));
  implementEndpoint(app, 'POST /api/admin/sso-providers', async ({ request, reply }) => {
    void reply.status(201);
    return { provider: await createProvider(db, config, request.body, actorOf(request)) };
  });
  implementEndpoint(app, 'PUT /api/admin/sso-providers/:id', async ({ request, params }) => ({
    provider: await updateProvider(db, config, params.id, request.body, actorOf(request)),
  }));
  implementEndpoint(
    app,
    'DELETE /api/admin/sso-providers/:id',
    async ({ request, reply, params }) => {
      await removeProvider(db, params.id, actorOf(request));
      return reply.status(204).send();
    },
  );

  implementEndpoint(app, 'GET /api/admin/sign-in-settings', async () => readSignInSettings(db));
  implementEndpoint(app, 'PUT /api/admin/sign-in-settings', async ({ request, body: input }) => {
    const actor = actorOf(request);
    if (input.passwordSignIn === 'first_admin_only' && (await listButtons(db)).length === 0) {
      throw new Invalid(noProviderYetMessage(), 'no_sso_provider');
    }
    await db.transaction(async (tx) => {
      const before = await readSignInSettings(tx);
      await writePasswordSignInScope(tx, input.passwordSignIn);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'settings.password_sign_in',
        entityType: 'settings',
        entityId: null,
        before: { localSignIn: before.passwordSignIn },
        after: { localSignIn: input.passwordSignIn },
        meta: actor.meta,
      });
    });
    return readSignInSettings(db);
  });
}

/** Query values as strings; a repeated parameter counts once (its first value). */
function stringParams(query: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') result[key] = first.slice(0, 4000);
  }
  return result;
}
