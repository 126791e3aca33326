import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import { testConfig } from '../config.ts';
import { userRoles } from '../db/schema.ts';
import { buildTestApp, CSRF_HEADERS, getSessionUser, signInAs } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser } from '../test/factories.ts';
import { registerAccessControl } from './access.ts';

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

/**
 * Every admin-only endpoint. Add each new one here: the matrix below proves that anonymous
 * callers get 401, every other role 403 and only admin gets through.
 */
const ADMIN_ENDPOINTS: Endpoint[] = [{ method: 'GET', url: '/api/users' }];

type Principal = Role | 'anonymous';
const PRINCIPALS: Principal[] = ['anonymous', ...ROLES];

function expectedStatus(principal: Principal): number {
  if (principal === 'anonymous') return 401;
  return principal === 'admin' ? 200 : 403;
}

describeEachDatabase('access control', (getDatabase) => {
  let app: FastifyInstance;
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
  });
  afterAll(async () => {
    await app.close();
  });

  function call(endpoint: Endpoint, principal: Principal) {
    const cookie = cookies.get(principal);
    return app.inject({
      method: endpoint.method,
      url: endpoint.url,
      headers: { ...CSRF_HEADERS, ...(cookie ? { cookie } : {}) },
      ...(endpoint.payload ? { payload: endpoint.payload } : {}),
    });
  }

  describe.each(ADMIN_ENDPOINTS)('admin endpoint $method $url', (endpoint) => {
    it.each(PRINCIPALS)('%s', async (principal) => {
      const response = await call(endpoint, principal);
      expect(response.statusCode).toBe(expectedStatus(principal));
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
      isSuspended: false,
      lastSignInAt: null,
      createdAt: expect.any(String),
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
