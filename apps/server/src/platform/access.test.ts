import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import { testConfig } from '../test/config.ts';
import type { Db } from '../db/client.ts';
import { userRoles } from '../db/schema.ts';
import { lockPeriod } from '../features/approvals/periods.ts';
import { saveTimeOffType } from '../features/time-off/service.ts';
import { buildTestApp, CSRF_HEADERS, getSessionUser, signInAs } from '../test/app.ts';
import { timeOffTypeId } from '../test/approvals.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser, uniqueEmail } from '../test/factories.ts';
import { seedAssignment, seedTemplate } from '../test/schedules.ts';
import { seedTeam, SYSTEM_ACTOR, uniqueTeamName } from '../test/users.ts';
import { registerAccessControl } from './access.ts';
import { SYSTEM_META } from './request-meta.ts';

/**
 * Records the admin-only endpoints act on, made in beforeAll so admin's call really succeeds
 * (a random id would only prove that admin gets past the guard to a 404). Each endpoint that
 * changes or removes something has a record of its own, so the order the matrix runs in does
 * not matter, and only admin's call ever reaches the handler.
 */
interface Fixtures {
  editedTemplate: string;
  archivedTemplate: string;
  restoredTemplate: string;
  unusedTemplate: string;
  assignableTemplate: string;
  assignee: string;
  editedAssignment: string;
  deletedAssignment: string;
  editedUser: string;
  editedUserEmail: string;
  suspendedUser: string;
  unsuspendedUser: string;
  resetUser: string;
  editedTeam: string;
  deletedTeam: string;
  editedTimeOffType: string;
  vacationType: string;
  reopenedLock: string;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** "{name}" stands for the id of that fixture. */
  url: string;
  payload?: Record<string, unknown> | ((fixtures: Fixtures) => Record<string, unknown>);
  /** What admin gets: 200 unless the endpoint creates (201) or deletes (204). */
  adminStatus?: number;
}

const MATRIX_TEMPLATE = {
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: '12:00',
  lunchEnd: '12:30',
  breakDurationMins: 15,
  workingDays: [1, 2, 3, 4, 5],
};

/**
 * Every admin-only endpoint. Add each new one here: the matrix below proves that anonymous
 * callers get 401, every other role 403 and only admin gets through.
 */
const ADMIN_ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: '/api/users/directory' },
  {
    method: 'POST',
    url: '/api/schedule-templates',
    payload: { ...MATRIX_TEMPLATE, name: 'Matrix created template' },
    adminStatus: 201,
  },
  {
    method: 'PUT',
    url: '/api/schedule-templates/{editedTemplate}',
    payload: { ...MATRIX_TEMPLATE, name: 'Matrix edited template' },
  },
  { method: 'POST', url: '/api/schedule-templates/{archivedTemplate}/archive' },
  { method: 'POST', url: '/api/schedule-templates/{restoredTemplate}/restore' },
  { method: 'DELETE', url: '/api/schedule-templates/{unusedTemplate}', adminStatus: 204 },
  { method: 'GET', url: '/api/schedule-assignments' },
  {
    method: 'POST',
    url: '/api/schedule-assignments',
    payload: (fixtures) => ({
      userIds: [fixtures.assignee],
      templateId: fixtures.assignableTemplate,
      dateRangeStart: '2030-09-01',
      dateRangeEnd: '2030-09-30',
    }),
    adminStatus: 201,
  },
  {
    method: 'PUT',
    url: '/api/schedule-assignments/{editedAssignment}',
    payload: (fixtures) => ({
      templateId: fixtures.assignableTemplate,
      dateRangeStart: '2030-01-01',
      dateRangeEnd: '2030-02-15',
    }),
  },
  { method: 'DELETE', url: '/api/schedule-assignments/{deletedAssignment}', adminStatus: 204 },
  { method: 'GET', url: '/api/break-monitoring' },
  {
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Matrix Created', email: uniqueEmail('matrix-created'), role: 'employee' },
    adminStatus: 201,
  },
  {
    method: 'PUT',
    url: '/api/users/{editedUser}',
    payload: (fixtures) => ({
      name: 'Matrix Edited',
      email: fixtures.editedUserEmail,
      role: 'sme',
      teamId: null,
    }),
  },
  { method: 'POST', url: '/api/users/{suspendedUser}/suspend' },
  { method: 'POST', url: '/api/users/{unsuspendedUser}/unsuspend' },
  { method: 'POST', url: '/api/users/{resetUser}/reset-password' },
  {
    method: 'POST',
    url: '/api/teams',
    payload: { name: uniqueTeamName('Matrix created'), leadUserId: null },
    adminStatus: 201,
  },
  {
    method: 'PUT',
    url: '/api/teams/{editedTeam}',
    payload: { name: uniqueTeamName('Matrix edited'), leadUserId: null },
  },
  { method: 'DELETE', url: '/api/teams/{deletedTeam}', adminStatus: 204 },
  { method: 'GET', url: '/api/audit-logs' },
  { method: 'GET', url: '/api/audit-logs?action=user.create&limit=5' },
  { method: 'GET', url: '/api/audit-logs/facets' },
  { method: 'GET', url: '/api/audit-logs/export' },
  { method: 'GET', url: '/api/admin/overview' },
  { method: 'GET', url: '/api/time-off/types' },
  {
    method: 'POST',
    url: '/api/time-off/types',
    payload: { name: 'Matrix created leave', isPaid: true, isUnlimited: false },
    adminStatus: 201,
  },
  {
    method: 'PUT',
    url: '/api/time-off/types/{editedTimeOffType}',
    payload: { name: 'Matrix edited leave', isPaid: false, isUnlimited: true },
  },
  {
    method: 'PUT',
    url: '/api/time-off/allowances',
    payload: (fixtures) => ({
      typeId: fixtures.vacationType,
      year: 2030,
      userId: fixtures.assignee,
      days: 10,
    }),
    adminStatus: 204,
  },
  { method: 'GET', url: '/api/approvals/locks' },
  {
    method: 'POST',
    url: '/api/approvals/locks',
    payload: { fromDate: '2001-02-01', toDate: '2001-02-28' },
    adminStatus: 201,
  },
  { method: 'POST', url: '/api/approvals/locks/{reopenedLock}/reopen', adminStatus: 204 },
  {
    method: 'PUT',
    url: '/api/approvals/settings',
    payload: { teamLeadsApproveTheirTeam: false },
  },
  {
    method: 'POST',
    url: '/api/reports/recompute',
    payload: { from: '2030-03-04', to: '2030-03-04' },
    adminStatus: 202,
  },
  { method: 'GET', url: '/api/reports/recompute' },
  // No run exists with this id: admin gets past the guard to a 404 (the reports tests read one).
  {
    method: 'GET',
    url: '/api/reports/recompute/00000000-0000-4000-8000-000000000000',
    adminStatus: 404,
  },
];

