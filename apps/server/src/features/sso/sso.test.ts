import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstAdminKeepsPasswordMessage,
  noProviderYetMessage,
  passwordSignInOffMessage,
  type SsoProvider,
  type SsoProviderInput,
} from '@punchclock/shared/contracts/sso';
import { testConfig } from '../../test/config.ts';
import { auditLog, ssoSignIns, users } from '../../db/schema.ts';
import { hashToken } from '../../platform/tokens.ts';
import { buildTestApp, postSignIn, readSessionCookie, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.ts';
import { callApi } from '../../test/schedules.ts';

const PUBLIC_URL = 'http://punchclock.test';
const SLUGS = ['acme', 'acme-create', 'acme-groups', 'acme-trusting', 'acme-off', 'wrong-secret'];
const callbackOf = (slug: string) => `${PUBLIC_URL}/api/auth/sso/${slug}/callback`;

/** Cookies the provider sets, sent back on the next request to it (its session and interaction). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

interface RoundTrip {
  start: LightMyRequestResponse;
  /** The provider's redirect back to us, as the browser would follow it. */
  callbackUrl: URL;
  state: string;
}

/** GET …/start, then the provider's pages as a browser goes through them, up to the way back. */
async function goToProvider(
  app: FastifyInstance,
  slug: string,
  email: string,
  returnTo?: string,
): Promise<RoundTrip> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const start = await app.inject({ method: 'GET', url: `/api/auth/sso/${slug}/start${query}` });
  expect(start.statusCode, start.body).toBe(302);
  const state = start.cookies.find((cookie) => cookie.name === 'punchclock_sso')?.value ?? '';
  const jar = new CookieJar();
  const visit = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    return response;
  };
  let response = await visit(String(start.headers.location));
  const signInPage = new URL(String(response.headers.get('location')), response.url);
  response = await visit(signInPage.href);
  const page = await response.text();
  const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';
  response = await visit(new URL(action, signInPage).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  response = await visit(new URL(String(response.headers.get('location')), signInPage).href);
  const callbackUrl = new URL(String(response.headers.get('location')));
  return { start, callbackUrl, state };
}

function comeBack(app: FastifyInstance, trip: RoundTrip, state = trip.state) {
  return app.inject({
    method: 'GET',
    url: trip.callbackUrl.pathname + trip.callbackUrl.search,
    cookies: state ? { punchclock_sso: state } : {},
  });
}

async function signInBySso(app: FastifyInstance, slug: string, email: string, returnTo?: string) {
  return comeBack(app, await goToProvider(app, slug, email, returnTo));
}

