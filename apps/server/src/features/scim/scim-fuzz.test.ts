import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { hostileString, wrongType } from '../../test/hostile-input.ts';
import { scimGroup, scimServiceToken, scimUser } from '../../test/scim.ts';

/** Kept small so the file runs quickly; FAST_CHECK_RUNS=200 for a deep search. */
const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 25);

const ATTRIBUTES = [
  'userName',
  'active',
  'displayName',
  'name',
  'name.givenName',
  'name.formatted',
  'externalId',
  'preferredLanguage',
  'locale',
  'emails',
  'emails[type eq "work"].value',
  'members',
  'members[value eq "x"]',
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager',
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber',
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
];

const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  wrongType,
  fc.constantFrom('True', 'False', true, false, null, 'fr-CA'),
  fc.jsonValue({ maxDepth: 2 }),
);

const attribute = fc.oneof(fc.constantFrom(...ATTRIBUTES), hostileString);

/** A body shaped like a SCIM resource, or not at all. */
const resourceBody = fc.oneof(
  fc.dictionary(attribute, value, { maxKeys: 6 }),
  fc.record({ userName: fc.oneof(fc.emailAddress(), hostileString), name: value, active: value }),
  fc.record({ displayName: hostileString, members: value }),
  wrongType,
);

const operation = fc.record(
  {
    op: fc.oneof(fc.constantFrom('add', 'Replace', 'remove', 'REMOVE'), hostileString),
    path: fc.oneof(attribute, fc.constant(null)),
    value,
  },
  { requiredKeys: ['op'] },
);

const patchBody = fc.oneof(
  fc.record({
    schemas: fc.constant(['urn:ietf:params:scim:api:messages:2.0:PatchOp']),
    Operations: fc.array(operation, { maxLength: 4 }),
  }),
  fc.record({ schemas: value, Operations: value }),
  wrongType,
);

const filter = fc.oneof(
  hostileString,
  fc
    .tuple(attribute, fc.constantFrom('eq', 'ne', 'co', 'sw', 'pr', 'gt', 'and'), hostileString)
    .map(([name, op, compared]) => `${name} ${op} ${JSON.stringify(compared)}`),
);

describeEachDatabase('SCIM answers any input without a server error', (getDatabase) => {
  let app: FastifyInstance;
  let secret: string;
  let userId: string;
  let groupId: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(getDatabase().db, { role: 'admin' });
    secret = await scimServiceToken(app, await signInAs(app, admin.email, admin.password));
    userId = await scimUser(app, secret);
    groupId = await scimGroup(app, secret, [userId]);
  });
  afterAll(async () => {
    await app.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) {
    return app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) ?? 'null' }),
    });
  }

  /**
   * Below 500, and a refusal in SCIM's error shape — but for an address that does not decode,
   * which Fastify refuses before routing (app-wide, errors.ts answerFrameworkError).
   */
  function isSound(response: Awaited<ReturnType<typeof call>>): boolean {
    if (response.statusCode >= 500) return false;
    if (response.statusCode < 400) return true;
    const body = response.json() as { schemas?: unknown; detail?: unknown; code?: unknown };
    if (body.code === 'bad_url' || body.code === 'bad_request') return response.statusCode === 400;
    return Array.isArray(body.schemas) && typeof body.detail === 'string';
  }

  it('any body to Users and Groups, any PATCH, any filter', async () => {
    const cases: [string, fc.Arbitrary<unknown>, (input: unknown) => ReturnType<typeof call>][] = [
      ['POST /Users', resourceBody, (body) => call('POST', '/scim/v2/Users', body)],
      ['PUT /Users/:id', resourceBody, (body) => call('PUT', `/scim/v2/Users/${userId}`, body)],
      ['PATCH /Users/:id', patchBody, (body) => call('PATCH', `/scim/v2/Users/${userId}`, body)],
      ['POST /Groups', resourceBody, (body) => call('POST', '/scim/v2/Groups', body)],
      ['PUT /Groups/:id', resourceBody, (body) => call('PUT', `/scim/v2/Groups/${groupId}`, body)],
      ['PATCH /Groups/:id', patchBody, (body) => call('PATCH', `/scim/v2/Groups/${groupId}`, body)],
      [
        'GET /Users?filter',
        fc.tuple(filter, hostileString, hostileString),
        (input) => {
          const [text, start, count] = input as string[];
          const query = new URLSearchParams({ filter: text!, startIndex: start!, count: count! });
          return call('GET', `/scim/v2/Users?${query.toString()}`);
        },
      ],
      [
        'GET /Groups?filter',
        filter,
        (text) =>
          call(
            'GET',
            `/scim/v2/Groups?${new URLSearchParams({ filter: text as string }).toString()}`,
          ),
      ],
      [
        'GET /Users/:id?attributes',
        fc.array(fc.tuple(fc.constantFrom('attributes', 'excludedAttributes'), hostileString), {
          maxLength: 3,
        }),
        (pairs) => {
          const query = (pairs as [string, string][])
            .map(([key, text]) => `${key}=${encodeURIComponent(text)}`)
            .join('&');
          return call('GET', `/scim/v2/Users/${userId}?${query}`);
        },
      ],
      [
        'GET /Users/:id',
        hostileString,
        (id) => call('GET', `/scim/v2/Users/${encodeURIComponent(id as string)}`),
      ],
    ];
    const failures: string[] = [];
    for (const [name, arbitrary, send] of cases) {
      await fc
        .assert(
          fc.asyncProperty(arbitrary, async (input) => {
            const response = await send(input);
            const sound = isSound(response);
            if (!sound) {
              failures.push(
                `${name} ${JSON.stringify(input)?.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            }
            return sound;
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
