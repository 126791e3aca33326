import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidCredentialsMessage, suspendedMessage } from '@punchclock/shared/contracts/auth';
import {
  createUserResponseSchema,
  userSummarySchema,
  type SetPasswordLink,
  type UserSummary,
} from '@punchclock/shared/contracts/users';
import { passwordTokens, sessions, users } from '../../db/schema.ts';
import {
  buildTestApp,
  getSessionUser,
  postSignIn,
  sessionIdFromCookie,
  signInAs,
} from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, TEST_PASSWORD, uniqueEmail, type TestUser } from '../../test/factories.ts';
import {
  listenOnFreePort,
  openLiveStream,
  type LiveStream,
  type SseFrame,
} from '../../test/live-stream.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor, expectApi, seedTeam, tokenFromLink } from '../../test/users.ts';

const NEW_PASSWORD = 'Fresh-start-42';
const INVALID_LINK = {
  message: 'This link is not valid or has expired. Ask an admin for a new one.',
  code: 'invalid_link',
};

const isReady = (frame: SseFrame) => frame.event === 'ready';
const isSessionChange = (frame: SseFrame) =>
  frame.event === 'change' && JSON.stringify(frame.data) === JSON.stringify({ topic: 'session' });

describeEachDatabase('users api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: TestUser;
  let adminCookie: string;
  const openStreams: LiveStream[] = [];

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    baseUrl = await listenOnFreePort(app);
    admin = await createTestUser(db(), { role: 'admin', name: 'Ada Admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await Promise.all(openStreams.splice(0).map((stream) => stream.close()));
    await app.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    callApi(app, adminCookie, method, url, payload);

  async function liveStreamOf(cookie: string): Promise<LiveStream> {
    const stream = await openLiveStream(baseUrl, cookie);
    openStreams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitForFrame(isReady);
    return stream;
  }

  async function addUser(body: Record<string, unknown>) {
    return expectApi<{ user: UserSummary; setPasswordLink: SetPasswordLink | null }>(
      app,
      adminCookie,
      'POST',
      '/api/users',
      201,
      body,
    );
  }

  const linkInfo = (token: string) =>
    callApi(app, null, 'POST', '/api/auth/password-link', { token });
  const setPassword = (token: string, password: string) =>
    callApi(app, null, 'POST', '/api/auth/set-password', { token, password });

  describe('POST /api/users', () => {
    it('with a password: the person can sign in at once', async () => {
      const team = await seedTeam(db());
      const email = uniqueEmail('added');
      const body = await addUser({
        name: '  Pat Added ',
        email: `  ${email.toUpperCase()} `,
        role: 'sme',
        teamId: team.id,
        password: TEST_PASSWORD,
      });
      expect(createUserResponseSchema.parse(body)).toEqual(body);
      expect(body).toEqual({
        user: {
          id: expect.any(String),
          email: email.toUpperCase(),
          name: 'Pat Added',
          role: 'sme',
          teamId: team.id,
          teamName: team.name,
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
        },
        setPasswordLink: null,
      });
      const cookie = await signInAs(app, email, TEST_PASSWORD);
      expect(await getSessionUser(app, cookie)).toMatchObject({ id: body.user.id, role: 'sme' });

      const [audit] = await auditRowsFor(db(), body.user.id, 'user.create');
      expect(audit).toMatchObject({
        actorId: admin.id,
        entityType: 'user',
        before: null,
        after: {
          email: email.toUpperCase(),
          name: 'Pat Added',
          role: 'sme',
          teamId: team.id,
          teamName: team.name,
          isSuspended: false,
        },
        userAgent: 'punchclock-tests',
      });
      expect(JSON.stringify(audit)).not.toContain(TEST_PASSWORD);
    });

    it.each([undefined, ''])(
      'without a password (%j): returns a one-time link, and nobody can sign in until it is used',
      async (password) => {
        const email = uniqueEmail('invited');
        const body = await addUser({ name: 'Ivy Invited', email, role: 'employee', password });
        expect(body.user).toMatchObject({ email, name: 'Ivy Invited', teamId: null });
        expect(body.setPasswordLink?.path).toMatch(/^\/set-password#token=[A-Za-z0-9_-]{43}$/);
        // An invitation lasts 7 days.
        const expiresInHours =
          (Date.parse(body.setPasswordLink?.expiresAt ?? '') - Date.now()) / 3_600_000;
        expect(expiresInHours).toBeGreaterThan(7 * 24 - 1);
        expect(expiresInHours).toBeLessThanOrEqual(7 * 24);

        for (const attempt of [TEST_PASSWORD, NEW_PASSWORD]) {
          const response = await postSignIn(app, { email, password: attempt });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toMatchObject({ message: invalidCredentialsMessage() });
        }
        const token = tokenFromLink(body.setPasswordLink);
        expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
        await signInAs(app, email, NEW_PASSWORD);
      },
    );

    it.each([
      [{ email: 'nope' }, 'Invalid email address'],
      [{ email: undefined }, 'Invalid email address'],
      [{ name: 'X' }, 'Name must be at least 2 characters'],
      [{ name: '   ' }, 'Name must be at least 2 characters'],
      [{ name: undefined }, 'Name must be at least 2 characters'],
      [{ password: 'Sh0rt' }, 'Password must be at least 8 characters'],
      [{ password: 'weakpass1' }, 'Password must contain an uppercase letter'],
      [{ password: 'Weakpass' }, 'Password must contain a number'],
      [{ teamId: 'not-a-team' }, 'Unknown team'],
      [{ teamId: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff' }, 'Unknown team'],
      [{ role: 'boss' }, undefined],
    ])('refuses %j with 400 (%s) and creates nobody', async (override, message) => {
      const email = uniqueEmail('invalid');
      const response = await asAdmin('POST', '/api/users', {
        name: 'Val Invalid',
        email,
        role: 'employee',
        password: TEST_PASSWORD,
        ...override,
      });
      expect(response.statusCode, response.body).toBe(400);
      if (message) expect(response.json()).toEqual({ message, code: 'invalid' });
      const [row] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.email, email));
      expect(row?.count).toBe(0);
    });

    it('refuses an email that exists, whatever its case, with 409', async () => {
      const existing = await createTestUser(db());
      const response = await asAdmin('POST', '/api/users', {
        name: 'Dee Duplicate',
        email: existing.email.toUpperCase(),
        role: 'employee',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `A user with the email ${existing.email.toUpperCase()} already exists`,
        code: 'duplicate_email',
      });
    });

    it.each([1, 2, 3])(
      'two creations of one email at once: one 201, one 409, never 500 (round %i)',
      async () => {
        const email = uniqueEmail('race');
        const responses = await Promise.all(
          [email, email.toUpperCase()].map((each) =>
            asAdmin('POST', '/api/users', { name: 'Rae Race', email: each, role: 'employee' }),
          ),
        );
        expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
        const refused = responses.find((response) => response.statusCode === 409);
        expect(refused?.json()).toEqual({
          message: expect.stringMatching(/^A user with the email \S+ already exists$/),
          code: 'duplicate_email',
        });
        expect(refused?.json().message.toLowerCase()).toContain(email);
        const [row] = await db()
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`);
        expect(row?.count).toBe(1);
      },
    );
  });

  describe('set-password links', () => {
    async function invite(): Promise<{ user: UserSummary; token: string }> {
      const body = await addUser({
        name: 'Lin Link',
        email: uniqueEmail('link'),
        role: 'employee',
      });
      return { user: body.user, token: tokenFromLink(body.setPasswordLink) };
    }

    it('tells whose link it is, sets the password once, and then refuses the link', async () => {
      const { user, token } = await invite();
      const info = await linkInfo(token);
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json()).toEqual({ email: user.email, purpose: 'invite' });

      const done = await setPassword(token, NEW_PASSWORD);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ email: user.email });
      const cookie = await signInAs(app, user.email, NEW_PASSWORD);
      expect((await getSessionUser(app, cookie))?.id).toBe(user.id);

      for (const again of [await setPassword(token, 'Another-pass-9'), await linkInfo(token)]) {
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual(INVALID_LINK);
      }
      // The second attempt changed nothing.
      await signInAs(app, user.email, NEW_PASSWORD);

      const [audit] = await auditRowsFor(db(), user.id, 'user.set_password');
      expect(audit).toMatchObject({ actorId: user.id, after: { via: 'invite' } });
      expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
      expect(JSON.stringify(audit)).not.toContain(token);
    });

    it.each([1, 2, 3, 4, 5])('a link used twice at once works only once (round %i)', async () => {
      const { user, token } = await invite();
      const passwords = ['Racing-first-1', 'Racing-second-2'];
      const responses = await Promise.all(
        passwords.map((password) => setPassword(token, password)),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
      // The password that works is the one whose request succeeded.
      const winner = passwords[responses.findIndex((response) => response.statusCode === 200)];
      await signInAs(app, user.email, winner ?? '');
      expect(await auditRowsFor(db(), user.id, 'user.set_password')).toHaveLength(1);
    });

    it('refuses a weak password with the product message and keeps the link usable', async () => {
      const { user, token } = await invite();
      for (const [weak, message] of [
        ['Weakpass', 'Password must contain a number'],
        ['weakpass1', 'Password must contain an uppercase letter'],
        ['Sh0rt', 'Password must be at least 8 characters'],
      ] as const) {
        const response = await setPassword(token, weak);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message, code: 'invalid' });
      }
      expect((await linkInfo(token)).statusCode).toBe(200);
      expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
      await signInAs(app, user.email, NEW_PASSWORD);
    });

    it('refuses an expired link', async () => {
      const { user, token } = await invite();
      await db()
        .update(passwordTokens)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(passwordTokens.userId, user.id));
      for (const response of [await linkInfo(token), await setPassword(token, NEW_PASSWORD)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(INVALID_LINK);
      }
    });

    it('refuses the link of a suspended person', async () => {
      const { user, token } = await invite();
      expect((await asAdmin('POST', `/api/users/${user.id}/suspend`)).statusCode).toBe(200);
      for (const response of [await linkInfo(token), await setPassword(token, NEW_PASSWORD)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(INVALID_LINK);
      }
      // Reinstated, the link works again (it was never used).
      expect((await asAdmin('POST', `/api/users/${user.id}/unsuspend`)).statusCode).toBe(200);
      expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses unknown, empty and oversized tokens', async () => {
      const unknown = await linkInfo('x'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(INVALID_LINK);
      expect((await linkInfo('')).statusCode).toBe(404);
      expect((await callApi(app, null, 'POST', '/api/auth/password-link', {})).statusCode).toBe(
        404,
      );
      expect((await linkInfo('x'.repeat(201))).statusCode).toBe(400);
      const empty = await setPassword('', NEW_PASSWORD);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'This link is not valid', code: 'invalid' });
    });

    it('a newer link replaces the older one', async () => {
      const { user, token } = await invite();
      const reset = await expectApi<{ setPasswordLink: SetPasswordLink }>(
        app,
        adminCookie,
        'POST',
        `/api/users/${user.id}/reset-password`,
        200,
      );
      expect((await linkInfo(token)).statusCode).toBe(404);
      const newer = tokenFromLink(reset.setPasswordLink);
      expect((await linkInfo(newer)).json()).toEqual({ email: user.email, purpose: 'reset' });
    });
  });

  describe('PUT /api/users/:id', () => {
    it('changes name, email, role and team, with the audit row before and after', async () => {
      const [oldTeam, newTeam] = [await seedTeam(db()), await seedTeam(db())];
      const user = await createTestUser(db(), { name: 'Ed Before' });
      await callApi(app, adminCookie, 'PUT', `/api/users/${user.id}`, {
        name: 'Ed Before',
        email: user.email,
        role: 'employee',
        teamId: oldTeam.id,
      });
      const email = uniqueEmail('after');
      const response = await asAdmin('PUT', `/api/users/${user.id}`, {
        name: ' Ed After ',
        email,
        role: 'team_lead',
        teamId: newTeam.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { user: updated } = response.json() as { user: UserSummary };
      expect(userSummarySchema.parse(updated)).toEqual(updated);
      expect(updated).toMatchObject({
        id: user.id,
        name: 'Ed After',
        email,
        role: 'team_lead',
        teamId: newTeam.id,
        teamName: newTeam.name,
      });
      // The new email signs in; the old one no longer exists.
      await signInAs(app, email, user.password);
      expect(
        (await postSignIn(app, { email: user.email, password: user.password })).statusCode,
      ).toBe(401);

      const rows = await auditRowsFor(db(), user.id, 'user.update');
      expect(rows.at(-1)).toMatchObject({
        actorId: admin.id,
        before: {
          email: user.email,
          name: 'Ed Before',
          role: 'employee',
          teamId: oldTeam.id,
          teamName: oldTeam.name,
          isSuspended: false,
        },
        after: {
          email,
          name: 'Ed After',
          role: 'team_lead',
          teamId: newTeam.id,
          teamName: newTeam.name,
          isSuspended: false,
        },
      });
    });

    it('records a hire date, keeps it when left out, clears it with null, and audits it', async () => {
      const user = await createTestUser(db(), { name: 'Hana Hire' });
      const body = { name: 'Hana Hire', email: user.email, role: 'employee', teamId: null };
      const set = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        hireDate: '2019-04-01',
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((set.json() as { user: UserSummary }).user.hireDate).toBe('2019-04-01');
      const kept = await asAdmin('PUT', `/api/users/${user.id}`, body);
      expect((kept.json() as { user: UserSummary }).user.hireDate).toBe('2019-04-01');
      const bad = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        hireDate: '2019-02-30',
      });
      expect(bad.statusCode).toBe(400);
      const cleared = await asAdmin('PUT', `/api/users/${user.id}`, { ...body, hireDate: null });
      expect((cleared.json() as { user: UserSummary }).user.hireDate).toBeNull();
      const rows = await auditRowsFor(db(), user.id, 'user.update');
      expect(rows.map((row) => (row.after as { hireDate: string | null }).hireDate)).toEqual([
        '2019-04-01',
        '2019-04-01',
        null,
      ]);
    });

    it('records whom a person reports to, keeps it when left out, refuses themselves, a circle and nobody (#33)', async () => {
      const lead = await createTestUser(db(), { name: 'Mona Manager' });
      const user = await createTestUser(db(), { name: 'Rita Reports' });
      const body = { name: 'Rita Reports', email: user.email, role: 'employee', teamId: null };
      const set = await asAdmin('PUT', `/api/users/${user.id}`, { ...body, managerId: lead.id });
      expect(set.statusCode, set.body).toBe(200);
      expect((set.json() as { user: UserSummary }).user).toMatchObject({
        managerId: lead.id,
        managerName: 'Mona Manager',
      });
      const kept = await asAdmin('PUT', `/api/users/${user.id}`, body);
      expect((kept.json() as { user: UserSummary }).user.managerId).toBe(lead.id);

      const leadBody = { name: 'Mona Manager', email: lead.email, role: 'employee', teamId: null };
      const circle = await asAdmin('PUT', `/api/users/${lead.id}`, {
        ...leadBody,
        managerId: user.id,
      });
      expect(circle.statusCode).toBe(400);
      expect(circle.json()).toMatchObject({ code: 'manager_circle' });
      const self = await asAdmin('PUT', `/api/users/${user.id}`, { ...body, managerId: user.id });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toMatchObject({ code: 'manager_circle' });
      const nobody = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        managerId: '00000000-0000-4000-8000-000000000000',
      });
      expect(nobody.statusCode).toBe(400);

      const cleared = await asAdmin('PUT', `/api/users/${user.id}`, { ...body, managerId: null });
      expect((cleared.json() as { user: UserSummary }).user).toMatchObject({
        managerId: null,
        managerName: null,
      });
      const rows = await auditRowsFor(db(), user.id, 'user.update');
      expect(rows.map((row) => (row.after as { managerId: string | null }).managerId)).toEqual([
        lead.id,
        lead.id,
        null,
      ]);
    });

    it('sets a person’s own weekly hours for the auto-fill, refusing a minimum above the maximum', async () => {
      const user = await createTestUser(db(), { name: 'Pia Parttime' });
      const body = { name: 'Pia Parttime', email: user.email, role: 'employee', teamId: null };
      const set = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        minWeekMinutes: 900,
        maxWeekMinutes: 1500,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((set.json() as { user: UserSummary }).user).toMatchObject({
        minWeekMinutes: 900,
        maxWeekMinutes: 1500,
      });
      const crossed = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        minWeekMinutes: 1600,
        maxWeekMinutes: 1500,
      });
      expect(crossed.statusCode).toBe(400);
      expect((crossed.json() as { message: string }).message).toBe(
        'The minimum hours a week must not be above the maximum',
      );
      const tooMany = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        maxWeekMinutes: 3000,
      });
      expect(tooMany.statusCode).toBe(400);
      // Left out: kept; null: back to the team's setting.
      const kept = await asAdmin('PUT', `/api/users/${user.id}`, body);
      expect((kept.json() as { user: UserSummary }).user.maxWeekMinutes).toBe(1500);
      const cleared = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        minWeekMinutes: null,
        maxWeekMinutes: null,
      });
      expect((cleared.json() as { user: UserSummary }).user).toMatchObject({
        minWeekMinutes: null,
        maxWeekMinutes: null,
      });
      const rows = await auditRowsFor(db(), user.id, 'user.update');
      expect(
        rows.map((row) => (row.after as { maxWeekMinutes: number | null }).maxWeekMinutes),
      ).toEqual([1500, 1500, null]);
    });

    it('refuses another person’s email (any case) with 409 and changes nothing', async () => {
      const taken = await createTestUser(db());
      const user = await createTestUser(db(), { name: 'Sam Same' });
      const response = await asAdmin('PUT', `/api/users/${user.id}`, {
        name: 'Sam Same',
        email: taken.email.toUpperCase(),
        role: 'employee',
        teamId: null,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `A user with the email ${taken.email.toUpperCase()} already exists`,
        code: 'duplicate_email',
      });
      // Their own email in another case is fine.
      const own = await asAdmin('PUT', `/api/users/${user.id}`, {
        name: 'Sam Same',
        email: user.email.toUpperCase(),
        role: 'employee',
        teamId: null,
      });
      expect(own.statusCode, own.body).toBe(200);
    });

    it('answers 404 for an unknown person and 400 for an unknown team', async () => {
      const body = { name: 'No One', email: uniqueEmail('none'), role: 'employee', teamId: null };
      for (const id of ['6f9619ff-8b86-4d01-b42d-00cf4fc964ff', 'not-an-id']) {
        const response = await asAdmin('PUT', `/api/users/${id}`, body);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'User not found', code: 'not_found' });
      }
      const user = await createTestUser(db());
      const response = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        teamId: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Unknown team', code: 'invalid' });
    });

    it('a role change tells the person’s open tabs to re-read their session; other edits do not', async () => {
      const user = await createTestUser(db(), { name: 'Rob Role' });
      const cookie = await signInAs(app, user.email, user.password);
      const stream = await liveStreamOf(cookie);
      const body = { name: 'Rob Role', email: user.email, teamId: null };

      const renamed = await asAdmin('PUT', `/api/users/${user.id}`, {
        ...body,
        name: 'Rob Renamed',
        role: 'employee',
      });
      expect(renamed.statusCode).toBe(200);
      const promoted = await asAdmin('PUT', `/api/users/${user.id}`, { ...body, role: 'sme' });
      expect(promoted.statusCode).toBe(200);
      await stream.waitForFrame(isSessionChange);
      // Notifications arrive in commit order: had the rename sent one, it would be here too.
      expect(stream.frames().filter(isSessionChange)).toHaveLength(1);
      // The session stays, with the new role.
      expect(await getSessionUser(app, cookie)).toMatchObject({ id: user.id, role: 'sme' });
    });
  });

  describe('suspend and unsuspend', () => {
    it('ends the person’s sessions at once, tells their open tabs, and unsuspend lets them back', async () => {
      const user = await createTestUser(db(), { name: 'Sue Spend' });
      const cookie = await signInAs(app, user.email, user.password);
      const otherCookie = await signInAs(app, user.email, user.password);
      const stream = await liveStreamOf(cookie);
      expect((await callApi(app, cookie, 'GET', '/api/time-events/today')).statusCode).toBe(200);

      const response = await asAdmin('POST', `/api/users/${user.id}/suspend`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ user: { id: user.id, isSuspended: true } });

      for (const each of [cookie, otherCookie]) {
        const refused = await callApi(app, each, 'GET', '/api/time-events/today');
        expect(refused.statusCode).toBe(401);
        expect(await getSessionUser(app, each)).toBeNull();
      }
      await stream.waitForFrame(isSessionChange);
      const signIn = await postSignIn(app, { email: user.email, password: user.password });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json()).toEqual({ message: suspendedMessage(), code: 'suspended' });
      const [audit] = await auditRowsFor(db(), user.id, 'user.suspend');
      expect(audit).toMatchObject({
        actorId: admin.id,
        before: { isSuspended: false },
        after: { isSuspended: true },
      });

      const back = await asAdmin('POST', `/api/users/${user.id}/unsuspend`);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ user: { id: user.id, isSuspended: false } });
      // Old sessions stay ended; signing in again works.
      expect(await getSessionUser(app, cookie)).toBeNull();
      const fresh = await signInAs(app, user.email, user.password);
      expect((await getSessionUser(app, fresh))?.id).toBe(user.id);
      expect(await auditRowsFor(db(), user.id, 'user.unsuspend')).toHaveLength(1);
    });

    it.each(['suspend', 'unsuspend', 'reset-password'])(
      'POST /api/users/:id/%s answers 404 for an unknown person',
      async (action) => {
        const response = await asAdmin(
          'POST',
          `/api/users/6f9619ff-8b86-4d01-b42d-00cf4fc964ff/${action}`,
        );
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'User not found', code: 'not_found' });
      },
    );
  });

  describe('reset password', () => {
    it('stops the old password, ends every session, and gives a link that works', async () => {
      const user = await createTestUser(db(), { name: 'Ray Reset' });
      const cookie = await signInAs(app, user.email, user.password);
      const stream = await liveStreamOf(cookie);

      const response = await asAdmin('POST', `/api/users/${user.id}/reset-password`);
      expect(response.statusCode, response.body).toBe(200);
      const { setPasswordLink } = response.json() as { setPasswordLink: SetPasswordLink };
      const token = tokenFromLink(setPasswordLink);
      // A reset link lasts a day.
      const hours = (Date.parse(setPasswordLink.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23);
      expect(hours).toBeLessThanOrEqual(24);

      expect(await getSessionUser(app, cookie)).toBeNull();
      const [session] = await db()
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionIdFromCookie(cookie)));
      expect(session?.revokedAt).toBeInstanceOf(Date);
      await stream.waitForFrame(isSessionChange);
      const old = await postSignIn(app, { email: user.email, password: user.password });
      expect(old.statusCode).toBe(401);

      expect((await linkInfo(token)).json()).toEqual({ email: user.email, purpose: 'reset' });
      expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
      await signInAs(app, user.email, NEW_PASSWORD);

      const [audit] = await auditRowsFor(db(), user.id, 'user.reset_password');
      expect(audit).toMatchObject({
        actorId: admin.id,
        after: { linkExpiresAt: setPasswordLink.expiresAt },
      });
      expect(JSON.stringify(audit)).not.toContain(token);
    });
  });

  describe('own account', () => {
    it('PUT /api/me/profile changes one’s own name, validated and audited', async () => {
      const user = await createTestUser(db(), { role: 'employee', name: 'Old Name' });
      const cookie = await signInAs(app, user.email, user.password);
      for (const name of ['X', '  ', undefined]) {
        const response = await callApi(app, cookie, 'PUT', '/api/me/profile', { name });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'Name must be at least 2 characters',
          code: 'invalid',
        });
      }
      const tooLong = await callApi(app, cookie, 'PUT', '/api/me/profile', {
        name: 'n'.repeat(101),
      });
      expect(tooLong.json()).toEqual({ message: 'Name too long', code: 'invalid' });

      const response = await callApi(app, cookie, 'PUT', '/api/me/profile', {
        name: '  New Name ',
        // Ignored: only the name is one's own to change.
        role: 'admin',
        email: 'other@example.com',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        user: { id: user.id, name: 'New Name', email: user.email, role: 'employee' },
      });
      expect(await getSessionUser(app, cookie)).toMatchObject({
        name: 'New Name',
        role: 'employee',
      });
      const [audit] = await auditRowsFor(db(), user.id, 'user.update_own_profile');
      expect(audit).toMatchObject({
        actorId: user.id,
        before: { name: 'Old Name' },
        after: { name: 'New Name' },
      });
      expect(
        (await callApi(app, null, 'PUT', '/api/me/profile', { name: 'Anon' })).statusCode,
      ).toBe(401);
    });

    it('POST /api/me/password needs the current password and keeps only this session', async () => {
      const user = await createTestUser(db(), { role: 'team_lead' });
      const cookie = await signInAs(app, user.email, user.password);
      const otherCookie = await signInAs(app, user.email, user.password);

      const wrong = await callApi(app, cookie, 'POST', '/api/me/password', {
        currentPassword: 'Not-my-password-1',
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'Your current password is not correct',
        code: 'wrong_password',
      });
      for (const [body, message] of [
        [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Enter your current password'],
        [
          { currentPassword: user.password, newPassword: 'Weakpass' },
          'Password must contain a number',
        ],
      ] as const) {
        const response = await callApi(app, cookie, 'POST', '/api/me/password', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message, code: 'invalid' });
      }
      expect(await getSessionUser(app, otherCookie)).not.toBeNull();

      const changed = await callApi(app, cookie, 'POST', '/api/me/password', {
        currentPassword: user.password,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode, changed.body).toBe(204);
      expect((await getSessionUser(app, cookie))?.id).toBe(user.id);
      expect(await getSessionUser(app, otherCookie)).toBeNull();
      expect(
        (await postSignIn(app, { email: user.email, password: user.password })).statusCode,
      ).toBe(401);
      await signInAs(app, user.email, NEW_PASSWORD);

      const [audit] = await auditRowsFor(db(), user.id, 'user.change_own_password');
      expect(audit).toMatchObject({ actorId: user.id, entityType: 'user' });
      expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
      expect(JSON.stringify(audit)).not.toContain(user.password);
    });
  });
});
