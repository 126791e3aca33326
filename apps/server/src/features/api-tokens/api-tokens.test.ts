import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointContract } from '@punchclock/shared/contracts/api-catalogue';
import {
  API_SCOPES,
  apiTokensResponseSchema,
  createApiTokenResponseSchema,
  type ApiScope,
} from '@punchclock/shared/contracts/api-tokens';
import { timeOffRequestsResponseSchema } from '@punchclock/shared/contracts/time-off';
import {
  punchChangesResponseSchema,
  recordTimeEventResponseSchema,
  type PunchChange,
} from '@punchclock/shared/contracts/time-tracking';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { hasRequiredRole } from '@punchclock/shared/domain/roles';
import { apiTokens, auditLog, timeEvents } from '../../db/schema.ts';
import { setUserSuspended } from '../users/index.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { SYSTEM_ACTOR, tokenFromLink } from '../../test/users.ts';
import { createCorrection, createTimeOff, decide, timeOffTypeId } from '../../test/approvals.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { createApiToken } from './tokens.ts';

const TZ = 'America/Toronto';
const inAMonth = () => shiftDate(toBusinessDate(new Date(), TZ), 30);

/** A call as another system makes it: the bearer secret, no cookie, no CSRF header. */
function withToken(
  app: FastifyInstance,
  secret: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}`, 'user-agent': 'payroll-sync/1.0' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describeEachDatabase('API tokens (#18 point 2)', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db(), { role: 'admin', name: 'Ada Admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  async function personalToken(cookie: string, scopes: ApiScope[], name = 'My script') {
    const response = await callApi(app, cookie, 'POST', '/api/api-tokens', {
      name,
      scopes,
      expiresOn: inAMonth(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return createApiTokenResponseSchema.parse(response.json());
  }

  async function serviceToken(scopes: ApiScope[], name = 'Payroll sync') {
    const response = await callApi(app, adminCookie, 'POST', '/api/admin/api-tokens', {
      name,
      scopes,
      expiresOn: inAMonth(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return createApiTokenResponseSchema.parse(response.json());
  }

  async function employeeWithCookie() {
    const person = await createTestUser(db(), { name: 'Eve Employee' });
    return { person, cookie: await signInAs(app, person.email, person.password) };
  }

  it('a personal token acts as its person: punches without a cookie or CSRF header, recorded as made through the API', async () => {
    const { person, cookie } = await employeeWithCookie();
    const { token, secret } = await personalToken(cookie, ['punches:read', 'punches:write']);
    expect(secret).toMatch(/^pct_[A-Za-z0-9_-]{43}$/);
    expect(token.hint).toBe(`${secret.slice(0, 10)}…`);
    expect(token).toMatchObject({ kind: 'personal', owner: { id: person.id }, lastUsedAt: null });

    const punch = await withToken(app, secret, 'POST', '/api/time-events', {
      id: randomUUID(),
      eventType: 'clock_in',
    });
    expect(punch.statusCode, punch.body).toBe(201);
    const [stored] = await db()
      .select({ source: timeEvents.source })
      .from(timeEvents)
      .where(eq(timeEvents.userId, person.id));
    expect(stored?.source).toBe('api');

    const today = await withToken(app, secret, 'GET', '/api/time-events/today');
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json()).toMatchObject({ events: [{ eventType: 'clock_in' }] });

    // Listed with its last use, never with its secret.
    const list = await callApi(app, cookie, 'GET', '/api/api-tokens');
    expect(list.body).not.toContain(secret);
    const [listed] = apiTokensResponseSchema.parse(list.json()).tokens;
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(listed?.lastUsedIp).toBe('127.0.0.1');
  });

  it('a personal token holds only scopes its person’s role can use', async () => {
    const { cookie } = await employeeWithCookie();
    const list = apiTokensResponseSchema.parse(
      (await callApi(app, cookie, 'GET', '/api/api-tokens')).json(),
    );
    expect(list.availableScopes).toContain('punches:write');
    expect(list.availableScopes).not.toContain('payroll:read');
    expect(list.availableScopes).not.toContain('people:read');

    const refused = await callApi(app, cookie, 'POST', '/api/api-tokens', {
      name: 'Peek at payroll',
      scopes: ['payroll:read'],
      expiresOn: inAMonth(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Your role cannot use the payroll:read scope',
    });
  });

  it('refuses expiry dates in the past or more than a year ahead, and unnamed tokens', async () => {
    const { cookie } = await employeeWithCookie();
    const today = toBusinessDate(new Date(), TZ);
    const cases = [
      [
        { name: 'x', scopes: ['punches:read'], expiresOn: shiftDate(today, -1) },
        'Choose an expiry date from today on',
      ],
      [
        { name: 'x', scopes: ['punches:read'], expiresOn: shiftDate(today, 400) },
        'A token may last at most a year: choose an earlier expiry date',
      ],
      [{ name: ' ', scopes: ['punches:read'], expiresOn: today }, 'Name the token'],
      [{ name: 'x', scopes: [], expiresOn: today }, 'Choose at least one scope'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await callApi(app, cookie, 'POST', '/api/api-tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    const rows = await db().select().from(apiTokens).where(eq(apiTokens.name, 'x'));
    expect(rows).toEqual([]);
  });

  it('a revoked or expired token, or a suspended person’s, is refused with 401', async () => {
    const { person, cookie } = await employeeWithCookie();
    const revoked = await personalToken(cookie, ['punches:read'], 'Revoked');
    const expired = await personalToken(cookie, ['punches:read'], 'Expired');
    const live = await personalToken(cookie, ['punches:read'], 'Live');

    const revoke = await callApi(app, cookie, 'DELETE', `/api/api-tokens/${revoked.token.id}`);
    expect(revoke.statusCode).toBe(204);
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.token.id));

    for (const { secret } of [revoked, expired]) {
      const response = await withToken(app, secret, 'GET', '/api/time-events/today');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_token' });
      expect(response.headers['www-authenticate']).toContain('Bearer');
    }
    expect((await withToken(app, live.secret, 'GET', '/api/time-events/today')).statusCode).toBe(
      200,
    );
    // Suspension stops the person's tokens for good, as it ends their sessions.
    await setUserSuspended(db(), person.email, true, SYSTEM_ACTOR);
    const suspended = await withToken(app, live.secret, 'GET', '/api/time-events/today');
    expect(suspended.statusCode).toBe(401);
    await setUserSuspended(db(), person.email, false, SYSTEM_ACTOR);
    expect((await withToken(app, live.secret, 'GET', '/api/time-events/today')).statusCode).toBe(
      401,
    );
  });

  it('an admin resetting someone’s password stops their tokens too', async () => {
    const { person, cookie } = await employeeWithCookie();
    const { secret } = await personalToken(cookie, ['punches:read']);
    const reset = await callApi(app, adminCookie, 'POST', `/api/users/${person.id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    const after = await withToken(app, secret, 'GET', '/api/time-events/today');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'invalid_token' });
  });

  // ASVS 7.4.3 (decision 0040): a new password ends what the old one opened.
  it('changing one’s own password stops one’s tokens and other sessions, audited; this session stays', async () => {
    const { person, cookie } = await employeeWithCookie();
    const otherCookie = await signInAs(app, person.email, person.password);
    const { secret } = await personalToken(cookie, ['punches:read']);
    expect((await withToken(app, secret, 'GET', '/api/time-events/today')).statusCode).toBe(200);

    const changed = await callApi(app, cookie, 'POST', '/api/me/password', {
      currentPassword: person.password,
      newPassword: 'Tidal-lantern-58',
    });
    expect(changed.statusCode, changed.body).toBe(204);

    const after = await withToken(app, secret, 'GET', '/api/time-events/today');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'invalid_token' });
    expect((await callApi(app, otherCookie, 'GET', '/api/auth/session')).json()).toMatchObject({
      user: null,
    });
    expect((await callApi(app, cookie, 'GET', '/api/time-events/today')).statusCode).toBe(200);
    const [row] = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'user.change_own_password'), eq(auditLog.entityId, person.id)),
      );
    expect(row?.after).toEqual({ sessionsEnded: 1, apiCredentialsRevoked: 1 });
  });

  it('setting a password through a one-time link stops the person’s tokens', async () => {
    const added = await callApi(app, adminCookie, 'POST', '/api/users', {
      name: 'Lin Link',
      email: `link-${randomUUID()}@example.com`,
      role: 'employee',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { user, setPasswordLink } = added.json() as {
      user: { id: string };
      setPasswordLink: { path: string };
    };
    // As if made meanwhile (single sign-on, say): the link's new password must not leave it.
    const { secret } = await createApiToken(
      db(),
      TZ,
      { kind: 'personal', makerId: user.id, allowedScopes: ['punches:read'] },
      { name: 'Made meanwhile', scopes: ['punches:read'], expiresOn: inAMonth() },
      SYSTEM_META,
    );
    expect((await withToken(app, secret, 'GET', '/api/time-events/today')).statusCode).toBe(200);
    const set = await callApi(app, null, 'POST', '/api/auth/set-password', {
      token: tokenFromLink(setPasswordLink),
      password: 'Tidal-lantern-58',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await withToken(app, secret, 'GET', '/api/time-events/today')).statusCode).toBe(401);
  });

  it('people revoke only their own tokens; an admin revokes anyone’s', async () => {
    const owner = await employeeWithCookie();
    const other = await employeeWithCookie();
    const { token, secret } = await personalToken(owner.cookie, ['punches:read']);
    const byOther = await callApi(app, other.cookie, 'DELETE', `/api/api-tokens/${token.id}`);
    expect(byOther.statusCode).toBe(404);
    expect((await withToken(app, secret, 'GET', '/api/time-events/today')).statusCode).toBe(200);

    const everyone = apiTokensResponseSchema.parse(
      (await callApi(app, adminCookie, 'GET', '/api/admin/api-tokens')).json(),
    );
    expect(everyone.tokens.map((listed) => listed.id)).toContain(token.id);
    const byAdmin = await callApi(app, adminCookie, 'DELETE', `/api/api-tokens/${token.id}`);
    expect(byAdmin.statusCode).toBe(204);
    expect((await withToken(app, secret, 'GET', '/api/time-events/today')).statusCode).toBe(401);
  });

  it('a service token punches on behalf of a person, audited as the token; it has no punches of its own', async () => {
    const { person } = await employeeWithCookie();
    const { token, secret } = await serviceToken(['punches:write'], 'Front door badge reader');
    const id = randomUUID();
    const punch = await withToken(app, secret, 'POST', `/api/users/${person.id}/time-events`, {
      id,
      eventType: 'clock_in',
    });
    expect(punch.statusCode, punch.body).toBe(201);
    // Sent again (a retry), the same punch: nothing is written twice.
    const again = await withToken(app, secret, 'POST', `/api/users/${person.id}/time-events`, {
      id,
      eventType: 'clock_in',
    });
    expect(again.statusCode).toBe(200);
    const events = await db().select().from(timeEvents).where(eq(timeEvents.userId, person.id));
    expect(events.map((event) => event.source)).toEqual(['api']);

    const [record] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'time_event.record'), eq(auditLog.entityId, id)));
    expect(record).toMatchObject({ actorId: admin.id, apiTokenId: token.id });

    const own = await withToken(app, secret, 'POST', '/api/time-events', {
      id: randomUUID(),
      eventType: 'clock_in',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'needs_person' });

    await setUserSuspended(db(), person.email, true, SYSTEM_ACTOR);
    const forSuspended = await withToken(
      app,
      secret,
      'POST',
      `/api/users/${person.id}/time-events`,
      { id: randomUUID(), eventType: 'start_break' },
    );
    expect(forSuspended.statusCode).toBe(409);
    const missing = await withToken(app, secret, 'POST', `/api/users/${randomUUID()}/time-events`, {
      id: randomUUID(),
      eventType: 'clock_in',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a service token names the person whose timesheet it reads', async () => {
    const { person } = await employeeWithCookie();
    const { secret } = await serviceToken(['timesheets:read'], 'Payroll timesheets');
    const unnamed = await withToken(app, secret, 'GET', '/api/timesheets');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'needs_person' });
    const named = await withToken(app, secret, 'GET', `/api/timesheets?userId=${person.id}`);
    expect(named.statusCode, named.body).toBe(200);
  });

  it('every call with a token, allowed or refused, is one audit row of that token', async () => {
    const { token, secret } = await serviceToken(['people:read'], 'HR directory sync');
    expect((await withToken(app, secret, 'GET', '/api/users')).statusCode).toBe(200);
    expect((await withToken(app, secret, 'GET', '/api/payroll/preview')).statusCode).toBe(403);
    const rows = await db()
      .select({ after: auditLog.after, apiTokenId: auditLog.apiTokenId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_token.call'), eq(auditLog.entityId, token.id)))
      .orderBy(desc(auditLog.id));
    expect(rows.map((row) => row.after)).toEqual([
      expect.objectContaining({ method: 'GET', route: '/api/payroll/preview', status: 403 }),
      expect.objectContaining({ method: 'GET', route: '/api/users', status: 200 }),
    ]);
    expect(rows.every((row) => row.apiTokenId === token.id)).toBe(true);
  });

  it('tokens cannot manage tokens, nor reach what no scope names', async () => {
    const { secret } = await serviceToken([...API_SCOPES], 'Everything');
    for (const [method, url] of [
      ['POST', '/api/api-tokens'],
      ['POST', '/api/admin/api-tokens'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/users'],
      ['GET', '/api/audit-logs'],
    ] as const) {
      const response = await withToken(app, secret, method, url, {});
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ message: 'API tokens cannot call this endpoint' });
    }
  });

  it('a cookie still needs the CSRF header; a bearer token does not', async () => {
    const { cookie } = await employeeWithCookie();
    const { secret } = await personalToken(cookie, ['punches:write']);
    const body = { id: randomUUID(), eventType: 'clock_in' };
    const withCookieOnly = await app.inject({
      method: 'POST',
      url: '/api/time-events',
      headers: { cookie },
      payload: body,
    });
    expect(withCookieOnly.statusCode).toBe(403);
    expect(withCookieOnly.json()).toMatchObject({ code: 'csrf' });
    expect((await withToken(app, secret, 'POST', '/api/time-events', body)).statusCode).toBe(201);
  });

  describe('organisation-wide reads (#28 item 9)', () => {
    async function punch(cookie: string, eventType: string) {
      const response = await callApi(app, cookie, 'POST', '/api/time-events', {
        id: randomUUID(),
        eventType,
      });
      expect(response.statusCode, response.body).toBe(201);
      return recordTimeEventResponseSchema.parse(response.json()).event;
    }

    /** Follows the cursor page by page; returns every change and the cursor to resume from. */
    async function readAllChanges(secret: string, firstUrl: string) {
      const changes: PunchChange[] = [];
      let url = firstUrl;
      for (let page = 0; page < 20; page++) {
        const response = await withToken(app, secret, 'GET', url);
        expect(response.statusCode, response.body).toBe(200);
        const body = punchChangesResponseSchema.parse(response.json());
        changes.push(...body.changes);
        if (!body.hasMore) return { changes, cursor: body.nextCursor, pages: page + 1 };
        url = `/api/punches?limit=2&cursor=${body.nextCursor}`;
      }
      throw new Error('the cursor never ran out');
    }

    it('punches:read: everyone’s punches and approved corrections since a moment, a page at a time', async () => {
      const { secret } = await serviceToken(['punches:read'], 'Badge archive');
      const since = new Date().toISOString();
      const ann = await employeeWithCookie();
      const bob = await employeeWithCookie();
      const annIn = await punch(ann.cookie, 'clock_in');
      const bobIn = await punch(bob.cookie, 'clock_in');
      const annBreak = await punch(ann.cookie, 'break');
      const moved = new Date(Date.parse(annIn.occurredAt) - 60_000).toISOString();
      const correction = await createCorrection(app, ann.cookie, {
        kind: 'move',
        targetEventId: annIn.id,
        occurredAt: moved,
        reason: 'Badge reader was slow',
      });
      const [decided] = await decide(
        app,
        adminCookie,
        [{ type: 'correction', id: correction.id }],
        'approve',
      );
      expect(decided?.ok, decided?.message ?? '').toBe(true);

      const first = await readAllChanges(secret, `/api/punches?limit=2&changedSince=${since}`);
      expect(first.pages).toBe(2);
      expect(first.changes.map((change) => [change.kind, change.id, change.userId])).toEqual([
        ['punch', annIn.id, ann.person.id],
        ['punch', bobIn.id, bob.person.id],
        ['punch', annBreak.id, ann.person.id],
        ['correction', correction.id, ann.person.id],
      ]);
      expect(first.changes[3]).toMatchObject({
        correction: 'move',
        targetEventId: annIn.id,
        occurredAt: moved,
      });
      expect(first.changes[1]).toMatchObject({ eventType: 'clock_in', source: 'web' });

      // Changed since the second change: the first is left out, the second kept.
      const laterSince = first.changes[1]?.changedAt ?? '';
      const later = await readAllChanges(secret, `/api/punches?changedSince=${laterSince}`);
      expect(later.changes.map((change) => change.id)).toEqual(
        first.changes.slice(1).map((change) => change.id),
      );

      // The last cursor resumes: nothing new, then exactly the next punch.
      const idle = await readAllChanges(secret, `/api/punches?cursor=${first.cursor}`);
      expect(idle.changes).toEqual([]);
      const bobOut = await punch(bob.cookie, 'clock_out');
      const resumed = await readAllChanges(secret, `/api/punches?cursor=${idle.cursor}`);
      expect(resumed.changes.map((change) => change.id)).toEqual([bobOut.id]);

      const refused = await withToken(app, secret, 'GET', '/api/punches?cursor=not-ours');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_cursor' });
    });

    it('timeoff:read: everyone’s time off requests overlapping a period, by status, a page at a time', async () => {
      const { secret } = await serviceToken(['timeoff:read'], 'HR leave sync');
      const unpaid = await timeOffTypeId(db(), 'Unpaid');
      const ann = await employeeWithCookie();
      const bob = await employeeWithCookie();
      // Mondays to Wednesdays of May and June 2031, a year no other test uses.
      const annMay = await createTimeOff(app, ann.cookie, {
        typeId: unpaid,
        startDate: '2031-05-05',
        endDate: '2031-05-06',
      });
      const bobMay = await createTimeOff(app, bob.cookie, {
        typeId: unpaid,
        startDate: '2031-05-07',
        endDate: '2031-05-07',
      });
      await createTimeOff(app, bob.cookie, {
        typeId: unpaid,
        startDate: '2031-06-02',
        endDate: '2031-06-02',
      });
      const cancelled = await callApi(app, bob.cookie, 'POST', `/api/time-off/${bobMay.id}/cancel`);
      expect(cancelled.statusCode).toBe(204);

      const read = async (query: string) => {
        const response = await withToken(app, secret, 'GET', `/api/time-off/requests?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return timeOffRequestsResponseSchema.parse(response.json());
      };
      const may = 'from=2031-05-01&to=2031-05-31';
      const firstPage = await read(`${may}&pageSize=1`);
      const secondPage = await read(`${may}&pageSize=1&page=2`);
      expect(firstPage.total).toBe(2);
      expect([...firstPage.requests, ...secondPage.requests].map((each) => each.id)).toEqual([
        annMay.id,
        bobMay.id,
      ]);
      expect((await read(`${may}&status=pending`)).requests.map((each) => each.id)).toEqual([
        annMay.id,
      ]);
      expect((await read(`${may}&status=cancelled`)).requests).toEqual([
        expect.objectContaining({ id: bobMay.id, userId: bob.person.id, status: 'cancelled' }),
      ]);

      const backwards = await withToken(
        app,
        secret,
        'GET',
        '/api/time-off/requests?from=2031-05-31&to=2031-05-01',
      );
      expect(backwards.statusCode).toBe(400);
    });

    it('each read scope opens its organisation-wide read and none of the others', async () => {
      const { person } = await employeeWithCookie();
      const reads: Record<string, string> = {
        'punches:read': '/api/punches?limit=1',
        'timeoff:read': '/api/time-off/requests?from=2031-01-01&to=2031-12-31',
        'people:read': '/api/users',
        'timesheets:read': `/api/timesheets?userId=${person.id}`,
      };
      for (const scope of Object.keys(reads) as ApiScope[]) {
        const { secret } = await serviceToken([scope], `Reads ${scope}`);
        for (const [readScope, url] of Object.entries(reads)) {
          const response = await withToken(app, secret, 'GET', url);
          expect(response.statusCode, `${scope} → ${url}: ${response.body}`).toBe(
            readScope === scope ? 200 : 403,
          );
        }
      }
    });
  });

  describe('each scope × each route', () => {
    /** A stand-in for each path parameter: the route runs, or refuses it as not found. */
    const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, randomUUID());
    type Route = FastifyInstance['apiRoutes'][number];

    /**
     * Calls every non-public route with the token: where `reaches` says yes it must get past
     * the token checks (not 401/403); everywhere else it must be refused with 403.
     */
    async function walkRoutes(
      secret: string,
      scope: ApiScope,
      reaches: (route: Route, contract: ReturnType<typeof endpointContract>) => boolean,
    ) {
      for (const route of app.apiRoutes) {
        if (route.access === 'public' || route.method === 'HEAD') continue;
        const contract = endpointContract(`${route.method} ${route.url}`);
        const response = await withToken(
          app,
          secret,
          route.method as 'GET',
          concrete(route.url),
          route.method === 'GET' ? undefined : {},
        );
        const what = `${scope} → ${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (reaches(route, contract)) expect([401, 403], what).not.toContain(response.statusCode);
        else expect(response.statusCode, what).toBe(403);
      }
    }

    it('a service token reaches exactly the routes of its scope (admin rights, no caller routes)', async () => {
      for (const scope of API_SCOPES) {
        const { secret } = await serviceToken([scope], `Only ${scope}`);
        await walkRoutes(
          secret,
          scope,
          (_route, contract) => contract?.scope === scope && !contract.actsOnCaller,
        );
      }
    });

    it('an employee’s personal token reaches the routes of its scopes that an employee may call', async () => {
      const { cookie } = await employeeWithCookie();
      const list = apiTokensResponseSchema.parse(
        (await callApi(app, cookie, 'GET', '/api/api-tokens')).json(),
      );
      for (const scope of list.availableScopes) {
        const { secret } = await personalToken(cookie, [scope], `Only ${scope}`);
        await walkRoutes(secret, scope, (route, contract) => {
          const roleAllows =
            route.access === 'signed-in' ||
            (route.access !== 'public' && hasRequiredRole('employee', route.access));
          return contract?.scope === scope && roleAllows;
        });
      }
    });
  });
});

describeEachDatabase('API token rate limit', (getDatabase) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database, {
      apiTokenLimit: { limit: 3, windowSeconds: 60 },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 with Retry-After past the limit, counted per token', async () => {
    const person = await createTestUser(getDatabase().db);
    const cookie = await signInAs(app, person.email, person.password);
    const make = async (name: string) => {
      const response = await callApi(app, cookie, 'POST', '/api/api-tokens', {
        name,
        scopes: ['punches:read'],
        expiresOn: inAMonth(),
      });
      return createApiTokenResponseSchema.parse(response.json()).secret;
    };
    const busy = await make('Busy');
    const quiet = await make('Quiet');
    const statuses = [];
    for (let call = 0; call < 4; call++) {
      statuses.push((await withToken(app, busy, 'GET', '/api/time-events/today')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Refused calls are not written to the audit log: the limit bounds its writes as well.
    const logged = await getDatabase()
      .db.select({ status: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'api_token.call'));
    expect(logged.filter((row) => JSON.stringify(row.status).includes('429'))).toEqual([]);
    const limited = await withToken(app, busy, 'GET', '/api/time-events/today');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withToken(app, quiet, 'GET', '/api/time-events/today')).statusCode).toBe(200);
    // The browser session of the same person is not limited by its tokens.
    expect((await callApi(app, cookie, 'GET', '/api/time-events/today')).statusCode).toBe(200);
  });
});
