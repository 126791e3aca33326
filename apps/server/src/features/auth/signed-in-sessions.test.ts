import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInSession } from '@punchclock/shared/contracts/signed-in-sessions';
import { sessions } from '../../db/schema.ts';
import {
  buildTestApp,
  CSRF_HEADERS,
  getSessionUser,
  sessionIdFromCookie,
  signInAs,
} from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { auditRowsFor, expectApi } from '../../test/users.ts';
import { describeUserAgent } from './user-agent.ts';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('describeUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    expect(describeUserAgent(WINDOWS_CHROME)).toEqual({
      browser: 'Chrome',
      browserVersion: '131',
      os: 'Windows',
      device: null,
      platform: 'desktop',
    });
  });
  it('names a phone by its model', () => {
    expect(describeUserAgent(IPHONE_SAFARI)).toMatchObject({
      browser: 'Safari',
      os: 'iOS',
      device: 'iPhone',
      platform: 'mobile',
    });
  });
  it('knows nothing of what is not a browser, or of no user agent', () => {
    for (const agent of ['punchclock-tests', null]) {
      expect(describeUserAgent(agent)).toEqual({
        browser: null,
        browserVersion: null,
        os: null,
        device: null,
        platform: 'unknown',
      });
    }
  });
});

describeEachDatabase('where you are signed in', (getDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The same person signed in from a Windows PC and from an iPhone. */
  async function signedInTwice(user?: TestUser) {
    const person = user ?? (await createTestUser(getDatabase().db));
    const pc = await signInAs(app, person.email, person.password, {
      headers: { 'user-agent': WINDOWS_CHROME },
      remoteAddress: '203.0.113.7',
    });
    const phone = await signInAs(app, person.email, person.password, {
      headers: { 'user-agent': IPHONE_SAFARI },
      remoteAddress: '198.51.100.9',
    });
    return { person, pc, phone };
  }

  async function listSessions(cookie: string): Promise<SignedInSession[]> {
    const { sessions: listed } = await expectApi<{ sessions: SignedInSession[] }>(
      app,
      cookie,
      'GET',
      '/api/account/sessions',
      200,
    );
    return listed;
  }

  it('lists only my live sessions, this one marked, with the device read from the user agent', async () => {
    const { person, pc, phone } = await signedInTwice();
    // Someone else's session, and three of mine that are over: none of them are listed.
    const other = await createTestUser(getDatabase().db);
    await signInAs(app, other.email, other.password);
    const revoked = await signInAs(app, person.email, person.password);
    const idle = await signInAs(app, person.email, person.password);
    const expired = await signInAs(app, person.email, person.password);
    const { db } = getDatabase();
    await expectApi(app, revoked, 'POST', '/api/auth/sign-out', 204);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.id, sessionIdFromCookie(idle)));
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, sessionIdFromCookie(expired)));

    const listed = await listSessions(pc);
    expect(listed).toHaveLength(2);
    const mine = listed.find((session) => session.isCurrent);
    const phoneSession = listed.find((session) => !session.isCurrent);
    expect(mine).toMatchObject({
      browser: 'Chrome',
      browserVersion: '131',
      os: 'Windows',
      platform: 'desktop',
      ip: '203.0.113.7',
      signInMethod: 'password',
    });
    expect(phoneSession).toMatchObject({ browser: 'Safari', device: 'iPhone', ip: '198.51.100.9' });
    // The public id is neither the cookie nor the stored hash.
    for (const session of listed) {
      expect(session.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect([sessionIdFromCookie(pc), sessionIdFromCookie(phone)]).not.toContain(session.id);
      expect(pc).not.toContain(session.id);
    }
    // The other device sees the same two, itself marked.
    const fromPhone = await listSessions(phone);
    expect(fromPhone.map((session) => session.isCurrent)).toEqual([true, false]);
    expect(fromPhone[0]?.id).toBe(phoneSession?.id);
    // This device first, whoever was seen last.
    expect(listed[0]?.isCurrent).toBe(true);
  });

  it('signs out one other session: its cookie stops working at once, mine still works', async () => {
    const { person, pc, phone } = await signedInTwice();
    const phoneSession = (await listSessions(pc)).find((session) => !session.isCurrent);
    await expectApi(app, pc, 'DELETE', `/api/account/sessions/${phoneSession?.id}`, 204);

    expect(await getSessionUser(app, phone)).toBeNull();
    expect((await getSessionUser(app, pc))?.id).toBe(person.id);
    expect((await listSessions(pc)).map((session) => session.isCurrent)).toEqual([true]);
    const [row] = await auditRowsFor(getDatabase().db, person.id, 'auth.session_ended');
    expect(row).toMatchObject({ actorId: person.id, entityType: 'session' });
    expect(row?.after).toMatchObject({ session: phoneSession?.id, ip: '198.51.100.9' });
    // Once ended, it is not found again.
    await expectApi(app, pc, 'DELETE', `/api/account/sessions/${phoneSession?.id}`, 404);
  });

  it('signing out the current session is a plain sign-out', async () => {
    const { person, pc, phone } = await signedInTwice();
    const current = (await listSessions(pc)).find((session) => session.isCurrent);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${current?.id}`,
      headers: { ...CSRF_HEADERS, cookie: pc },
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/punchclock_session=;/);
    expect(await getSessionUser(app, pc)).toBeNull();
    expect((await getSessionUser(app, phone))?.id).toBe(person.id);
    expect(await auditRowsFor(getDatabase().db, person.id, 'auth.sign_out')).toHaveLength(1);
  });

  it('signs out all my other sessions and keeps this one', async () => {
    const { person, pc, phone } = await signedInTwice();
    const third = await signInAs(app, person.email, person.password);
    const answer = await expectApi(app, pc, 'POST', '/api/account/sessions/sign-out-others', 200);
    expect(answer).toEqual({ sessionsEnded: 2 });
    expect(await getSessionUser(app, phone)).toBeNull();
    expect(await getSessionUser(app, third)).toBeNull();
    expect((await getSessionUser(app, pc))?.id).toBe(person.id);
    const [row] = await auditRowsFor(getDatabase().db, person.id, 'auth.sessions_ended_others');
    expect(row?.after).toEqual({ sessionsEnded: 2 });
  });

  it("cannot end another person's session by its id", async () => {
    const { pc: theirs } = await signedInTwice();
    const { pc: mine } = await signedInTwice();
    const [their] = await listSessions(theirs);
    await expectApi(app, mine, 'DELETE', `/api/account/sessions/${their?.id}`, 404);
    await expectApi(app, mine, 'DELETE', '/api/account/sessions/not-a-session', 404);
    expect(await getSessionUser(app, theirs)).not.toBeNull();
  });

  it('needs a session', async () => {
    await expectApi(app, null, 'GET', '/api/account/sessions', 401);
    await expectApi(app, null, 'POST', '/api/account/sessions/sign-out-others', 401);
  });

  describe('an admin ends all of a person’s sessions', () => {
    it('ends them at once and leaves an audit row', async () => {
      const { db } = getDatabase();
      const admin = await createTestUser(db, { role: 'admin' });
      const adminCookie = await signInAs(app, admin.email, admin.password);
      const { person, pc, phone } = await signedInTwice();
      const answer = await expectApi(
        app,
        adminCookie,
        'POST',
        `/api/users/${person.id}/sessions/end`,
        200,
      );
      expect(answer).toEqual({ sessionsEnded: 2 });
      expect(await getSessionUser(app, pc)).toBeNull();
      expect(await getSessionUser(app, phone)).toBeNull();
      const [row] = await auditRowsFor(db, person.id, 'user.sessions_ended');
      expect(row).toMatchObject({ actorId: admin.id, entityType: 'user' });
      expect(row?.after).toEqual({ sessionsEnded: 2 });
      // The person may sign in again: ending sessions is not a suspension.
      await signInAs(app, person.email, person.password);
    });

    it('an admin naming themselves keeps the session they use', async () => {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const { pc, phone } = await signedInTwice(admin);
      const answer = await expectApi(app, pc, 'POST', `/api/users/${admin.id}/sessions/end`, 200);
      expect(answer).toEqual({ sessionsEnded: 1 });
      expect(await getSessionUser(app, pc)).not.toBeNull();
      expect(await getSessionUser(app, phone)).toBeNull();
    });

    it('is for admins only, and a person who does not exist is not found', async () => {
      const { db } = getDatabase();
      const { person, pc } = await signedInTwice();
      const lead = await createTestUser(db, { role: 'team_lead' });
      const leadCookie = await signInAs(app, lead.email, lead.password);
      await expectApi(app, leadCookie, 'POST', `/api/users/${person.id}/sessions/end`, 403);
      await expectApi(app, pc, 'POST', `/api/users/${lead.id}/sessions/end`, 403);
      const admin = await createTestUser(db, { role: 'admin' });
      const adminCookie = await signInAs(app, admin.email, admin.password);
      await expectApi(app, adminCookie, 'POST', '/api/users/not-a-uuid/sessions/end', 404);
      await expectApi(
        app,
        adminCookie,
        'POST',
        '/api/users/00000000-0000-4000-8000-000000000000/sessions/end',
        404,
      );
    });
  });
});
