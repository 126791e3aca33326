import { t } from '@lingui/core/macro';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { readBearerSecret } from './api-token-auth.ts';
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
 *
 * A call with an API token needs neither: the browser never adds an Authorization header on its
 * own, so a forged cross-site request cannot carry one (and access.ts then ignores the cookie).
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (readBearerSecret(request.headers.authorization) !== null) return;
    if (request.headers[CSRF_HEADER] !== '1' || isCrossSite(request)) {
      request.log.warn({ url: request.url }, 'cross-site request refused');
      throw new Forbidden(t`Cross-site request refused`, 'csrf');
    }
  });
}
