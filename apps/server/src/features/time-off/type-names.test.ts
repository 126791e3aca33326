import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { myTimeOffResponseSchema, timeOffTypeSchema } from '@punchclock/shared/contracts/time-off';
import { z } from 'zod';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../../test/app.ts';
import { timeOffTypeId } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { uniqueTeamName } from '../../test/users.ts';

const FRENCH = { 'accept-language': 'fr-CA' };
const typesResponse = z.object({ types: z.array(timeOffTypeSchema) });

/** Decision 0037: the leave types Punchclock creates speak the reader's language. */
describeEachDatabase('leave type names (#19 point 2)', (getDatabase) => {
  let app: FastifyInstance;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(getDatabase().db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  function call(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    return app.inject({ method, url, payload, headers: { cookie, ...CSRF_HEADERS, ...headers } });
  }
  async function typeNames(headers: Record<string, string> = {}): Promise<string[]> {
    const response = await call(adminCookie, 'GET', '/api/time-off/types', undefined, headers);
    return typesResponse.parse(response.json()).types.map((type) => type.name);
  }

  it('shows the built-in types in the reader’s language, in its order, and chosen names as written', async () => {
    const chosen = uniqueTeamName('Banque de temps');
    const created = await call(adminCookie, 'POST', '/api/time-off/types', {
      name: chosen,
      isPaid: true,
      isUnlimited: true,
    });
    expect(created.statusCode).toBe(201);

    expect((await typeNames()).filter((name) => name !== chosen)).toEqual([
      'Personal',
      'Sick',
      'Time off in lieu',
      'Unpaid',
      'Vacation',
    ]);
    expect(await typeNames(FRENCH)).toEqual([
      chosen,
      'Congé compensatoire',
      'Congé de maladie',
      'Congé personnel',
      'Congé sans solde',
      'Vacances',
    ]);

    // An employee's own requests and balances name the type the same way.
    const employee = await createTestUser(getDatabase().db, { role: 'employee' });
    const cookie = await signInAs(app, employee.email, employee.password);
    const asked = await call(cookie, 'POST', '/api/time-off', {
      typeId: await timeOffTypeId(getDatabase().db, 'Unpaid'),
      startDate: '2031-03-04',
      endDate: '2031-03-04',
    });
    expect(asked.statusCode).toBe(201);
    const mine = myTimeOffResponseSchema.parse(
      (await call(cookie, 'GET', '/api/time-off?year=2031', undefined, FRENCH)).json(),
    );
    expect(mine.requests.map((request) => request.typeName)).toEqual(['Congé sans solde']);
    expect(mine.balances.map((balance) => balance.typeName)).toContain('Vacances');
  });

  it('keeps a built-in name in both languages when a French admin saves it as shown', async () => {
    const vacation = await timeOffTypeId(getDatabase().db, 'Vacation');
    const saved = await call(
      adminCookie,
      'PUT',
      `/api/time-off/types/${vacation}`,
      { name: 'Vacances', isPaid: true, isUnlimited: false },
      FRENCH,
    );
    expect(saved.statusCode).toBe(200);
    expect(timeOffTypeSchema.parse(saved.json().type).name).toBe('Vacances');
    expect(await typeNames()).toContain('Vacation');
    expect(await timeOffTypeId(getDatabase().db, 'Vacation')).toBe(vacation);

    // The French name is the built-in type's too: it cannot be taken by another type.
    const twin = await call(adminCookie, 'POST', '/api/time-off/types', {
      name: 'vacances',
      isPaid: true,
      isUnlimited: false,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({
      message: 'A type named "vacances" already exists',
      code: 'duplicate_name',
    });

    // Renamed, it is the admin's name, shown as written in every language.
    const renamed = await call(adminCookie, 'PUT', `/api/time-off/types/${vacation}`, {
      name: 'Congés annuels',
      isPaid: true,
      isUnlimited: false,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await typeNames()).toContain('Congés annuels');
    expect(await typeNames(FRENCH)).toContain('Congés annuels');
  });
});
