// request.cookies / reply.setCookie come from @fastify/cookie's type augmentation.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';

const PLAIN_NAME = 'punchclock_kiosk';
// Over https the __Host- prefix pins the cookie to this exact host, path / and Secure.
const SECURE_NAME = '__Host-punchclock_kiosk';
/** Browsers cap a cookie's life at 400 days; a device is revoked by an admin, not by age. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;

function isSecure(request: FastifyRequest, config: AppConfig): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

export function readDeviceToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_NAME] ?? request.cookies[PLAIN_NAME];
}

export function setDeviceCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: AppConfig,
  token: string,
): void {
  const secure = isSecure(request, config);
  void reply.setCookie(secure ? SECURE_NAME : PLAIN_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

export function clearDeviceCookie(reply: FastifyReply): void {
  void reply.clearCookie(PLAIN_NAME, { path: '/' });
  void reply.clearCookie(SECURE_NAME, { path: '/', secure: true });
}