describeEachDatabase('single sign-on with OpenID Connect (#19)', (getDatabase) => {
  const db = () => getDatabase().db;
  let idp: TestOidcProvider;
  let app: FastifyInstance;
  let firstAdmin: TestUser;
  let adminCookie: string;
  const providers = new Map<string, SsoProvider>();

  const providerInput = (slug: string, extra: Partial<SsoProviderInput> = {}) => ({
    slug,
    name: `Acme ${slug}`,
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    ...extra,
  });

  beforeAll(async () => {
    idp = await startTestOidcProvider({ redirectUris: SLUGS.map(callbackOf) });
    app = await buildTestApp(getDatabase().database, {
      email: { ...testConfig().email, publicUrl: PUBLIC_URL },
    });
    firstAdmin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, firstAdmin.email, firstAdmin.password);
    const settings: Record<string, Partial<SsoProviderInput>> = {
      acme: {},
      'acme-create': { unknownPeople: 'create' },
      'acme-groups': {
        groupsClaim: 'groups',
        groupRoles: {
          'Punchclock Admins': 'admin',
          'Punchclock Leads': 'team_lead',
          Staff: 'employee',
        },
      },
      'acme-trusting': { trustEmails: true },
      'acme-off': { enabled: false },
      'wrong-secret': { clientSecret: 'not-the-secret-the-provider-knows' },
    };
    for (const slug of SLUGS) {
      const response = await callApi(
        app,
        adminCookie,
        'POST',
        '/api/admin/sso-providers',
        providerInput(slug, settings[slug]),
      );
      expect(response.statusCode, response.body).toBe(201);
      providers.set(slug, (response.json() as { provider: SsoProvider }).provider);
    }
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  const sessionOf = async (response: LightMyRequestResponse) => {
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: readSessionCookie(response) },
    });
    return (session.json() as { user: { email: string; role: string; name: string | null } }).user;
  };

  describe('the way there and back', () => {
    it('signs a known person in by their verified email and lands them where they were going', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      const trip = await goToProvider(app, 'acme', employee.email.toUpperCase(), '/history');
      // Off to the provider with PKCE (S256), state and nonce; the provider requires PKCE.
      const location = new URL(String(trip.start.headers.location));
      expect(location.origin).toBe(idp.issuer);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('state')).toBe(trip.state);
      expect(location.searchParams.get('nonce')).toMatch(/.{20,}/);
      expect(location.searchParams.get('redirect_uri')).toBe(callbackOf('acme'));
      expect(trip.callbackUrl.href.startsWith(callbackOf('acme'))).toBe(true);

      const back = await comeBack(app, trip);
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe('/history');
      expect(await sessionOf(back)).toMatchObject({ email: employee.email, role: 'employee' });
      const audited = await db()
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.actorId, employee.id));
      expect(audited.map((entry) => entry.after)).toContainEqual({
        method: 'sso',
        provider: 'acme',
      });
    });

    it('refuses a way back in another browser, and one used twice', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      const trip = await goToProvider(app, 'acme', employee.email);
      const elsewhere = await comeBack(app, trip, 'someone-elses-state');
      expect(elsewhere.headers.location).toBe('/auth?sso_error=failed');
      expect(
        elsewhere.cookies.find((cookie) => cookie.name === 'punchclock_session'),
      ).toBeUndefined();

      const trip2 = await goToProvider(app, 'acme', employee.email);
      expect((await comeBack(app, trip2)).headers.location).toBe('/');
      // The pending sign-in is gone once used, whatever the provider does with a second code.
      const pending = await db()
        .select()
        .from(ssoSignIns)
        .where(eq(ssoSignIns.id, hashToken(trip2.state)));
      expect(pending).toEqual([]);
      // The same code and state again (a replay): the pending sign-in was used up.
      const replay = await comeBack(app, trip2);
      expect(replay.headers.location).toBe('/auth?sso_error=failed');
    });

    it('writes an auth.sso_failed audit row for every refused way back, with no secrets', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      const failedRows = () =>
        db()
          .select({ after: auditLog.after, ip: auditLog.ip, actorId: auditLog.actorId })
          .from(auditLog)
          .where(eq(auditLog.action, 'auth.sso_failed'));
      const before = (await failedRows()).length;
      const comeBackFrom = (trip: RoundTrip, ip: string, state: string, search: string) =>
        app.inject({
          method: 'GET',
          url: `${trip.callbackUrl.pathname}${search}`,
          cookies: state ? { punchclock_sso: state } : {},
          remoteAddress: ip,
        });

      // The state in the way back changed on the way.
      const tampered = await goToProvider(app, 'acme', employee.email);
      const tamperedSearch = tampered.callbackUrl.search.replace(
        `state=${tampered.state}`,
        `state=${tampered.state}x`,
      );
      await comeBackFrom(tampered, '10.77.0.1', tampered.state, tamperedSearch);
      // The way back opened in another browser (no state cookie there).
      const elsewhere = await goToProvider(app, 'acme', employee.email);
      await comeBackFrom(elsewhere, '10.77.0.2', '', elsewhere.callbackUrl.search);
      // The same way back twice.
      const used = await goToProvider(app, 'acme', employee.email);
      expect((await comeBack(app, used)).headers.location).toBe('/');
      await comeBackFrom(used, '10.77.0.3', used.state, used.callbackUrl.search);
      // The person pressed Deny at the provider: it sends them back with an error.
      const denied = await goToProvider(app, 'acme', employee.email);
      const deniedSearch = `?error=access_denied&error_description=${encodeURIComponent('End-User aborted interaction')}&state=${denied.state}`;
      const deniedBack = await comeBackFrom(denied, '10.77.0.4', denied.state, deniedSearch);
      expect(deniedBack.headers.location).toBe('/auth?sso_error=failed');

      const rows = (await failedRows()).slice(before);
      const byIp = Object.fromEntries(rows.map((row) => [row.ip, row.after]));
      expect(byIp).toEqual({
        '10.77.0.1': { provider: 'acme', reason: 'state_mismatch' },
        '10.77.0.2': { provider: 'acme', reason: 'no_state_cookie' },
        '10.77.0.3': { provider: 'acme', reason: 'unknown_state' },
        '10.77.0.4': { provider: 'acme', reason: 'provider_error', providerError: 'access_denied' },
      });
      expect(rows.every((row) => row.actorId === null)).toBe(true);
      // Never the state, the code or anything the provider sent but its error code.
      const written = JSON.stringify(rows);
      for (const trip of [tampered, elsewhere, used, denied]) {
        expect(written).not.toContain(trip.state);
        const code = trip.callbackUrl.searchParams.get('code');
        if (code) expect(written).not.toContain(code);
      }
    });

    it('never sends anyone to another site after signing in', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      const returnTos = ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/中文'];
      for (const returnTo of returnTos) {
        const back = await signInBySso(app, 'acme', employee.email, returnTo);
        expect(back.headers.location, returnTo).toBe('/');
      }
    });

    it('fails closed when the token exchange is refused (a wrong client secret)', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      const back = await signInBySso(app, 'wrong-secret', employee.email);
      expect(back.headers.location).toBe('/auth?sso_error=failed');
      expect(back.cookies.find((cookie) => cookie.name === 'punchclock_session')).toBeUndefined();
    });
  });

  describe('who gets in', () => {
    it('refuses a suspended person, and says so', async () => {
      const suspended = await createTestUser(db(), { role: 'employee', suspended: true });
      const back = await signInBySso(app, 'acme', suspended.email);
      expect(back.headers.location).toBe('/auth?sso_error=suspended');
      expect(back.cookies.find((cookie) => cookie.name === 'punchclock_session')).toBeUndefined();
    });

    it('refuses an email the provider does not vouch for, unless the provider is trusted', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      idp.setAccount(employee.email, { emailVerified: false });
      expect((await signInBySso(app, 'acme', employee.email)).headers.location).toBe(
        '/auth?sso_error=email_unverified',
      );
      const trusted = await signInBySso(app, 'acme-trusting', employee.email);
      expect(await sessionOf(trusted)).toMatchObject({ email: employee.email });
    });

    it('refuses unknown people where the admin chose so, and makes them employees where not', async () => {
      const stranger = `stranger-${randomUUID().slice(0, 8)}@example.com`;
      expect((await signInBySso(app, 'acme', stranger)).headers.location).toBe(
        '/auth?sso_error=unknown_person',
      );
      const found = await db().select().from(users).where(eq(users.email, stranger));
      expect(found).toHaveLength(0);

      idp.setAccount(stranger, { name: 'Sam Stranger' });
      const created = await signInBySso(app, 'acme-create', stranger);
      expect(await sessionOf(created)).toEqual(
        expect.objectContaining({ email: stranger, role: 'employee', name: 'Sam Stranger' }),
      );
      const [row] = await db().select().from(users).where(eq(users.email, stranger));
      expect(row?.passwordHash).toBeNull();
    });

    it('names a person it makes from their email when the provider sends no name', async () => {
      const local = `pat.nameless-${randomUUID().slice(0, 6)}`;
      const created = await signInBySso(app, 'acme-create', `${local}@example.com`);
      expect(await sessionOf(created)).toMatchObject({ name: local });
      const [audit] = await db()
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.action, 'user.create'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audit?.after).toMatchObject({ name: local });
    });

    it('gives the role the provider’s groups map to, the strongest when several do', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      idp.setAccount(employee.email, { groups: ['Everyone', 'Punchclock Leads'] });
      expect(await sessionOf(await signInBySso(app, 'acme-groups', employee.email))).toMatchObject({
        role: 'team_lead',
      });
      idp.setAccount(employee.email, { groups: ['Punchclock Leads', 'Punchclock Admins'] });
      expect(await sessionOf(await signInBySso(app, 'acme-groups', employee.email))).toMatchObject({
        role: 'admin',
      });
      // A mapped group demotes…
      idp.setAccount(employee.email, { groups: ['Staff'] });
      expect(await sessionOf(await signInBySso(app, 'acme-groups', employee.email))).toMatchObject({
        role: 'employee',
      });
      // …but never the first admin, who keeps the company's way in.
      idp.setAccount(firstAdmin.email, { groups: ['Staff'] });
      expect(
        await sessionOf(await signInBySso(app, 'acme-groups', firstAdmin.email)),
      ).toMatchObject({ role: 'admin' });
    });

    it('takes a mapped role away when the person leaves its group, and leaves roles given by hand (#33)', async () => {
      const person = await createTestUser(db(), { role: 'employee' });
      idp.setAccount(person.email, { groups: ['Punchclock Admins'] });
      expect(await sessionOf(await signInBySso(app, 'acme-groups', person.email))).toMatchObject({
        role: 'admin',
      });
      // Removed from the admin group and in no mapped group: no longer an admin.
      idp.setAccount(person.email, { groups: ['Everyone'] });
      expect(await sessionOf(await signInBySso(app, 'acme-groups', person.email))).toMatchObject({
        role: 'employee',
      });
      // A token that carries no groups claim at all says nothing about roles.
      idp.setAccount(person.email, { groups: ['Punchclock Leads'] });
      await signInBySso(app, 'acme-groups', person.email);
      idp.setAccount(person.email, {});
      expect(await sessionOf(await signInBySso(app, 'acme-groups', person.email))).toMatchObject({
        role: 'team_lead',
      });
      // A role the mapping never grants (sme, given by an admin) is not the directory's to take.
      const expert = await createTestUser(db(), { role: 'sme' });
      idp.setAccount(expert.email, { groups: ['Everyone'] });
      expect(await sessionOf(await signInBySso(app, 'acme-groups', expert.email))).toMatchObject({
        role: 'sme',
      });
    });

    it('offers only enabled providers, and a turned-off one goes nowhere', async () => {
      const buttons = await app.inject({ method: 'GET', url: '/api/auth/sso-providers' });
      const slugs = (buttons.json() as { providers: { slug: string }[] }).providers.map(
        (each) => each.slug,
      );
      expect(slugs).toContain('acme');
      expect(slugs).not.toContain('acme-off');
      const start = await app.inject({ method: 'GET', url: '/api/auth/sso/acme-off/start' });
      expect(start.headers.location).toBe('/auth?sso_error=disabled');
      const unknown = await app.inject({ method: 'GET', url: '/api/auth/sso/nobody/start' });
      expect(unknown.headers.location).toBe('/auth?sso_error=disabled');
    });
  });

  describe('password sign-in turned off', () => {
    it('per person: the right password is refused with where to go instead; SSO still works', async () => {
      const employee = await createTestUser(db(), { role: 'employee' });
      const before = await callApi(app, adminCookie, 'GET', `/api/users?search=${employee.email}`);
      const summary = (before.json() as { users: Record<string, unknown>[] }).users[0];
      expect(summary).toMatchObject({ ssoOnly: false });
      const update = await callApi(app, adminCookie, 'PUT', `/api/users/${employee.id}`, {
        name: employee.name,
        email: employee.email,
        role: 'employee',
        teamId: null,
        ssoOnly: true,
      });
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toMatchObject({ user: { ssoOnly: true } });

      const refused = await postSignIn(app, { email: employee.email, password: employee.password });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: passwordSignInOffMessage(),
        code: 'password_sign_in_off',
      });
      // A wrong password still reads as a wrong password: nothing learned about the account.
      const wrong = await postSignIn(app, { email: employee.email, password: 'Wrong1234' });
      expect(wrong.statusCode).toBe(401);
      expect(await sessionOf(await signInBySso(app, 'acme', employee.email))).toMatchObject({
        email: employee.email,
      });
    });

    it('for everyone but the first admin, who cannot lose it', async () => {
      const secondAdmin = await createTestUser(db(), { role: 'admin' });
      const employee = await createTestUser(db(), { role: 'employee' });
      const settings = await callApi(app, adminCookie, 'GET', '/api/admin/sign-in-settings');
      expect(settings.json()).toMatchObject({
        passwordSignIn: 'everyone',
        firstAdmin: { id: firstAdmin.id },
      });
      const turnedOff = await callApi(app, adminCookie, 'PUT', '/api/admin/sign-in-settings', {
        passwordSignIn: 'first_admin_only',
      });
      expect(turnedOff.json()).toMatchObject({ passwordSignIn: 'first_admin_only' });
      try {
        for (const person of [secondAdmin, employee]) {
          const refused = await postSignIn(app, { email: person.email, password: person.password });
          expect(refused.statusCode, person.email).toBe(403);
        }
        const first = await postSignIn(app, {
          email: firstAdmin.email,
          password: firstAdmin.password,
        });
        expect(first.statusCode).toBe(200);
        const keep = await callApi(app, adminCookie, 'PUT', `/api/users/${firstAdmin.id}`, {
          name: firstAdmin.name,
          email: firstAdmin.email,
          role: 'admin',
          teamId: null,
          ssoOnly: true,
        });
        expect(keep.statusCode).toBe(400);
        expect(keep.json()).toMatchObject({ message: firstAdminKeepsPasswordMessage() });
      } finally {
        await callApi(app, adminCookie, 'PUT', '/api/admin/sign-in-settings', {
          passwordSignIn: 'everyone',
        });
      }
      const back = await postSignIn(app, { email: employee.email, password: employee.password });
      expect(back.statusCode).toBe(200);
    });
  });

  describe('the admin’s list', () => {
    it('never sends a client secret back, and keeps the stored one when left empty', async () => {
      const list = await callApi(app, adminCookie, 'GET', '/api/admin/sso-providers');
      expect(list.body).not.toContain(idp.clientSecret);
      const acme = providers.get('acme');
      expect(acme).toMatchObject({ hasClientSecret: true, redirectUri: callbackOf('acme') });
      const renamed = await callApi(
        app,
        adminCookie,
        'PUT',
        `/api/admin/sso-providers/${acme?.id}`,
        {
          ...providerInput('acme'),
          name: 'Acme login',
          clientSecret: '',
        },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.body).not.toContain(idp.clientSecret);
      // Still signs people in: the secret stayed.
      const employee = await createTestUser(db(), { role: 'employee' });
      expect((await signInBySso(app, 'acme', employee.email)).headers.location).toBe('/');
    });

    it('refuses plain http to anywhere but this machine, and a short name twice', async () => {
      const insecure = await callApi(app, adminCookie, 'POST', '/api/admin/sso-providers', {
        ...providerInput('plain-http'),
        issuerUrl: 'http://login.example.com',
      });
      expect(insecure.statusCode).toBe(400);
      expect(insecure.json()).toMatchObject({ message: 'Issuer URL must be an https:// address' });
      const twice = await callApi(app, adminCookie, 'POST', '/api/admin/sso-providers', {
        ...providerInput('acme'),
      });
      expect(twice.statusCode).toBe(409);
    });

    it('is for admins only', async () => {
      const lead = await createTestUser(db(), { role: 'team_lead' });
      const cookie = await signInAs(app, lead.email, lead.password);
      expect((await callApi(app, cookie, 'GET', '/api/admin/sso-providers')).statusCode).toBe(403);
      expect((await callApi(app, cookie, 'GET', '/api/admin/sign-in-settings')).statusCode).toBe(
        403,
      );
    });
  });
});

