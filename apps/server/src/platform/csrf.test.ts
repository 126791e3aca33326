import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CSRF_HEADERS, getSessionUser, nextTestIp, signInAs } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser, type TestUser } from '../test/factories.ts';

const HOST = 'punchclock.example';
const REFUSED = { message: 'Cross-site request refused', code: 'csrf' };

describeEachDatabase('csrf protection', (getDatabase) => {
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    user = await createTestUser(getDatabase().db);
  });
  afterAll(async () => {
    await app.close();
  });

  function postSignIn(headers: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { host: HOST, ...headers },
      remoteAddress: nextTestIp(),
      payload: { email: user.email, password: user.password },
    });
  }

  describe('a state-changing request', () => {
    it('is refused with 403 without the x-csrf-protection header', async () => {
      const response = await postSignIn({});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('is refused when the header has another value', async () => {
      const response = await postSignIn({ 'x-csrf-protection': 'true' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    });

    it('is refused from a foreign Origin even with the header', async () => {
      const response = await postSignIn({ ...CSRF_HEADERS, origin: 'https://evil.example' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    });

    it('is refused with a malformed Origin', async () => {
      const response = await postSignIn({ ...CSRF_HEADERS, origin: 'not a url' });
      expect(response.statusCode).toBe(403);
    });

    it.each(['cross-site', 'same-site'])(
      'is refused with sec-fetch-site: %s even with the header',
      async (fetchSite) => {
        const response = await postSignIn({ ...CSRF_HEADERS, 'sec-fetch-site': fetchSite });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(REFUSED);
      },
    );

    it('is accepted with the header from the same origin', async () => {
      const response = await postSignIn({
        ...CSRF_HEADERS,
        origin: `http://${HOST}`,
        'sec-fetch-site': 'same-origin',
      });
      expect(response.statusCode).toBe(200);
    });

    it('is accepted with the header and no Origin (a non-browser client)', async () => {
      expect((await postSignIn(CSRF_HEADERS)).statusCode).toBe(200);
    });

    it('cannot sign a user out from another site', async () => {
      const cookie = await signInAs(app, user.email, user.password);
      const forged = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie, host: HOST, origin: 'https://evil.example' },
      });
      expect(forged.statusCode).toBe(403);
      expect((await getSessionUser(app, cookie))?.id).toBe(user.id);
    });
  });

  it('does not apply to reads', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { host: HOST, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
