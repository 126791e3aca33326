// request.cookies / reply.setCookie come from @fastify/cookie's type augmentation.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

function isSecure(request: FastifyRequest, config: AppConfig): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

/**
 * An httpOnly credential cookie: `name` over plain http, `__Host-name` over https (the prefix
 * pins it to this exact host, path / and Secure). Sessions and kiosk devices each have one.
 */
export function credentialCookie(
  name: string,
  options: { sameSite: 'lax' | 'strict'; maxAgeSeconds: (config: AppConfig) => number },
) {
  const secureName = `__Host-${name}`;
  return {
    read(request: FastifyRequest): string | undefined {
      return request.cookies[secureName] ?? request.cookies[name];
    },
    set(reply: FastifyReply, request: FastifyRequest, config: AppConfig, value: string): void {
      const secure = isSecure(request, config);
      void reply.setCookie(secure ? secureName : name, value, {
        path: '/',
        httpOnly: true,
        sameSite: options.sameSite,
        secure,
        maxAge: options.maxAgeSeconds(config),
      });
    },
    clear(reply: FastifyReply): void {
      void reply.clearCookie(name, { path: '/' });
      void reply.clearCookie(secureName, { path: '/', secure: true });
    },
  };
}

const sessionCookie = credentialCookie('punchclock_session', {
  sameSite: 'lax',
  maxAgeSeconds: (config) => config.sessionAbsoluteHours * 3600,
});

export const readSessionToken = sessionCookie.read;
export const setSessionCookie = sessionCookie.set;
export const clearSessionCookie = sessionCookie.clear;

/**
 * A password sign-in waiting for its second step (two-step verification): its token names an
 * auth_challenges row that lives five minutes. Strict: only this site's own requests carry it.
 */
export const pendingSignInCookie = credentialCookie('punchclock_sign_in_step', {
  sameSite: 'strict',
  maxAgeSeconds: () => 5 * 60,
});

/** A passkey sign-in under way: names the auth_challenges row holding its challenge. */
export const passkeySignInCookie = credentialCookie('punchclock_passkey', {
  sameSite: 'strict',
  maxAgeSeconds: () => 5 * 60,
});
