import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, CSRF_HEADERS, nextTestIp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

/*
 * Requests Fastify refuses before any route reads them (a body that is not JSON, too large, of
 * another type) get a message in the reader's language and a stable code, like every refusal
 * the routes make.
 */
describeEachDatabase('requests refused before a route reads them', (getDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  function signIn(payload: string, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...CSRF_HEADERS, 'content-type': 'application/json', ...headers },
      remoteAddress: nextTestIp(),
      payload,
    });
  }

  it.each([
    [
      'a body that is not JSON',
      '{"email":',
      {},
      400,
      'invalid_json',
      'The request is not valid JSON',
    ],
    [
      'a body that sets __proto__',
      '{"__proto__":{"role":"admin"}}',
      {},
      400,
      'invalid_json',
      'The request is not valid JSON',
    ],
    ['an empty JSON body', '', {}, 400, 'empty_body', 'The request has no body'],
    [
      'a body over 256 KB',
      JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(300 * 1024) }),
      {},
      413,
      'body_too_large',
      'The request is too large',
    ],
    [
      'a body of another type',
      '<email/>',
      { 'content-type': 'application/xml' },
      415,
      'unsupported_media_type',
      'Send the request as JSON',
    ],
  ])('answers %s with a clear message', async (_, payload, headers, status, code, message) => {
    const response = await signIn(payload, headers);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message, code });
  });

  it('says it in French to a French reader', async () => {
    const response = await signIn('{"email":', { 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "La requête n'est pas du JSON valide",
      code: 'invalid_json',
    });
  });
});