describeEachDatabase('password sign-in with no provider yet', (getDatabase) => {
  it('cannot be turned off for everyone: nobody but the first admin could sign in', async () => {
    const app = await buildTestApp(getDatabase().database);
    try {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const cookie = await signInAs(app, admin.email, admin.password);
      const refused = await callApi(app, cookie, 'PUT', '/api/admin/sign-in-settings', {
        passwordSignIn: 'first_admin_only',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: noProviderYetMessage() });
      const settings = await callApi(app, cookie, 'GET', '/api/admin/sign-in-settings');
      expect(settings.json()).toMatchObject({
        passwordSignIn: 'everyone',
        firstAdmin: { id: admin.id },
      });

      // Suspended, the first admin passes the password on to the next active admin.
      const next = await createTestUser(getDatabase().db, { role: 'admin' });
      const nextCookie = await signInAs(app, next.email, next.password);
      const suspend = await callApi(app, nextCookie, 'POST', `/api/users/${admin.id}/suspend`);
      expect(suspend.statusCode, suspend.body).toBe(200);
      const after = await callApi(app, nextCookie, 'GET', '/api/admin/sign-in-settings');
      expect(after.json()).toMatchObject({ firstAdmin: { id: next.id } });
    } finally {
      await app.close();
    }
  });
});

