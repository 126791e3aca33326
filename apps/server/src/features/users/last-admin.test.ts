import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { Conflict } from '../../platform/errors.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import {
  activeAdminIds,
  countAuditRows,
  demoteAdminsExcept,
  SYSTEM_ACTOR,
  tokenFromLink,
} from '../../test/users.ts';
import { findCredentialsByEmail } from '../people/users-repository.ts';
import { setUserRole } from './accounts.ts';
import { setUserSuspended } from './suspension.ts';

const LAST_ADMIN = {
  message: 'There must always be at least one active admin. Make someone else an admin first.',
  code: 'last_admin',
};

/** The body PUT /api/users/:id takes, keeping everything but the role. */
const withRole = (user: TestUser, role: string) => ({
  name: user.name,
  email: user.email,
  role,
  teamId: null,
});

describeEachDatabase('last-admin guard', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  // Every test arranges its own admins: nobody else is one.
  beforeEach(async () => {
    await demoteAdminsExcept(db(), []);
  });

  async function soleAdmin(): Promise<{ admin: TestUser; cookie: string }> {
    const admin = await createTestUser(db(), { role: 'admin', name: 'Only Admin' });
    await demoteAdminsExcept(db(), [admin.id]);
    expect(await activeAdminIds(db())).toEqual([admin.id]);
    return { admin, cookie: await signInAs(app, admin.email, admin.password) };
  }

  it('the only active admin cannot suspend themselves', async () => {
    const { admin, cookie } = await soleAdmin();
    const auditBefore = await countAuditRows(db());
    const response = await callApi(app, cookie, 'POST', `/api/users/${admin.id}/suspend`);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual(LAST_ADMIN);
    expect((await findCredentialsByEmail(db(), admin.email))?.isSuspended).toBe(false);
    expect(await countAuditRows(db())).toBe(auditBefore);
    // Still signed in: nothing was revoked.
    expect((await callApi(app, cookie, 'GET', '/api/users')).statusCode).toBe(200);
  });

  it.each(['team_lead', 'sme', 'employee'])(
    'the only active admin cannot make themselves %s',
    async (role) => {
      const { admin, cookie } = await soleAdmin();
      const response = await callApi(
        app,
        cookie,
        'PUT',
        `/api/users/${admin.id}`,
        withRole(admin, role),
      );
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual(LAST_ADMIN);
      expect((await findCredentialsByEmail(db(), admin.email))?.role).toBe('admin');
    },
  );

  it('the only active admin can still edit their own name and email', async () => {
    const { admin, cookie } = await soleAdmin();
    const response = await callApi(app, cookie, 'PUT', `/api/users/${admin.id}`, {
      ...withRole(admin, 'admin'),
      name: 'Renamed Admin',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ user: { name: 'Renamed Admin', role: 'admin' } });
  });

  it('the CLI cannot suspend or demote the only active admin either', async () => {
    const { admin } = await soleAdmin();
    const suspend = setUserSuspended(db(), admin.email, true, SYSTEM_ACTOR);
    await expect(suspend).rejects.toBeInstanceOf(Conflict);
    await expect(suspend).rejects.toThrow(LAST_ADMIN.message);
    const demote = setUserRole(db(), admin.email, 'employee', SYSTEM_ACTOR);
    await expect(demote).rejects.toBeInstanceOf(Conflict);
    await expect(demote).rejects.toThrow(LAST_ADMIN.message);
    expect(await findCredentialsByEmail(db(), admin.email)).toMatchObject({
      role: 'admin',
      isSuspended: false,
    });
    // Setting the role it already has is no demotion.
    await expect(setUserRole(db(), admin.email, 'admin', SYSTEM_ACTOR)).resolves.toMatchObject({
      role: 'admin',
    });
  });

  it('a suspended admin does not count as one', async () => {
    const { admin, cookie } = await soleAdmin();
    const suspendedAdmin = await createTestUser(db(), { role: 'admin', suspended: true });
    expect(await activeAdminIds(db())).toEqual([admin.id]);
    const response = await callApi(
      app,
      cookie,
      'PUT',
      `/api/users/${admin.id}`,
      withRole(admin, 'employee'),
    );
    expect(response.statusCode).toBe(409);
    // Demoting or reinstating the suspended one is fine.
    await expect(
      setUserRole(db(), suspendedAdmin.email, 'employee', SYSTEM_ACTOR),
    ).resolves.toMatchObject({ role: 'employee' });
  });

  /** An admin added without a password: nobody can sign in as them until the link is used. */
  async function inviteAdmin(cookie: string): Promise<{ id: string; email: string }> {
    const email = uniqueEmail('invited-admin');
    const response = await callApi(app, cookie, 'POST', '/api/users', {
      name: 'Invited Admin',
      email,
      role: 'admin',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().setPasswordLink).not.toBeNull();
    return { id: response.json().user.id, email };
  }

  it('an admin who has not set a password yet does not count as one', async () => {
    const { admin, cookie } = await soleAdmin();
    await inviteAdmin(cookie);
    const auditBefore = await countAuditRows(db());

    const suspend = await callApi(app, cookie, 'POST', `/api/users/${admin.id}/suspend`);
    expect(suspend.statusCode, suspend.body).toBe(409);
    expect(suspend.json()).toEqual(LAST_ADMIN);
    const demote = await callApi(
      app,
      cookie,
      'PUT',
      `/api/users/${admin.id}`,
      withRole(admin, 'employee'),
    );
    expect(demote.statusCode, demote.body).toBe(409);
    expect(demote.json()).toEqual(LAST_ADMIN);
    expect(await findCredentialsByEmail(db(), admin.email)).toMatchObject({
      role: 'admin',
      isSuspended: false,
    });
    expect(await countAuditRows(db())).toBe(auditBefore);
  });

  it('an admin whose password was reset counts again once they set a new one', async () => {
    const { admin, cookie } = await soleAdmin();
    const other = await createTestUser(db(), { role: 'admin' });
    const reset = await callApi(app, cookie, 'POST', `/api/users/${other.id}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(200);
    // The other admin cannot sign in now, so this one is the last working admin.
    const refused = await callApi(app, cookie, 'POST', `/api/users/${admin.id}/suspend`);
    expect(refused.statusCode, refused.body).toBe(409);

    const setPassword = await callApi(app, null, 'POST', '/api/auth/set-password', {
      token: tokenFromLink(reset.json().setPasswordLink),
      password: 'Fresh-admin-pass-4',
    });
    expect(setPassword.statusCode, setPassword.body).toBe(200);
    await signInAs(app, other.email, 'Fresh-admin-pass-4');
    const allowed = await callApi(app, cookie, 'POST', `/api/users/${admin.id}/suspend`);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('with two admins one can be demoted or suspended, then the other cannot', async () => {
    const first = await createTestUser(db(), { role: 'admin' });
    const second = await createTestUser(db(), { role: 'admin' });
    const third = await createTestUser(db(), { role: 'admin' });
    await demoteAdminsExcept(db(), [first.id, second.id, third.id]);
    const firstCookie = await signInAs(app, first.email, first.password);

    // Demote oneself while another admin remains.
    const demoted = await callApi(
      app,
      firstCookie,
      'PUT',
      `/api/users/${first.id}`,
      withRole(first, 'team_lead'),
    );
    expect(demoted.statusCode, demoted.body).toBe(200);
    // The session now carries the new role: the admin pages are closed to it.
    expect((await callApi(app, firstCookie, 'GET', '/api/users/directory')).statusCode).toBe(403);

    const secondCookie = await signInAs(app, second.email, second.password);
    const suspended = await callApi(app, secondCookie, 'POST', `/api/users/${third.id}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await activeAdminIds(db())).toEqual([second.id]);

    const last = await callApi(app, secondCookie, 'POST', `/api/users/${second.id}/suspend`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual(LAST_ADMIN);
    await expect(setUserRole(db(), second.email, 'sme', SYSTEM_ACTOR)).rejects.toThrow(
      LAST_ADMIN.message,
    );
    expect(await activeAdminIds(db())).toEqual([second.id]);
  });

  describe('two changes at once, each on its own connection', () => {
    let second: Database;
    let secondApp: FastifyInstance;

    beforeAll(async () => {
      second = await getDatabase().openSecondConnection();
      secondApp = await buildTestApp(second);
    });
    afterAll(async () => {
      await secondApp.close();
      await second.close();
    });

    async function twoAdmins(): Promise<[TestUser, TestUser]> {
      const a = await createTestUser(db(), { role: 'admin' });
      const b = await createTestUser(db(), { role: 'admin' });
      await demoteAdminsExcept(db(), [a.id, b.id]);
      return [a, b];
    }

    /** Exactly one of the two succeeded, the other was refused, and one admin remains. */
    async function expectOneLeft(results: PromiseSettledResult<unknown>[]): Promise<void> {
      const refused = results.filter((result) => result.status === 'rejected');
      expect(refused, JSON.stringify(results)).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
      expect(await activeAdminIds(db())).toHaveLength(1);
    }

    // Several rounds: each gives the two transactions another chance to interleave.
    it.each([1, 2, 3, 4, 5])(
      'demoting both of the last two admins leaves one (round %i)',
      async () => {
        const [a, b] = await twoAdmins();
        await expectOneLeft(
          await Promise.allSettled([
            setUserRole(db(), a.email, 'employee', SYSTEM_ACTOR),
            setUserRole(second.db, b.email, 'employee', SYSTEM_ACTOR),
          ]),
        );
      },
    );

    it.each([1, 2, 3])('suspending both of the last two admins leaves one (round %i)', async () => {
      const [a, b] = await twoAdmins();
      await expectOneLeft(
        await Promise.allSettled([
          setUserSuspended(db(), a.email, true, SYSTEM_ACTOR),
          setUserSuspended(second.db, b.email, true, SYSTEM_ACTOR),
        ]),
      );
    });

    it.each([1, 2, 3])(
      'two admins demoting themselves over HTTP on two instances leaves one (round %i)',
      async () => {
        const [a, b] = await twoAdmins();
        const cookieA = await signInAs(app, a.email, a.password);
        const cookieB = await signInAs(secondApp, b.email, b.password);
        const responses = await Promise.all([
          callApi(app, cookieA, 'PUT', `/api/users/${a.id}`, withRole(a, 'employee')),
          callApi(secondApp, cookieB, 'PUT', `/api/users/${b.id}`, withRole(b, 'employee')),
        ]);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        expect(responses.find((response) => response.statusCode === 409)?.json()).toEqual(
          LAST_ADMIN,
        );
        expect(await activeAdminIds(db())).toHaveLength(1);
      },
    );
  });
});
