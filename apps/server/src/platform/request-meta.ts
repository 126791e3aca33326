import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit log records it. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** The API token the request was made with, if any: audit rows name it (decision 0032). */
  apiTokenId?: string | null;
}

export function getRequestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: userAgent ? userAgent.slice(0, 500) : null,
    apiTokenId: request.auth?.apiToken?.id ?? null,
  };
}

/** For actions with no HTTP request behind them (CLI, start-up, jobs). */
export const SYSTEM_META: RequestMeta = { ip: null, userAgent: 'punchclock-system' };