describeEachDatabase('a provider set by OIDC_* environment variables', (getDatabase) => {
  it('is listed read-only and signs people in', async () => {
    const idp = await startTestOidcProvider({ redirectUris: [callbackOf('company')] });
    const app = await buildTestApp(getDatabase().database, {
      email: { ...testConfig().email, publicUrl: PUBLIC_URL },
      ssoFromEnvironment: {
        slug: 'company',
        name: 'Company account',
        issuerUrl: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        unknownPeople: 'refuse',
        trustEmails: false,
        groupsClaim: null,
        groupRoles: {},
        enabled: true,
      },
    });
    try {
      const admin = await createTestUser(getDatabase().db, { role: 'admin' });
      const cookie = await signInAs(app, admin.email, admin.password);
      const list = await callApi(app, cookie, 'GET', '/api/admin/sso-providers');
      const [provider] = (list.json() as { providers: SsoProvider[] }).providers;
      expect(provider).toMatchObject({ slug: 'company', fromEnvironment: true });
      const change = await callApi(
        app,
        cookie,
        'DELETE',
        `/api/admin/sso-providers/${provider?.id}`,
      );
      expect(change.statusCode).toBe(409);
      const employee = await createTestUser(getDatabase().db, { role: 'employee' });
      expect((await signInBySso(app, 'company', employee.email)).headers.location).toBe('/');
    } finally {
      await app.close();
      await idp.close();
    }
  });
});
