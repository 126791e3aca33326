import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../test/config.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { countAuditRows } from '../../test/users.ts';

const FORBIDDEN =
  'This address is the server itself or a cloud metadata service: webhooks are never sent there';

describeEachDatabase('webhook endpoints allowed into private networks (decision 0040)', (getDb) => {
  let app: FastifyInstance;
  let adminCookie: string;

  beforeAll(async () => {
    // As in production: the operator has not opened loopback.
    app = await buildTestApp(getDb().database, {
      webhooks: { ...testConfig().webhooks, allowLoopback: false },
    });
    const admin = await createTestUser(getDb().db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://[::1]:8080/hook',
    'http://localhost:8080/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
  ])('refuses %s with 400, saving nothing', async (url) => {
    const auditBefore = await countAuditRows(getDb().db);
    const response = await callApi(app, adminCookie, 'POST', '/api/webhooks', {
      url,
      eventTypes: ['punch.recorded'],
      allowPrivateNetwork: true,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: FORBIDDEN, code: 'webhook_target_refused' });
    expect(await countAuditRows(getDb().db)).toBe(auditBefore);
    const list = await callApi(app, adminCookie, 'GET', '/api/webhooks');
    expect(list.json()).toEqual({ endpoints: [] });
  });

  it('accepts a private (not loopback) address', async () => {
    const response = await callApi(app, adminCookie, 'POST', '/api/webhooks', {
      url: 'http://10.20.30.40:8080/hook',
      eventTypes: ['punch.recorded'],
      allowPrivateNetwork: true,
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
