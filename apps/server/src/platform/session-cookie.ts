// request.cookies / reply.setCookie come from @fastify/cookie's type augmentation.
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

const PLAIN_NAME = 'punchclock_session';
// Over https the __Host- prefix pins the cookie to this exact host, path / and Secure.
const SECURE_NAME = '__Host-punchclock_session';

function isSecure(request: FastifyRequest, config: AppConfig): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_NAME] ?? request.cookies[PLAIN_NAME];
}

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: AppConfig,
  token: string,
): void {
  const secure = isSecure(request, config);
  void reply.setCookie(secure ? SECURE_NAME : PLAIN_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: config.sessionAbsoluteHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(PLAIN_NAME, { path: '/' });
  void reply.clearCookie(SECURE_NAME, { path: '/', secure: true });
}
