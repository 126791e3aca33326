import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_ENDPOINTS, type EndpointContract } from '@punchclock/shared/contracts/api-catalogue';
import type { Db } from '../db/client.ts';
import { assignedSchedules, scheduleTemplates, teams, timeOffTypes, users } from '../db/schema.ts';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser } from '../test/factories.ts';
import { seedAssignment, seedTemplate } from '../test/schedules.ts';
import { seedTeam, uniqueTeamName } from '../test/users.ts';
import {
  arbitraryFor,
  encodeQueryValue,
  type GeneratorContext,
  hostileString,
  toQueryString,
  wrongType,
} from '../test/hostile-input.ts';

interface RouteInput {
  /** The contract the body is generated from; other routes get arbitrary JSON. */
  body?: z.ZodType;
  /** The contract the query string is generated from; other routes get arbitrary parameters. */
  query?: z.ZodType;
  /** Called without a session (signing out would end the admin's). */
  anonymous?: boolean;
}

/** Called without a session: sign-in and the kiosk's routes (signing out would end the admin's). */
const ANONYMOUS = new Set([
  'GET /api/openapi.json',
  'POST /api/auth/sign-in',
  'POST /api/auth/sign-out',
  'POST /api/auth/password-link',
  'POST /api/auth/set-password',
  'GET /api/setup/status',
  'POST /api/setup/link',
  'POST /api/setup',
  'POST /api/kiosk/enrol',
  'GET /api/kiosk/device',
  'POST /api/kiosk/identify',
  'POST /api/kiosk/punch',
  'POST /api/kiosk/offline-punch',
  'GET /api/docs',
  'GET /api/docs/:asset',
  'GET /api/calendar-feeds/:token.ics',
  'GET /api/auth/sso-providers',
  'GET /api/auth/sso/:slug/start',
  'GET /api/auth/sso/:slug/callback',
  'POST /api/auth/second-factor',
  'POST /api/auth/second-factor/passkey-options',
  'POST /api/auth/passkey-options',
  'POST /api/auth/passkey',
]);

/** SCIM answers only a directory's token, and says its refusals in SCIM's own shape. */
const SCIM_FUZZED =
  'only a SCIM service token reaches it: fuzzed with one in features/scim/scim-fuzz.test.ts';

/** Routes that take no request input to speak of, or cannot be called this way. */
const NOT_FUZZED: Record<string, string> = {
  'GET /api/live': 'a server-sent event stream that stays open; it reads no input',
  'GET /api/backups/fresh': 'reads no input, and each call snapshots the whole database',
  'GET /scim/v2/ServiceProviderConfig': SCIM_FUZZED,
  'GET /scim/v2/ResourceTypes': SCIM_FUZZED,
  'GET /scim/v2/ResourceTypes/:name': SCIM_FUZZED,
  'GET /scim/v2/Schemas': SCIM_FUZZED,
  'GET /scim/v2/Schemas/:urn': SCIM_FUZZED,
  'GET /scim/v2/Users': SCIM_FUZZED,
  'POST /scim/v2/Users': SCIM_FUZZED,
  'GET /scim/v2/Users/:id': SCIM_FUZZED,
  'PUT /scim/v2/Users/:id': SCIM_FUZZED,
  'PATCH /scim/v2/Users/:id': SCIM_FUZZED,
  'DELETE /scim/v2/Users/:id': SCIM_FUZZED,
  'GET /scim/v2/Groups': SCIM_FUZZED,
  'POST /scim/v2/Groups': SCIM_FUZZED,
  'GET /scim/v2/Groups/:id': SCIM_FUZZED,
  'PUT /scim/v2/Groups/:id': SCIM_FUZZED,
  'PATCH /scim/v2/Groups/:id': SCIM_FUZZED,
  'DELETE /scim/v2/Groups/:id': SCIM_FUZZED,
};

/**
 * Every /api route, with the contracts of what it reads: the catalogue the OpenAPI document is
 * made from (packages/shared/src/contracts/api-catalogue.ts), and the reference page's own two.
 */
const ROUTE_INPUTS: Record<string, RouteInput> = {
  ...Object.fromEntries(
    Object.entries(API_ENDPOINTS as Record<string, EndpointContract>)
      .filter(([key]) => !(key in NOT_FUZZED))
      .map(([key, contract]) => [
        key,
        { body: contract.body, query: contract.query, anonymous: ANONYMOUS.has(key) },
      ]),
  ),
  'GET /api/docs': { anonymous: true },
  'GET /api/docs/:asset': { anonymous: true },
};

/** Kept small so the file runs in well under a minute; FAST_CHECK_RUNS=200 for a deep search. */
const RUNS_PER_ROUTE = Number(process.env.FAST_CHECK_RUNS ?? 12);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const apiRoutes = (app: FastifyInstance) =>
  app.apiRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');

