import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidCredentialsMessage, suspendedMessage } from '@punchclock/shared/contracts/auth';
import { profiles, sessions } from '../../db/schema.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import {
  buildTestApp,
  CSRF_HEADERS,
  getSessionUser,
  postSignIn,
  readSessionCookie,
  SESSION_COOKIE_NAME,
  sessionIdFromCookie,
  signInAs,
} from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { setUserSuspended } from '../users/suspension.ts';

const ADMIN_ONLY_URL = '/api/users';

describeEachDatabase('auth api', (getDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  function signOut(cookie: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...CSRF_HEADERS, cookie },
    });
  }

  function getAdminOnly(cookie: string) {
    return app.inject({ method: 'GET', url: ADMIN_ONLY_URL, headers: { cookie } });
  }

  async function readSessionRow(cookie: string) {
    const [row] = await getDatabase()
      .db.select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromCookie(cookie)));
    return row;
  }

  describe('sign-in', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie and returns the user', async () => {
      const user = await createTestUser(getDatabase().db, { role: 'team_lead', name: 'Tess Lead' });
      const response = await postSignIn(app, { email: user.email, password: user.password });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: {
          id: user.id,
          email: user.email,
          name: 'Tess Lead',
          role: 'team_lead',
          language: null,
        },
      });
      const cookie = response.cookies.find((each) => each.name === SESSION_COOKIE_NAME);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 12 * 3600,
      });
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Plain http: no Secure flag, so the cookie works on http://localhost.
      expect(cookie?.secure).toBeFalsy();
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
    });

    it('makes GET /api/auth/session return the user with their role', async () => {
      const user = await createTestUser(getDatabase().db, { role: 'sme' });
      const cookie = await signInAs(app, user.email, user.password);

      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { id: user.id, email: user.email, name: user.name, role: 'sme' },
        idleTimeoutMinutes: 60,
      });
      expect(Object.keys(response.json().user).sort()).toEqual([
        'email',
        'id',
        'language',
        'name',
        'role',
      ]);
    });

    it('reports no user without a cookie or with an unknown one', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/api/auth/session' });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toMatchObject({ user: null, idleTimeoutMinutes: 60 });
      expect(await getSessionUser(app, `${SESSION_COOKIE_NAME}=made-up-token`)).toBeNull();
    });

    it('stores only a hash of the token', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      const token = cookie.split('=')[1] ?? '';
      const row = await readSessionRow(cookie);
      expect(row?.userId).toBe(user.id);
      expect(row?.id).not.toBe(token);
      expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    });

    it('trims the email and ignores its case', async () => {
      const user = await createTestUser(getDatabase().db);
      const response = await postSignIn(app, {
        email: `  ${user.email.toUpperCase()}  `,
        password: user.password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(user.id);
    });

    it('fills in a missing profile name from the sign-in form, and only a missing one', async () => {
      const nameless = await createTestUser(getDatabase().db, { name: null });
      const first = await postSignIn(app, {
        email: nameless.email,
        password: nameless.password,
        name: '  Nia Newcomer ',
      });
      expect(first.json().user.name).toBe('Nia Newcomer');
      expect((await getSessionUser(app, readSessionCookie(first)))?.email).toBe(nameless.email);

      const second = await postSignIn(app, {
        email: nameless.email,
        password: nameless.password,
        name: 'Someone Else',
      });
      expect(second.json().user.name).toBe('Nia Newcomer');
    });

    it('refuses a wrong password with 401 "Invalid login credentials" and no cookie', async () => {
      const user = await createTestUser(getDatabase().db);
      const response = await postSignIn(app, { email: user.email, password: 'Wrong-password-9' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: invalidCredentialsMessage(),
        code: 'invalid_credentials',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('refuses an unknown email with the same reply as a wrong password', async () => {
      const response = await postSignIn(app, {
        email: 'nobody@test.punchclock.example',
        password: 'Whatever-password-1',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: invalidCredentialsMessage(),
        code: 'invalid_credentials',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      [{ email: 'not-an-email', password: 'Password1' }, 'Invalid email address'],
      [{ email: `${'a'.repeat(250)}@example.com`, password: 'Password1' }, 'Email too long'],
      [{ email: 'ada@example.com', password: 'Pass1' }, 'Password must be at least 8 characters'],
      [
        { email: 'ada@example.com', password: 'password1' },
        'Password must contain an uppercase letter',
      ],
      [{ email: 'ada@example.com', password: 'Password' }, 'Password must contain a number'],
      [
        { email: 'ada@example.com', password: 'Password1', name: 'A' },
        'Name must be at least 2 characters',
      ],
      [{ email: 'ada@example.com', password: 'Password1', name: 'n'.repeat(101) }, 'Name too long'],
      [{ email: 'bad', password: 'bad', name: 'A' }, 'Invalid email address'],
    ])('refuses %j with 400 "%s"', async (body, message) => {
      const response = await postSignIn(app, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('refuses a suspended account with 403, the suspension message and no session', async () => {
      const user = await createTestUser(getDatabase().db, { suspended: true });
      const response = await postSignIn(app, { email: user.email, password: user.password });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: suspendedMessage(), code: 'suspended' });
      expect(response.headers['set-cookie']).toBeUndefined();
      const rows = await getDatabase()
        .db.select()
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(rows).toEqual([]);
    });

    it('does not reveal suspension to someone without the password', async () => {
      const user = await createTestUser(getDatabase().db, { suspended: true });
      const response = await postSignIn(app, { email: user.email, password: 'Wrong-password-9' });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(invalidCredentialsMessage());
    });
  });

  describe('ending a session', () => {
    it('sign-out revokes the session: the old cookie no longer works', async () => {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const cookie = await signInAs(app, admin.email, admin.password);
      expect((await getAdminOnly(cookie)).statusCode).toBe(200);

      const response = await signOut(cookie);
      expect(response.statusCode).toBe(204);
      const cleared = response.cookies.find((each) => each.name === SESSION_COOKIE_NAME);
      expect(cleared?.value).toBe('');

      // A client that keeps the old cookie anyway gets nothing for it.
      expect(await getSessionUser(app, cookie)).toBeNull();
      const after = await getAdminOnly(cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
      expect((await readSessionRow(cookie))?.revokedAt).toBeInstanceOf(Date);
    });

    it('signing out ends only that session, not the user’s others', async () => {
      const user = await createTestUser(getDatabase().db);
      const laptop = await signInAs(app, user.email, user.password);
      const phone = await signInAs(app, user.email, user.password);
      expect((await signOut(laptop)).statusCode).toBe(204);
      expect(await getSessionUser(app, laptop)).toBeNull();
      expect((await getSessionUser(app, phone))?.id).toBe(user.id);
    });

    it('sign-out without a session still answers 204', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: CSRF_HEADERS,
      });
      expect(response.statusCode).toBe(204);
    });

    it('suspending a signed-in user makes their next request 401 at once', async () => {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const cookie = await signInAs(app, admin.email, admin.password);
      expect((await getAdminOnly(cookie)).statusCode).toBe(200);

      await setUserSuspended(getDatabase().db, admin.email, true, {
        actorId: null,
        meta: SYSTEM_META,
      });

      expect((await getAdminOnly(cookie)).statusCode).toBe(401);
      expect(await getSessionUser(app, cookie)).toBeNull();
      expect((await readSessionRow(cookie))?.revokedAt).toBeInstanceOf(Date);
    });

    it('a session that outlived its suspension is refused with the suspension message', async () => {
      // As if the suspension landed between the revocation and this request.
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const cookie = await signInAs(app, admin.email, admin.password);
      await getDatabase()
        .db.update(profiles)
        .set({ isSuspended: true })
        .where(eq(profiles.id, admin.id));

      const response = await getAdminOnly(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: suspendedMessage(), code: 'suspended' });
      expect((await readSessionRow(cookie))?.revokedAt).toBeInstanceOf(Date);
    });

    it('reinstating a user does not bring their old sessions back', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      const actor = { actorId: null, meta: SYSTEM_META };
      await setUserSuspended(getDatabase().db, user.email, true, actor);
      await setUserSuspended(getDatabase().db, user.email, false, actor);
      expect(await getSessionUser(app, cookie)).toBeNull();
      const fresh = await signInAs(app, user.email, user.password);
      expect((await getSessionUser(app, fresh))?.id).toBe(user.id);
    });
  });

  describe('session expiry', () => {
    let shortIdleApp: FastifyInstance;

    beforeAll(async () => {
      shortIdleApp = await buildTestApp(getDatabase().database, { sessionIdleMinutes: 5 });
    });
    afterAll(async () => {
      await shortIdleApp.close();
    });

    /** Pretends the session was last used `minutes` ago. */
    async function setLastSeen(cookie: string, minutes: number) {
      await getDatabase()
        .db.update(sessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(sessions.id, sessionIdFromCookie(cookie)));
    }

    it('reports the configured idle limit to the browser', async () => {
      const response = await shortIdleApp.inject({ method: 'GET', url: '/api/auth/session' });
      expect(response.json().idleTimeoutMinutes).toBe(5);
    });

    it('keeps a session used within the idle limit alive and refreshes its idle clock', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(shortIdleApp, user.email, user.password);
      await setLastSeen(cookie, 4);
      const before = await readSessionRow(cookie);

      expect((await getSessionUser(shortIdleApp, cookie))?.id).toBe(user.id);

      const after = await readSessionRow(cookie);
      expect(after?.lastSeenAt.getTime()).toBeGreaterThan(
        (before?.lastSeenAt.getTime() ?? 0) + 3 * 60_000,
      );
      // Refreshed, so another 4 minutes later it is still alive.
      await setLastSeen(cookie, 4);
      expect((await getSessionUser(shortIdleApp, cookie))?.id).toBe(user.id);
    });

    it('ends a session idle for longer than the limit', async () => {
      const user = await createTestUser(getDatabase().db, { role: 'admin' });
      const cookie = await signInAs(shortIdleApp, user.email, user.password);
      await setLastSeen(cookie, 6);

      expect(await getSessionUser(shortIdleApp, cookie)).toBeNull();
      const response = await shortIdleApp.inject({
        method: 'GET',
        url: ADMIN_ONLY_URL,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(401);
    });

    it('uses the default 60-minute idle limit', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      await setLastSeen(cookie, 59);
      expect((await getSessionUser(app, cookie))?.id).toBe(user.id);
      await setLastSeen(cookie, 61);
      expect(await getSessionUser(app, cookie)).toBeNull();
    });

    it('ends a session past its absolute lifetime however active it is', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      const row = await readSessionRow(cookie);
      // Absolute lifetime: 12 hours by default.
      const lifetimeMs = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetimeMs - 12 * 3_600_000)).toBeLessThan(5_000);

      await getDatabase()
        .db.update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'`, lastSeenAt: sql`now()` })
        .where(eq(sessions.id, sessionIdFromCookie(cookie)));
      expect(await getSessionUser(app, cookie)).toBeNull();
    });
  });

  describe('two server instances sharing the database', () => {
    let appA: FastifyInstance;
    let appB: FastifyInstance;

    beforeAll(async () => {
      const second = await getDatabase().openSecondConnection();
      appA = await buildTestApp(getDatabase().database);
      appB = await buildTestApp(second);
      appB.addHook('onClose', () => second.close());
    });
    afterAll(async () => {
      await appA.close();
      await appB.close();
    });

    it('honour each other’s sessions, including sign-out', async () => {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const cookie = await signInAs(appA, admin.email, admin.password);

      expect((await getSessionUser(appB, cookie))?.id).toBe(admin.id);
      const onB = await appB.inject({ method: 'GET', url: ADMIN_ONLY_URL, headers: { cookie } });
      expect(onB.statusCode).toBe(200);

      const signOutOnB = await appB.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { ...CSRF_HEADERS, cookie },
      });
      expect(signOutOnB.statusCode).toBe(204);

      expect(await getSessionUser(appA, cookie)).toBeNull();
      const onA = await appA.inject({ method: 'GET', url: ADMIN_ONLY_URL, headers: { cookie } });
      expect(onA.statusCode).toBe(401);
    });
  });
});
