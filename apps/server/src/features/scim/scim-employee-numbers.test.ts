// One rule for employee numbers (as payroll and the kiosk read them): unique whatever their case.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiTokenResponseSchema } from '@punchclock/shared/contracts/api-tokens';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, uniqueEmail } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

describeEachDatabase('SCIM employee numbers', (getDatabase) => {
  let app: FastifyInstance;
  let secret: string;

  beforeAll(async () => {
    const db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db, { role: 'admin' });
    const cookie = await signInAs(app, admin.email, admin.password);
    const response = await callApi(app, cookie, 'POST', '/api/admin/api-tokens', {
      name: 'Directory',
      scopes: ['scim'],
      expiresOn: shiftDate(toBusinessDate(new Date(), 'America/Toronto'), 30),
    });
    expect(response.statusCode, response.body).toBe(201);
    secret = createApiTokenResponseSchema.parse(response.json()).secret;
  });
  afterAll(async () => {
    await app.close();
  });

  const createWith = (employeeNumber: string): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/scim+json',
      },
      payload: JSON.stringify({
        schemas: [USER, ENTERPRISE],
        userName: uniqueEmail('scim-number'),
        name: { givenName: 'Sam', familyName: 'Number' },
        [ENTERPRISE]: { employeeNumber },
      }),
    });

  it('refuses an employee number someone holds in another case: 409 uniqueness', async () => {
    const number = `E${randomUUID().slice(0, 6)}X`;
    const first = await createWith(number);
    expect(first.statusCode, first.body).toBe(201);
    for (const same of [number, number.toLowerCase()]) {
      const refused = await createWith(same);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ scimType: 'uniqueness', status: '409' });
    }
  });
});
