import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  noProviderYetMessage,
  signInSettingsInputSchema,
  ssoStartQuerySchema,
  type SignInSettings,
  type SsoButtons,
  type SsoError,
} from '@punchclock/shared/contracts/sso';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, parseInput } from '../../platform/errors.ts';
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

type SlugParams = { Params: { slug: string } };
type IdParams = { Params: { id: string } };

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
  const isPublic = { config: { access: 'public' as const } };
  const adminOnly = { config: { access: 'admin' as const } };
  const actorOf = (request: FastifyRequest) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const backToSignIn = (reply: FastifyReply, reason: SsoError) =>
    reply.redirect(`/auth?sso_error=${reason}`, 302);

  app.get('/api/auth/sso-providers', isPublic, async (): Promise<SsoButtons> => ({
    providers: await listButtons(db),
  }));

  app.get<SlugParams>('/api/auth/sso/:slug/start', isPublic, async (request, reply) => {
    try {
      const { returnTo } = ssoStartQuerySchema.catch({}).parse(request.query);
      const { location, state } = await startSignIn(db, config, request.params.slug, returnTo);
      pendingStateCookie.set(reply, request, config, state);
      return reply.redirect(location, 302);
    } catch (error) {
      if (error instanceof SsoRefusal) return backToSignIn(reply, error.reason);
      request.log.warn({ err: error, provider: request.params.slug }, 'sso start failed');
      return backToSignIn(reply, 'failed');
    }
  });

  app.get<SlugParams>('/api/auth/sso/:slug/callback', isPublic, async (request, reply) => {
    const cookieState = pendingStateCookie.read(request);
    pendingStateCookie.clear(reply);
    try {
      const { token, returnTo } = await finishSignIn(
        db,
        config,
        request.params.slug,
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
          after: { provider: request.params.slug.slice(0, 40), ...failure },
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
        { err: error instanceof Error ? error.message : error, provider: request.params.slug },
        'sso sign-in failed',
      );
      await auditFailure({ reason: 'token_rejected' });
      return backToSignIn(reply, 'failed');
    }
  });

  app.get('/api/admin/sso-providers', adminOnly, async () => ({
    providers: await listProviders(db, config),
  }));
  app.post('/api/admin/sso-providers', adminOnly, async (request, reply) =>
    reply
      .status(201)
      .send({ provider: await createProvider(db, config, request.body, actorOf(request)) }),
  );
  app.put<IdParams>('/api/admin/sso-providers/:id', adminOnly, async (request) => ({
    provider: await updateProvider(db, config, request.params.id, request.body, actorOf(request)),
  }));
  app.delete<IdParams>('/api/admin/sso-providers/:id', adminOnly, async (request, reply) => {
    await removeProvider(db, request.params.id, actorOf(request));
    return reply.status(204).send();
  });

  app.get('/api/admin/sign-in-settings', adminOnly, async (): Promise<SignInSettings> =>
    readSignInSettings(db),
  );
  app.put('/api/admin/sign-in-settings', adminOnly, async (request): Promise<SignInSettings> => {
    const input = parseInput(signInSettingsInputSchema, request.body);
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