type Principal = Role | 'anonymous';
const PRINCIPALS: Principal[] = ['anonymous', ...ROLES];

function expectedStatus(principal: Principal, endpoint: Endpoint): number {
  if (principal === 'anonymous') return 401;
  return principal === 'admin' ? (endpoint.adminStatus ?? 200) : 403;
}

async function createFixtures(db: Db): Promise<Fixtures> {
  const assignee = await createTestUser(db);
  const assignable = await seedTemplate(db);
  const assign = (dateRangeStart: string, dateRangeEnd: string) =>
    seedAssignment(db, {
      userId: assignee.id,
      templateId: assignable.id,
      dateRangeStart,
      dateRangeEnd,
    });
  const editedUser = await createTestUser(db);
  return {
    editedUser: editedUser.id,
    editedUserEmail: editedUser.email,
    suspendedUser: (await createTestUser(db)).id,
    unsuspendedUser: (await createTestUser(db, { suspended: true })).id,
    resetUser: (await createTestUser(db)).id,
    editedTeam: (await seedTeam(db)).id,
    deletedTeam: (await seedTeam(db)).id,
    editedTemplate: (await seedTemplate(db)).id,
    archivedTemplate: (await seedTemplate(db)).id,
    restoredTemplate: (await seedTemplate(db, {}, { archived: true })).id,
    unusedTemplate: (await seedTemplate(db)).id,
    assignableTemplate: assignable.id,
    assignee: assignee.id,
    editedAssignment: (await assign('2030-01-01', '2030-01-31')).id,
    deletedAssignment: (await assign('2030-06-01', '2030-06-30')).id,
    editedTimeOffType: (
      await saveTimeOffType(
        db,
        null,
        { name: 'Matrix leave to edit', isPaid: true, isUnlimited: false },
        SYSTEM_ACTOR,
      )
    ).id,
    vacationType: await timeOffTypeId(db, 'Vacation'),
    reopenedLock: await lockPeriod(
      db,
      { fromDate: '2001-01-01', toDate: '2001-01-31' },
      { actorId: assignee.id, meta: SYSTEM_META },
      0,
    ),
  };
}

