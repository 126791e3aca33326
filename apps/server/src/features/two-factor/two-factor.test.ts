import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endpointContract } from '@punchclock/shared/contracts/api-catalogue';
import { auditLog, passkeys, profiles, sessions } from '../../db/schema.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import {
  buildTestApp,
  CSRF_HEADERS,
  nextTestIp,
  postSignIn,
  readSessionCookie,
  SESSION_COOKIE_NAME,
  sessionIdFromCookie,
  signInAs,
} from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { createSoftwarePasskey } from '../../test/passkey-authenticator.ts';
import { auditRowsAfter, lastAuditId } from '../../test/users.ts';
import { findFirstAdmin, registerAuthRoutes } from '../auth/index.ts';
import { setUserSuspended } from '../users/index.ts';
import { recordPasskeyUse, writeTwoFactorRequirement } from './repository.ts';
import { relyingParty } from './webauthn.ts';

const PENDING_COOKIE = 'punchclock_sign_in_step';
const PASSKEY_COOKIE = 'punchclock_passkey';
const party = relyingParty(testConfig());
const origin = party.origins[0] ?? '';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((each) => each.name === name && each.value !== '');
  if (!cookie) throw new Error(`no ${name} cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** A code of the authenticator app `steps` periods from now (the next one: not yet used). */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

describeEachDatabase('two-step verification', (getDatabase) => {
  let app: FastifyInstance;
  let firstAdmin: TestUser;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    // Made first: the break-glass account of decision 0035.
    firstAdmin = await createTestUser(getDatabase().db, { role: 'admin', name: 'First Admin' });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(async () => {
    await writeTwoFactorRequirement(getDatabase().db, 'off');
  });

  function call(
    method: Method,
    url: string,
    options: { cookie?: string; payload?: unknown; ip?: string } = {},
  ) {
    return app.inject({
      method,
      url,
      headers: { ...CSRF_HEADERS, ...(options.cookie ? { cookie: options.cookie } : {}) },
      remoteAddress: options.ip ?? '127.0.0.1',
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  }

  /** `reauth`: the password again (none in a setup-only session fresh from its password). */
  async function enrolTotp(cookie: string, reauth: { password?: string } = {}) {
    const setup = await call('POST', '/api/me/two-factor/totp', { cookie, payload: reauth });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const confirmed = await call('POST', '/api/me/two-factor/totp/confirm', {
      cookie,
      payload: { code: await codeAt(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  /** A person with the authenticator app on, and their secret. */
  async function personWithTotp(role: TestUser['role'] = 'employee') {
    const user = await createTestUser(getDatabase().db, { role });
    const cookie = await signInAs(app, user.email, user.password);
    return { user, cookie, ...(await enrolTotp(cookie, { password: user.password })) };
  }

  /** Email and password right: the answer, and the pending sign-in's cookie. */
  async function startSignIn(user: TestUser, ip = nextTestIp()) {
    const response = await postSignIn(
      app,
      { email: user.email, password: user.password },
      { remoteAddress: ip },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.some((each) => each.name === SESSION_COOKIE_NAME)).toBe(false);
    return {
      body: response.json<Record<string, unknown>>(),
      pending: cookieOf(response, PENDING_COOKIE),
    };
  }

  async function signInMethodOf(cookie: string) {
    const [row] = await getDatabase()
      .db.select({ method: sessions.signInMethod })
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromCookie(cookie)));
    return row?.method;
  }

  describe('authenticator app', () => {
    it('is set up with a QR code and a code from the app; the secret is never audited', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      const before = await call('GET', '/api/me/two-factor', { cookie });
      expect(before.json()).toEqual({
        totpEnabled: false,
        recoveryCodesLeft: 0,
        passkeys: [],
        isRequired: false,
      });
      const afterId = await lastAuditId(getDatabase().db);
      const setup = await call('POST', '/api/me/two-factor/totp', {
        cookie,
        payload: { password: user.password },
      });
      const { secret, uri, qrCode } = setup.json<{ secret: string; uri: string; qrCode: string }>();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toMatch(/^otpauth:\/\/totp\/Punchclock:/);
      expect(uri).toContain(`secret=${secret}`);
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

      const wrong = await call('POST', '/api/me/two-factor/totp/confirm', {
        cookie,
        payload: { code: (Number(await codeAt(secret)) ^ 1).toString().padStart(6, '0') },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'wrong_code' });

      const confirmed = await call('POST', '/api/me/two-factor/totp/confirm', {
        cookie,
        payload: { code: await codeAt(secret) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect((await call('GET', '/api/me/two-factor', { cookie })).json()).toMatchObject({
        totpEnabled: true,
        recoveryCodesLeft: 10,
      });

      const rows = await auditRowsAfter(getDatabase().db, afterId);
      expect(rows.map((row) => row.action)).toEqual([
        'auth.totp_setup_started',
        'auth.totp_enabled',
      ]);
      const written = JSON.stringify(rows);
      expect(written).not.toContain(secret);
      for (const code of recoveryCodes) expect(written).not.toContain(code);
    });

    it('asks for the second step after the password, then opens the session', async () => {
      const { user, secret } = await personWithTotp();
      const { body, pending } = await startSignIn(user);
      expect(body).toEqual({ twoFactor: { methods: ['totp', 'recovery'] } });
      // The pending sign-in is not a session.
      expect((await call('GET', '/api/auth/session', { cookie: pending })).json()).toMatchObject({
        user: null,
      });

      const code = await codeAt(secret, 1);
      const finished = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { code },
      });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json()).toMatchObject({ user: { id: user.id, email: user.email } });
      const session = readSessionCookie(finished);
      expect(await signInMethodOf(session)).toBe('password+totp');
      expect((await call('GET', '/api/me/two-factor', { cookie: session })).statusCode).toBe(200);

      // The same code again, on a new sign-in: refused (already used).
      const again = await startSignIn(user);
      const replayed = await call('POST', '/api/auth/second-factor', {
        cookie: again.pending,
        payload: { code },
      });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toMatchObject({ code: 'wrong_code' });
      // A pending sign-in is used once: finishing it twice is refused.
      const reused = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { code: await codeAt(secret, -1) },
      });
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toMatchObject({ code: 'second_factor_expired' });
    });

    it('takes five wrong codes, each audited, then the sign-in must start again', async () => {
      const { user, secret } = await personWithTotp();
      const { pending } = await startSignIn(user);
      const afterId = await lastAuditId(getDatabase().db);
      const right = await codeAt(secret, 1);
      const wrong = right === '000000' ? '000001' : '000000';
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await call('POST', '/api/auth/second-factor', {
          cookie: pending,
          payload: { code: wrong },
        });
        expect(response.statusCode).toBe(401);
      }
      const late = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { code: right },
      });
      expect(late.json()).toMatchObject({ code: 'second_factor_expired' });
      const rows = await auditRowsAfter(getDatabase().db, afterId);
      expect(rows.map((row) => row.action)).toEqual(Array(5).fill('auth.second_factor_failed'));
      expect(rows[0]).toMatchObject({ entityId: user.id, after: { method: 'totp', attempts: 1 } });
    });

    it('counts wrong codes like wrong passwords: the sign-in throttle stops them', async () => {
      const strict = await buildTestApp(getDatabase().database, {
        signInLimits: {
          perIp: { limit: 1000, windowSeconds: 900 },
          perAccountAtIp: { limit: 3, windowSeconds: 900 },
          perAccount: { limit: 1000, windowSeconds: 3600 },
        },
      });
      try {
        const { user } = await personWithTotp();
        const ip = nextTestIp();
        const signedIn = await strict.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: CSRF_HEADERS,
          remoteAddress: ip,
          payload: { email: user.email, password: user.password },
        });
        const pending = cookieOf(signedIn, PENDING_COOKIE);
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 4; attempt += 1) {
          const response = await strict.inject({
            method: 'POST',
            url: '/api/auth/second-factor',
            headers: { ...CSRF_HEADERS, cookie: pending },
            remoteAddress: ip,
            payload: { code: '000000' },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 429]);
      } finally {
        await strict.close();
      }
    });

    it('limits wrong codes per account; a right password does not give new tries', async () => {
      const { user, secret } = await personWithTotp();
      const ip = nextTestIp();
      const right = await codeAt(secret, 1);
      const wrong = right === '000000' ? '000001' : '000000';
      const statuses: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        // The password again each time: right, so the sign-in throttle is settled.
        const { pending } = await startSignIn(user, ip);
        for (let attempt = 0; attempt < (round < 2 ? 5 : 1); attempt += 1) {
          const response = await call('POST', '/api/auth/second-factor', {
            cookie: pending,
            payload: { code: wrong },
            ip,
          });
          statuses.push(response.statusCode);
          if (response.statusCode === 429) {
            expect(response.json<{ message: string }>().message).toMatch(/try again in \d+ minute/);
          }
        }
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
      // Locked even for the right code, until the window passes.
      const { pending } = await startSignIn(user, ip);
      const refused = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { code: right },
        ip,
      });
      expect(refused.statusCode).toBe(429);
    });

    it('takes each recovery code once', async () => {
      const { user, recoveryCodes } = await personWithTotp();
      const [code] = recoveryCodes;
      const first = await startSignIn(user);
      const used = await call('POST', '/api/auth/second-factor', {
        cookie: first.pending,
        payload: { recoveryCode: code?.toUpperCase() },
      });
      expect(used.statusCode, used.body).toBe(200);
      expect(await signInMethodOf(readSessionCookie(used))).toBe('password+recovery');

      const second = await startSignIn(user);
      const again = await call('POST', '/api/auth/second-factor', {
        cookie: second.pending,
        payload: { recoveryCode: code },
      });
      expect(again.statusCode).toBe(401);
      const cookie = readSessionCookie(used);
      expect((await call('GET', '/api/me/two-factor', { cookie })).json()).toMatchObject({
        recoveryCodesLeft: 9,
      });
      // New codes replace the old: the remaining nine stop working.
      const fresh = await call('POST', '/api/me/two-factor/recovery-codes', {
        cookie,
        payload: { password: user.password },
      });
      expect(fresh.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
      const third = await startSignIn(user);
      const old = await call('POST', '/api/auth/second-factor', {
        cookie: third.pending,
        payload: { recoveryCode: recoveryCodes[1] },
      });
      expect(old.statusCode).toBe(401);
    });

    it('answers a pending sign-in once even to parallel tries, burning no extra code', async () => {
      const { user, cookie, recoveryCodes } = await personWithTotp();
      const { pending } = await startSignIn(user);
      const answers = await Promise.all(
        recoveryCodes
          .slice(0, 4)
          .map((recoveryCode) =>
            call('POST', '/api/auth/second-factor', { cookie: pending, payload: { recoveryCode } }),
          ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401]);
      expect((await call('GET', '/api/me/two-factor', { cookie })).json()).toMatchObject({
        recoveryCodesLeft: 9,
      });
    });

    it('refuses the second step once password sign-in is off for the person', async () => {
      const { user, secret } = await personWithTotp();
      const { pending } = await startSignIn(user);
      await getDatabase()
        .db.update(profiles)
        .set({ passwordSignInOff: true })
        .where(eq(profiles.id, user.id));
      const response = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { code: await codeAt(secret, 1) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'password_sign_in_off' });
    });

    it('is removed with the password or a current code, not a wrong one', async () => {
      const { user, cookie, secret } = await personWithTotp();
      const wrong = await call('POST', '/api/me/two-factor/totp/remove', {
        cookie,
        payload: { password: 'Not-the-password-1' },
      });
      expect(wrong.statusCode).toBe(400);
      const removed = await call('POST', '/api/me/two-factor/totp/remove', {
        cookie,
        payload: { password: user.password },
      });
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await call('GET', '/api/me/two-factor', { cookie })).json()).toMatchObject({
        totpEnabled: false,
        recoveryCodesLeft: 0,
      });
      // Signing in is one step again.
      const signedIn = await postSignIn(app, { email: user.email, password: user.password });
      expect(signedIn.json()).toMatchObject({ user: { id: user.id } });
      expect(secret).toBeTruthy();
    });

    it('asks for the password again (or a current code) before adding a factor', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      const starts = ['/api/me/two-factor/totp', '/api/me/passkeys/options'];
      for (const url of starts) {
        const bare = await call('POST', url, { cookie, payload: {} });
        expect(bare.statusCode, url).toBe(400);
        expect(bare.json()).toMatchObject({ code: 'reauthentication_required' });
        const wrong = await call('POST', url, { cookie, payload: { password: 'Not-it-1' } });
        expect(wrong.statusCode, url).toBe(400);
        expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
      }
      const { secret } = await enrolTotp(cookie, { password: user.password });
      const regenerate = '/api/me/two-factor/recovery-codes';
      expect((await call('POST', regenerate, { cookie, payload: {} })).statusCode).toBe(400);
      const withCode = await call('POST', regenerate, {
        cookie,
        payload: { code: await codeAt(secret, 1) },
      });
      expect(withCode.statusCode, withCode.body).toBe(200);
      const options = await call('POST', '/api/me/passkeys/options', {
        cookie,
        payload: { password: user.password },
      });
      expect(options.statusCode, options.body).toBe(200);
      const rows = await getDatabase()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.entityId, user.id));
      expect(rows.filter((row) => row.action === 'auth.reauthentication_refused')).toHaveLength(2);
    });

    it('takes each code once, wherever it was typed: confirming it is you uses it up', async () => {
      const { user, cookie, secret } = await personWithTotp();
      const code = await codeAt(secret, 1);
      const regenerated = await call('POST', '/api/me/two-factor/recovery-codes', {
        cookie,
        payload: { code },
      });
      expect(regenerated.statusCode, regenerated.body).toBe(200);
      // Someone who watched it typed cannot use it again: not to sign in, not to remove the app.
      const { pending } = await startSignIn(user);
      const reused = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { code },
      });
      expect(reused.statusCode, reused.body).toBe(401);
      expect(reused.json()).toMatchObject({ code: 'wrong_code' });
      const removal = await call('POST', '/api/me/two-factor/totp/remove', {
        cookie,
        payload: { code },
      });
      expect(removal.statusCode, removal.body).toBe(400);
      expect((await call('GET', '/api/me/two-factor', { cookie })).json()).toMatchObject({
        totpEnabled: true,
      });
    });

    it('counts wrong passwords there like wrong sign-ins', async () => {
      const strict = await buildTestApp(getDatabase().database, {
        signInLimits: {
          perIp: { limit: 1000, windowSeconds: 900 },
          perAccountAtIp: { limit: 2, windowSeconds: 900 },
          perAccount: { limit: 1000, windowSeconds: 3600 },
        },
      });
      try {
        const user = await createTestUser(getDatabase().db);
        const ip = nextTestIp();
        const cookie = await signInAs(strict, user.email, user.password);
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const response = await strict.inject({
            method: 'POST',
            url: '/api/me/passkeys/options',
            headers: { ...CSRF_HEADERS, cookie },
            remoteAddress: ip,
            payload: { password: 'Not-it-1' },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([400, 400, 429]);
      } finally {
        await strict.close();
      }
    });

    it('ends pending second steps when all sessions end or an admin resets the password', async () => {
      const { user, secret } = await personWithTotp();
      const adminCookie = await signInAs(app, firstAdmin.email, firstAdmin.password);
      const first = await startSignIn(user);
      const ended = await call('POST', `/api/users/${user.id}/sessions/end`, {
        cookie: adminCookie,
      });
      expect(ended.statusCode, ended.body).toBeLessThan(300);
      const late = await call('POST', '/api/auth/second-factor', {
        cookie: first.pending,
        payload: { code: await codeAt(secret, 1) },
      });
      expect(late.json()).toMatchObject({ code: 'second_factor_expired' });

      const second = await startSignIn(user);
      const reset = await call('POST', `/api/users/${user.id}/reset-password`, {
        cookie: adminCookie,
        payload: {},
      });
      expect(reset.statusCode, reset.body).toBeLessThan(300);
      const after = await call('POST', '/api/auth/second-factor', {
        cookie: second.pending,
        payload: { code: await codeAt(secret, 2) },
      });
      expect(after.json()).toMatchObject({ code: 'second_factor_expired' });
    });

    it('refuses a suspended person at the second step', async () => {
      const { user, secret } = await personWithTotp();
      const { pending } = await startSignIn(user);
      await setUserSuspended(getDatabase().db, user.email, true, {
        actorId: null,
        meta: SYSTEM_META,
      });
      const response = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { code: await codeAt(secret, 1) },
      });
      // Suspending ends the pending sign-in with the sessions.
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'second_factor_expired' });
    });
  });

  describe('required by the company', () => {
    async function requireOf(required: 'off' | 'admins' | 'everyone') {
      const cookie = await signInAs(app, firstAdmin.email, firstAdmin.password);
      const response = await call('PUT', '/api/admin/two-factor-settings', {
        cookie,
        payload: { required },
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    it('lets an admin without a factor in only to set one up: every other route is 403', async () => {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const employee = await createTestUser(getDatabase().db);
      await requireOf('admins');

      const signedIn = await postSignIn(app, { email: admin.email, password: admin.password });
      expect(signedIn.json()).toMatchObject({
        user: { id: admin.id },
        twoFactorSetupRequired: true,
      });
      const cookie = readSessionCookie(signedIn);
      expect((await call('GET', '/api/auth/session', { cookie })).json()).toMatchObject({
        user: { id: admin.id },
        twoFactorSetupRequired: true,
      });
      expect((await call('GET', '/api/me/two-factor', { cookie })).json()).toMatchObject({
        isRequired: true,
      });

      // Every route but the setup's own, whatever its method, refuses the session.
      const walked = app.apiRoutes.filter((route) => {
        const method = route.method === 'HEAD' ? 'GET' : route.method;
        return (
          route.access !== 'public' &&
          route.url !== '/api/live' &&
          !endpointContract(`${method} ${route.url}`)?.duringTwoFactorSetup
        );
      });
      expect(walked.length).toBeGreaterThan(150);
      for (const route of walked) {
        const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
        const response = await app.inject({
          method: route.method as Method,
          url,
          headers: { ...CSRF_HEADERS, cookie },
          payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
        });
        // SCIM answers in its own error shape (RFC 7644 §3.12), refused all the same.
        if (route.url.startsWith('/scim/')) {
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
          if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ status: '403' });
          continue;
        }
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        if (route.method !== 'HEAD') {
          expect(response.json(), `${route.method} ${route.url}`).toMatchObject({
            code: 'two_factor_setup_required',
          });
        }
      }
      // A public route answers as to nobody.
      const providers = await call('GET', '/api/auth/sso-providers', { cookie });
      expect(providers.statusCode).toBe(200);

      // An employee is not covered by "admins".
      const employeeSignIn = await postSignIn(app, {
        email: employee.email,
        password: employee.password,
      });
      expect(employeeSignIn.json()).not.toHaveProperty('twoFactorSetupRequired');

      // Set up: the same session becomes whole.
      await enrolTotp(cookie);
      expect((await call('GET', '/api/users', { cookie })).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/session', { cookie })).json()).not.toHaveProperty(
        'twoFactorSetupRequired',
      );
      // And the last factor cannot be removed while it is required.
      const removed = await call('POST', '/api/me/two-factor/totp/remove', {
        cookie,
        payload: { password: admin.password },
      });
      expect(removed.statusCode).toBe(409);
    });

    it('lifts only the session that enrolled; the other setup-only sessions end', async () => {
      const victim = await createTestUser(getDatabase().db);
      await requireOf('everyone');
      // Someone with the stolen password signs in first: a setup-only session.
      const attacker = readSessionCookie(
        await postSignIn(app, { email: victim.email, password: victim.password }),
      );
      const planted = createSoftwarePasskey(origin);
      const options = await call('POST', '/api/me/passkeys/options', {
        cookie: attacker,
        payload: {},
      });
      expect(options.statusCode, options.body).toBe(200);
      const own = readSessionCookie(
        await postSignIn(app, { email: victim.email, password: victim.password }),
      );
      // Past its first ten minutes, a setup-only session must give the password again too.
      await getDatabase()
        .db.update(sessions)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(sessions.id, sessionIdFromCookie(own)));
      const stale = await call('POST', '/api/me/two-factor/totp', { cookie: own, payload: {} });
      expect(stale.json()).toMatchObject({ code: 'reauthentication_required' });
      await enrolTotp(own, { password: victim.password });
      expect((await call('GET', '/api/me/language', { cookie: own })).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/session', { cookie: attacker })).json()).toMatchObject({
        user: null,
      });
      // Even if such a session were still live, it could not add a factor of its own.
      await getDatabase()
        .db.update(sessions)
        .set({ revokedAt: null })
        .where(eq(sessions.id, sessionIdFromCookie(attacker)));
      expect(await signInMethodOf(attacker)).toBe('password:two-factor-setup');
      for (const url of ['/api/me/two-factor/totp', '/api/me/passkeys/options']) {
        const refused = await call('POST', url, { cookie: attacker, payload: {} });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'two_factor_setup_required' });
      }
      const added = await call('POST', '/api/me/passkeys', {
        cookie: attacker,
        payload: { name: 'Mine', credential: planted.register(options.json()) },
      });
      expect(added.statusCode, added.body).toBe(403);
      expect(await signInMethodOf(attacker)).toBe('password:two-factor-setup');
      expect((await call('GET', '/api/me/language', { cookie: attacker })).statusCode).toBe(403);
    });

    it('keeps one factor when the last two are removed at once', async () => {
      const { user, cookie } = await personWithTotp();
      const passkey = createSoftwarePasskey(origin);
      const options = await call('POST', '/api/me/passkeys/options', {
        cookie,
        payload: { password: user.password },
      });
      const added = await call('POST', '/api/me/passkeys', {
        cookie,
        payload: { name: 'Phone', credential: passkey.register(options.json()) },
      });
      expect(added.statusCode, added.body).toBe(201);
      await requireOf('everyone');
      const answers = await Promise.all([
        call('POST', '/api/me/two-factor/totp/remove', {
          cookie,
          payload: { password: user.password },
        }),
        call('DELETE', `/api/me/passkeys/${added.json<{ id: string }>().id}`, { cookie }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      const left = (await call('GET', '/api/me/two-factor', { cookie })).json<{
        totpEnabled: boolean;
        passkeys: unknown[];
      }>();
      expect(Number(left.totpEnabled) + left.passkeys.length).toBe(1);
    });

    it("covers the first admin's break-glass password", async () => {
      expect((await findFirstAdmin(getDatabase().db))?.id).toBe(firstAdmin.id);
      await requireOf('admins');
      const signedIn = await postSignIn(app, {
        email: firstAdmin.email,
        password: firstAdmin.password,
      });
      expect(signedIn.json()).toMatchObject({ twoFactorSetupRequired: true });
      const cookie = readSessionCookie(signedIn);
      expect((await call('GET', '/api/users', { cookie })).statusCode).toBe(403);
    });

    it('covers everyone when set so, and writes who changed it', async () => {
      const employee = await createTestUser(getDatabase().db);
      const afterId = await lastAuditId(getDatabase().db);
      await requireOf('everyone');
      const rows = await auditRowsAfter(getDatabase().db, afterId);
      expect(rows.at(-1)).toMatchObject({
        action: 'settings.two_factor_required',
        actorId: firstAdmin.id,
        before: { required: 'off' },
        after: { required: 'everyone' },
      });
      const signedIn = await postSignIn(app, {
        email: employee.email,
        password: employee.password,
      });
      expect(signedIn.json()).toMatchObject({ twoFactorSetupRequired: true });
    });

    it('is changed by admins only', async () => {
      const lead = await createTestUser(getDatabase().db, { role: 'team_lead' });
      const cookie = await signInAs(app, lead.email, lead.password);
      const response = await call('PUT', '/api/admin/two-factor-settings', {
        cookie,
        payload: { required: 'off' },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('passkeys', () => {
    async function addPasskey(cookie: string, name = 'Laptop', reauth: object = {}) {
      const passkey = createSoftwarePasskey(origin);
      const options = await call('POST', '/api/me/passkeys/options', { cookie, payload: reauth });
      expect(options.statusCode, options.body).toBe(200);
      const added = await call('POST', '/api/me/passkeys', {
        cookie,
        payload: { name, credential: passkey.register(options.json()) },
      });
      expect(added.statusCode, added.body).toBe(201);
      return { passkey, id: added.json<{ id: string }>().id };
    }

    it('are added, then finish a password sign-in or sign in alone', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      const afterId = await lastAuditId(getDatabase().db);
      const { passkey, id } = await addPasskey(cookie, 'Laptop', { password: user.password });
      expect(id).toBe(passkey.credentialId);
      const [added] = await auditRowsAfter(getDatabase().db, afterId);
      expect(added).toMatchObject({ action: 'auth.passkey_added', after: { name: 'Laptop' } });

      // The second step of a password sign-in.
      const { body, pending } = await startSignIn(user);
      expect(body).toEqual({ twoFactor: { methods: ['passkey'] } });
      const options = await call('POST', '/api/auth/second-factor/passkey-options', {
        cookie: pending,
      });
      const finished = await call('POST', '/api/auth/second-factor', {
        cookie: pending,
        payload: { passkey: passkey.authenticate(options.json()) },
      });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(await signInMethodOf(readSessionCookie(finished))).toBe('password+passkey');

      // Alone, without email or password.
      const started = await call('POST', '/api/auth/passkey-options');
      const challengeCookie = cookieOf(started, PASSKEY_COOKIE);
      const assertion = passkey.authenticate(started.json());
      const signedIn = await call('POST', '/api/auth/passkey', {
        cookie: challengeCookie,
        payload: { passkey: assertion },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ user: { id: user.id } });
      expect(await signInMethodOf(readSessionCookie(signedIn))).toBe('passkey');
      // The same answer again: the challenge was used.
      const replayed = await call('POST', '/api/auth/passkey', {
        cookie: challengeCookie,
        payload: { passkey: assertion },
      });
      expect(replayed.statusCode).toBe(401);

      // Renamed, then removed.
      const renamed = await call('PUT', `/api/me/passkeys/${id}`, {
        cookie,
        payload: { name: 'Work laptop' },
      });
      expect(renamed.json()).toMatchObject({ name: 'Work laptop' });
      expect((await call('DELETE', `/api/me/passkeys/${id}`, { cookie })).statusCode).toBe(204);
      expect((await call('GET', '/api/me/two-factor', { cookie })).json()).toMatchObject({
        passkeys: [],
      });
    });

    it('never move a passkey counter backwards', async () => {
      const user = await createTestUser(getDatabase().db);
      const id = `counter-${user.id}`;
      const { db } = getDatabase();
      await db.insert(passkeys).values({ id, userId: user.id, name: 'Key', publicKey: 'AAAA' });
      await recordPasskeyUse(db, id, 5);
      await recordPasskeyUse(db, id, 2);
      const [row] = await db
        .select({ counter: passkeys.counter })
        .from(passkeys)
        .where(eq(passkeys.id, id));
      expect(row?.counter).toBe(5);
    });

    it('refuse an answer from another site, and a suspended person', async () => {
      const user = await createTestUser(getDatabase().db);
      const cookie = await signInAs(app, user.email, user.password);
      const { passkey } = await addPasskey(cookie, 'Laptop', { password: user.password });
      const phishing = createSoftwarePasskey('https://punchclock.example.net');
      const options = await call('POST', '/api/me/passkeys/options', {
        cookie,
        payload: { password: user.password },
      });
      const foreign = await call('POST', '/api/me/passkeys', {
        cookie,
        payload: { name: 'Elsewhere', credential: phishing.register(options.json()) },
      });
      expect(foreign.statusCode).toBe(400);

      await setUserSuspended(getDatabase().db, user.email, true, {
        actorId: null,
        meta: SYSTEM_META,
      });
      const started = await call('POST', '/api/auth/passkey-options');
      const signedIn = await call('POST', '/api/auth/passkey', {
        cookie: cookieOf(started, PASSKEY_COOKIE),
        payload: { passkey: passkey.authenticate(started.json()) },
      });
      expect(signedIn.statusCode).toBe(403);
      expect(signedIn.json()).toMatchObject({ code: 'suspended' });
    });

    it('lift a setup-only session, and an admin can remove them all (a lost phone)', async () => {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const adminCookie = await signInAs(app, firstAdmin.email, firstAdmin.password);
      await call('PUT', '/api/admin/two-factor-settings', {
        cookie: adminCookie,
        payload: { required: 'admins' },
      });
      const signedIn = await postSignIn(app, { email: admin.email, password: admin.password });
      const cookie = readSessionCookie(signedIn);
      expect((await call('GET', '/api/users', { cookie })).statusCode).toBe(403);
      await addPasskey(cookie, 'Phone');
      expect((await call('GET', '/api/users', { cookie })).statusCode).toBe(200);

      const afterId = await lastAuditId(getDatabase().db);
      const reset = await call('DELETE', `/api/users/${admin.id}/two-factor`, {
        cookie: adminCookie,
      });
      expect(reset.statusCode, reset.body).toBe(204);
      const [row] = await auditRowsAfter(getDatabase().db, afterId);
      expect(row).toMatchObject({
        action: 'auth.two_factor_reset',
        actorId: firstAdmin.id,
        entityId: admin.id,
        before: { authenticatorApp: false, passkeys: 1 },
      });
      // Next sign-in: set one up again.
      const again = await postSignIn(app, { email: admin.email, password: admin.password });
      expect(again.json()).toMatchObject({ twoFactorSetupRequired: true });
    });
  });

  it('limits anonymous passkey challenges per address', async () => {
    const ip = nextTestIp();
    const statuses: number[] = [];
    for (let call = 0; call < 31; call += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/passkey-options',
        headers: CSRF_HEADERS,
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not held back.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/passkey-options',
      headers: CSRF_HEADERS,
      remoteAddress: nextTestIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('cannot register password sign-in without the second-factor gate', () => {
    // Type-level: a forgotten gate would open a whole session after the password alone.
    const forgetful = (db: Parameters<typeof registerAuthRoutes>[1]) =>
      // @ts-expect-error the gate is required
      registerAuthRoutes(app, db, testConfig());
    expect(typeof forgetful).toBe('function');
  });

  it('answers any body to the second step with 4xx, never 500', async () => {
    const { user } = await personWithTotp();
    const { pending } = await startSignIn(user);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const response = await call('POST', '/api/auth/second-factor', {
          cookie: pending,
          payload: body ?? null,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    const assertions = fc.record({
      id: fc.base64String(),
      rawId: fc.base64String(),
      type: fc.constant('public-key'),
      response: fc.record({
        clientDataJSON: fc.base64String(),
        authenticatorData: fc.base64String(),
        signature: fc.base64String(),
      }),
    });
    await fc.assert(
      fc.asyncProperty(assertions, async (passkey) => {
        // Each from its own address: the per-address limit on challenges is not under test here.
        const ip = nextTestIp();
        const started = await call('POST', '/api/auth/passkey-options', { ip });
        const response = await call('POST', '/api/auth/passkey', {
          ip,
          cookie: cookieOf(started, PASSKEY_COOKIE),
          payload: { passkey: { ...passkey, id: passkey.id.replace(/[+/=]/g, '') } },
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 20 },
    );
    // Nothing written names a secret.
    const rows = await getDatabase()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, user.id));
    expect(JSON.stringify(rows)).not.toMatch(/"secret"|recoveryCode/);
  });
});
