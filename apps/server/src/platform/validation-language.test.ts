import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import PO from 'pofile';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_ENDPOINTS, type EndpointContract } from '@punchclock/shared/contracts/api-catalogue';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser } from '../test/factories.ts';
import { encodeQueryValue } from '../test/hostile-input.ts';

/*
 * Every refusal is in the reader's language, whatever the schema (decision 0043): zod's own
 * English texts ("Invalid option: expected one of …", "Too big: …") and the English messages of
 * our catalogue never reach a French reader. The walk sends bad values to every field of every
 * endpoint's body and query string in the API catalogue.
 */

/** The English messages that have a different French translation. */
const ENGLISH_ONLY = (() => {
  const file = path.resolve(
    import.meta.dirname,
    '../../../../packages/shared/src/locales/fr-CA/messages.po',
  );
  const catalogue = PO.parse(readFileSync(file, 'utf8'));
  return new Set(
    catalogue.items
      .filter((item) => item.msgstr.join('') && item.msgstr.join('') !== item.msgid)
      .map((item) => item.msgid),
  );
})();

/** zod's default English texts (zod/v4/locales/en). */
const ZOD_ENGLISH =
  /^(Invalid (input|option|string|number|key|value|discriminator|element)\b|Invalid [A-Z]|Too (big|small):|Unrecognized keys?:)|expected (string|number|int|object|array|boolean|nonoptional)/;

function isEnglish(message: string): boolean {
  return ENGLISH_ONLY.has(message) || ZOD_ENGLISH.test(message);
}

/** Routes whose call would end the walk's session, or that read no input. */
const SKIPPED = new Set(['POST /api/auth/sign-out', 'GET /api/live', 'GET /api/backups/fresh']);

/** The fields of an object schema, through the wrappers our contracts use. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let current = schema as { _zod: { def: Record<string, unknown> } } | undefined;
  for (let depth = 0; current && depth < 10; depth += 1) {
    const def = current._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    current = (def.innerType ?? def.in ?? def.schema) as typeof current;
  }
  return [];
}

const BAD_BODY_VALUES: unknown[] = ['zzz-sieste', 12345.5, -1, true, [], {}, 'x'.repeat(3000)];
const BAD_QUERY_VALUES = ['zzz-sieste', '-1', '12345.5', 'x'.repeat(3000)];
const BAD_WHOLE_BODIES: unknown[] = [[], 'text', 42, { zzzUnknownField: 1 }];

describeEachDatabase('refusals in the reader’s language', (getDatabase) => {
  let app: FastifyInstance;
  let adminCookie: string;
  let employeeCookie: string;

  beforeAll(async () => {
    const db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    const employee = await createTestUser(db, { role: 'employee' });
    employeeCookie = await signInAs(app, employee.email, employee.password);
  });
  afterAll(async () => {
    await app.close();
  });

  function send(
    method: string,
    url: string,
    body: unknown,
    cookie = adminCookie,
    language = 'fr-CA',
  ) {
    return app.inject({
      method: method as 'POST',
      url,
      headers: {
        ...CSRF_HEADERS,
        cookie,
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  it('refuses a role that does not exist in French, and in English as before', async () => {
    const body = { name: 'Chef Cuisinier', email: 'chef@example.com', role: 'chef' };
    const french = await send('POST', '/api/users', body);
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toBe(
      "Le champ « role » doit valoir l'une de ces valeurs : admin, team_lead, employee, sme",
    );
    const english = await send('POST', '/api/users', body, adminCookie, 'en');
    expect(english.json().message).toBe(
      'The field "role" must be one of: admin, team_lead, employee, sme',
    );
  });

  it('refuses a kind of punch that does not exist in French', async () => {
    const response = await send(
      'POST',
      '/api/time-events',
      { eventType: 'sieste', id: randomUUID() },
      employeeCookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Le champ « eventType » doit valoir l'une de/);
  });

  it('answers an unknown or malformed API route in French', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await send(method, '/api/no-such-thing', undefined);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Introuvable', code: 'not_found' });
    }
    // A path that is not a valid URL (Fastify refuses it before routing).
    const badUrl = await send('GET', '/api/users/%E0%A4%A', undefined);
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      message: "L'adresse demandée n'est pas valide",
      code: 'bad_url',
    });
    // A known path called with a method it does not take.
    const wrongMethod = await send('DELETE', '/api/users', undefined);
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json().message).toBe('Introuvable');
  });

  it('never answers a French reader in English, for any bad value in any field of any endpoint', async () => {
    const english: string[] = [];
    let refusals = 0;
    for (const [key, contract] of Object.entries(
      API_ENDPOINTS as Record<string, EndpointContract>,
    )) {
      if (SKIPPED.has(key)) continue;
      const [method = 'GET', template = ''] = key.split(' ');
      const url = template.replace(/:\w+/g, () => encodeQueryValue(randomUUID()));
      const requests: { url: string; body?: unknown }[] = [];
      if (contract.body) {
        for (const body of BAD_WHOLE_BODIES) requests.push({ url, body });
        for (const field of fieldsOf(contract.body)) {
          for (const value of BAD_BODY_VALUES) requests.push({ url, body: { [field]: value } });
        }
      }
      if (contract.query) {
        for (const field of fieldsOf(contract.query)) {
          for (const value of BAD_QUERY_VALUES) {
            requests.push({ url: `${url}?${field}=${encodeQueryValue(value)}` });
          }
        }
      }
      for (const request of requests) {
        const response = await send(method, request.url, request.body);
        if (response.statusCode < 400 || response.statusCode >= 500) continue;
        const message = (response.json() as { message?: string }).message ?? '';
        refusals += 1;
        if (isEnglish(message)) {
          english.push(
            `${key} ${request.url.slice(0, 80)} ${JSON.stringify(request.body)?.slice(0, 80)} -> ${message}`,
          );
        }
      }
    }
    expect([...new Set(english)]).toEqual([]);
    expect(refusals).toBeGreaterThan(1000);
  }, 300_000);
});