describeEachDatabase('access control', (getDatabase) => {
  let app: FastifyInstance;
  let fixtures: Fixtures;
  const cookies = new Map<Principal, string>();

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    // Probe routes for the other access levels, registered like any feature's routes.
    app.get('/api/test/signed-in', { config: { access: 'signed-in' } }, async () => ({ ok: 1 }));
    app.get('/api/test/sme', { config: { access: 'sme' } }, async () => ({ ok: 1 }));
    for (const role of ROLES) {
      const user = await createTestUser(getDatabase().db, { role });
      cookies.set(role, await signInAs(app, user.email, user.password));
    }
    fixtures = await createFixtures(getDatabase().db);
  });
  afterAll(async () => {
    await app.close();
  });

  function call(endpoint: Endpoint, principal: Principal) {
    const cookie = cookies.get(principal);
    const payload =
      typeof endpoint.payload === 'function' ? endpoint.payload(fixtures) : endpoint.payload;
    return app.inject({
      method: endpoint.method,
      url: endpoint.url.replace(/\{(\w+)\}/g, (_match, name: keyof Fixtures) => fixtures[name]),
      headers: { ...CSRF_HEADERS, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  }

  describe.each(ADMIN_ENDPOINTS)('admin endpoint $method $url', (endpoint) => {
    it.each(PRINCIPALS)('%s', async (principal) => {
      const response = await call(endpoint, principal);
      expect(response.statusCode, response.body).toBe(expectedStatus(principal, endpoint));
      if (principal === 'anonymous') {
        expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
      } else if (principal !== 'admin') {
        expect(response.json()).toEqual({
          message: 'You do not have access to this',
          code: 'forbidden',
        });
      }
    });
  });

  it('GET /api/users lists users without any credential', async () => {
    const listed = await createTestUser(getDatabase().db, { role: 'team_lead', name: 'Lia Lead' });
    const response = await call({ method: 'GET', url: '/api/users' }, 'admin');
    const { users } = response.json() as { users: Array<Record<string, unknown>> };
    expect(users.find((user) => user.email === listed.email)).toEqual({
      id: listed.id,
      email: listed.email,
      name: 'Lia Lead',
      role: 'team_lead',
      teamId: null,
      teamName: null,
      isSuspended: false,
      hireDate: null,
      ssoOnly: false,
      positions: [],
      minWeekMinutes: null,
      maxWeekMinutes: null,
      managerId: null,
      managerName: null,
      lastSignInAt: null,
      createdAt: expect.any(String),
      timeState: 'none',
    });
    expect(response.body).not.toMatch(/password|hash|argon2/i);
  });

  it.each(PRINCIPALS)(
    'a signed-in route lets %s through only when signed in',
    async (principal) => {
      const response = await call({ method: 'GET', url: '/api/test/signed-in' }, principal);
      expect(response.statusCode).toBe(principal === 'anonymous' ? 401 : 200);
    },
  );

  it.each([
    ['anonymous', 401],
    ['admin', 200],
    ['sme', 200],
    ['team_lead', 403],
    ['employee', 403],
  ] as const)('an sme route answers %s with %i', async (principal, status) => {
    const response = await call({ method: 'GET', url: '/api/test/sme' }, principal);
    expect(response.statusCode).toBe(status);
  });

  it('treats a user with no role row as signed in without any role', async () => {
    const user = await createTestUser(getDatabase().db, { role: 'admin' });
    await getDatabase().db.delete(userRoles).where(eq(userRoles.userId, user.id));
    const cookie = await signInAs(app, user.email, user.password);
    expect((await getSessionUser(app, cookie))?.role).toBeNull();
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(200);
    const admin = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(admin.statusCode).toBe(403);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  describe('every /api route must declare an access rule', () => {
    it('refuses a route without one on the built app', async () => {
      const fresh = await buildTestApp(getDatabase().database);
      try {
        expect(() => fresh.get('/api/unguarded', async () => ({ leaked: true }))).toThrow(
          'route GET /api/unguarded declares no access rule',
        );
      } finally {
        await fresh.close();
      }
    });

    it('refuses one registered inside a plugin, so the app does not start', async () => {
      const fresh = await buildTestApp(getDatabase().database);
      void fresh.register(async (feature) => {
        feature.post('/api/feature/unguarded', async () => ({ leaked: true }));
      });
      await expect(fresh.ready()).rejects.toThrow(
        'route POST /api/feature/unguarded declares no access rule',
      );
      await fresh.close();
    });

    it('leaves routes outside /api alone', async () => {
      const bare = Fastify();
      registerAccessControl(bare, getDatabase().db, testConfig());
      expect(() => bare.get('/healthz', async () => 'ok')).not.toThrow();
      expect(() =>
        bare.get('/api/declared', { config: { access: 'public' } }, async () => 'ok'),
      ).not.toThrow();
      expect(() => bare.get('/api/undeclared', async () => 'no')).toThrow(
        /declares no access rule/,
      );
      await bare.close();
    });
  });
});