/** A path parameter: usually an id that exists, sometimes something hostile. */
const pathParameter = (context: GeneratorContext) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...context.knownIds), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: hostileString.filter((value) => value !== ''), weight: 1 },
  );

function requestArbitrary(key: string, input: RouteInput, context: GeneratorContext) {
  const [method = 'GET', template = ''] = key.split(' ');
  const parameterCount = (template.match(/:\w+/g) ?? []).length;
  return fc.record({
    parameters: fc.array(pathParameter(context), {
      minLength: parameterCount,
      maxLength: parameterCount,
    }),
    query: input.query
      ? arbitraryFor(input.query, context)
      : fc.dictionary(fc.constantFrom('from', 'to', 'search', 'id', 'q'), hostileString, {
          maxKeys: 2,
        }),
    body: MUTATING.has(method)
      ? input.body
        ? arbitraryFor(input.body, context)
        : fc.oneof(fc.constant(undefined), wrongType)
      : fc.constant(undefined),
  });
}

describeEachDatabase('hostile input on every route', (getDatabase) => {
  let app: FastifyInstance;
  let adminCookie: string;
  const context: GeneratorContext = { knownIds: [] };

  beforeAll(async () => {
    const db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    // Records for generated ids to point at, so requests get past their lookups. Not the
    // admin's own id: suspending or resetting the caller would end the run's session.
    const employee = await createTestUser(db, { role: 'employee' });
    const template = await seedTemplate(db);
    await seedAssignment(db, {
      userId: employee.id,
      templateId: template.id,
      dateRangeStart: '2026-01-01',
      dateRangeEnd: '2026-12-31',
    });
    const lead = await createTestUser(db, { role: 'team_lead' });
    await seedTeam(db, { name: uniqueTeamName(), leadUserId: lead.id });
    context.knownIds = (await readSomeIds(db)).filter((id) => id !== admin.id);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every /api route (add new ones to ROUTE_INPUTS)', () => {
    const keys = apiRoutes(app).map(routeKey);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((key) => !(key in ROUTE_INPUTS) && !(key in NOT_FUZZED))).toEqual([]);
    expect(Object.keys(ROUTE_INPUTS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it(
    'answers any body, query string and path parameter without a server error',
    async () => {
      const failures: string[] = [];
      for (const [key, input] of Object.entries(ROUTE_INPUTS)) {
        const [method = 'GET', template = ''] = key.split(' ');
        await fc
          .assert(
            fc.asyncProperty(
              requestArbitrary(key, input, context),
              async ({ parameters, query, body }) => {
                let index = 0;
                const path = template.replace(/:\w+/g, () =>
                  encodeQueryValue(parameters[index++] ?? ''),
                );
                const url = `${path}${toQueryString(query)}`;
                const response = await app.inject({
                  method: method as 'GET',
                  url,
                  headers: {
                    ...CSRF_HEADERS,
                    ...(input.anonymous ? {} : { cookie: adminCookie }),
                    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
                });
                const problem =
                  response.statusCode >= 500
                    ? `${response.statusCode} ${response.body.slice(0, 200)}`
                    : response.statusCode >= 400 && !hasMessage(response.body)
                      ? `${response.statusCode} without a message: ${response.body.slice(0, 200)}`
                      : null;
                if (problem) {
                  failures.push(
                    `${key}: ${url.slice(0, 300)} ${JSON.stringify(body)?.slice(0, 300)} -> ${problem}`,
                  );
                }
                return problem === null;
              },
            ),
            { numRuns: RUNS_PER_ROUTE, seed: seedFor(key), endOnFailure: true },
          )
          .catch(() => undefined); // every failure is collected above, so all routes are reported
      }
      expect(failures, `FAST_CHECK_SEED=${RUN_SEED}`).toEqual([]);
    },
    Math.max(120_000, RUNS_PER_ROUTE * 5_000),
  );
});

/** A few ids from each table a request can name. */
async function readSomeIds(db: Db): Promise<string[]> {
  const tables = [users, teams, scheduleTemplates, assignedSchedules, timeOffTypes];
  const ids = await Promise.all(
    tables.map((table) => db.select({ id: table.id }).from(table).limit(4)),
  );
  return ids.flat().map((row) => String(row.id));
}

function hasMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message.length > 0;
  } catch {
    return false;
  }
}

/** A seed per route from the run's seed (FAST_CHECK_SEED to replay), so a run can be repeated. */
const RUN_SEED = Number(process.env.FAST_CHECK_SEED ?? Date.now() % 2 ** 31);
function seedFor(key: string): number {
  let hash = RUN_SEED;
  for (const character of key) hash = (hash * 31 + character.charCodeAt(0)) | 0;
  return hash;
}
