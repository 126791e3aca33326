import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { Forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (origin) {
    try {
      const { host, protocol } = new URL(origin);
      // A proxy may spell the default port out in Host ("example.com:443"); browsers never do.
      const defaultPort = protocol === 'https:' ? /:443$/ : /:80$/;
      return host !== request.host.replace(defaultPort, '');
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Every state-changing API call must carry a custom header (which a cross-site form cannot send
 * and cross-site fetch cannot send without a CORS preflight we never grant) and must not come
 * from another origin by Origin / Sec-Fetch-Site. GET never changes state.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers[CSRF_HEADER] !== '1' || isCrossSite(request)) {
      request.log.warn({ url: request.url }, 'cross-site request refused');
      throw new Forbidden('Cross-site request refused', 'csrf');
    }
  });
}
