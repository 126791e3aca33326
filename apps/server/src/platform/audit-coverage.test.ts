import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../db/client.ts';
import { requestCorrection } from '../features/approvals/correction-requests.ts';
import { lockPeriod } from '../features/approvals/periods.ts';
import { addHoliday, removeHoliday } from '../features/pay-settings/holidays.ts';
import { addRate } from '../features/pay-settings/rates.ts';
import { savePreset } from '../features/payroll/presets.ts';
import { createEnrolmentCode } from '../features/kiosk/devices.ts';
import { requestTimeOff, saveTimeOffType } from '../features/time-off/service.ts';
import { addUser } from '../features/users/accounts.ts';
import { createTeam } from '../features/teams/service.ts';
import { addMyAvailabilityException } from '../features/rosters/availability.ts';
import { createShift } from '../features/rosters/service.ts';
import { requestShiftTrade } from '../features/rosters/trades.ts';
import { seedPublishedShift } from '../test/roster-fixtures.ts';
import { scimGroup, scimServiceToken, scimUser } from '../test/scim.ts';
import { buildTestApp, nextTestIp, signInAs } from '../test/app.ts';
import { readRawEvents, timeOffTypeId, torontoInstant } from '../test/approvals.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser, TEST_PASSWORD, uniqueEmail, type TestUser } from '../test/factories.ts';
import { createKioskPerson, enrolTestKiosk, sealForKiosk, TEST_KIOSK_PIN } from '../test/kiosk.ts';
import { seedNotifications } from '../test/notifications.ts';
import {
  seedAssignment,
  seedTemplate,
  templateBody,
  uniqueTemplateName,
} from '../test/schedules.ts';
import { insertPunches, TORONTO } from '../test/time-tracking.ts';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import {
  auditRowsAfter,
  expectApi,
  lastAuditId,
  seedTeam,
  setTeamOf,
  SYSTEM_ACTOR,
  tokenFromLink,
  uniqueTeamName,
} from '../test/users.ts';
import { SYSTEM_META } from './request-meta.ts';
import { generate as generateTotp } from 'otplib';
import { passkeys } from '../db/schema.ts';
import { relyingParty } from '../features/two-factor/webauthn.ts';
import { testConfig } from '../test/config.ts';
import { createSoftwarePasskey } from '../test/passkey-authenticator.ts';

/** An API token's last day: within the year a token may last. */
const TOKEN_EXPIRY = shiftDate(toBusinessDate(new Date(), TORONTO), 30);

/** A receiver address the webhook routes accept: an internal one, allowed as such. */
const WEBHOOK_INPUT = {
  url: 'http://127.0.0.1:9/hooks',
  eventTypes: ['punch.recorded'],
  allowPrivateNetwork: true,
};

async function addWebhook(context: Context, eventTypes = ['punch.recorded']): Promise<string> {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { [CSRF_HEADER]: '1', cookie: context.adminCookie },
    payload: { ...WEBHOOK_INPUT, eventTypes },
  });
  return (created.json() as { endpoint: { id: string } }).endpoint.id;
}

/** A provider the admin routes accept; nothing contacts its issuer until someone signs in. */
const ssoProviderInput = () => ({
  slug: `idp-${randomUUID().slice(0, 8)}`,
  name: 'Company login',
  issuerUrl: 'https://login.example.com',
  clientId: 'punchclock',
  clientSecret: 'not-a-real-secret',
});

async function addSsoProvider(context: Context): Promise<string> {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/admin/sso-providers',
    headers: { [CSRF_HEADER]: '1', cookie: context.adminCookie },
    payload: ssoProviderInput(),
  });
  return (created.json() as { provider: { id: string } }).provider.id;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Context {
  kind: 'pglite' | 'postgres';
  app: FastifyInstance;
  db: Db;
  admin: TestUser;
  adminCookie: string;
}

interface Call {
  method: Method;
  url: string;
  payload?: Record<string, unknown>;
  /** The session the call is made with; none for anonymous calls. */
  cookie?: string;
  /** An API token's secret the call is made with instead (SCIM: a directory's service token). */
  bearer?: string;
  /** Who the audit row must name as actor (null: nobody, e.g. a failed sign-in). */
  actorId: string | null;
}

interface Scenario {
  /** "METHOD /registered/url" exactly as the route was registered. */
  route: string;
  name: string;
  status: number;
  /** The action of the row(s) written. */
  action: string;
  /** What the call answers on PostgreSQL when that differs (no row is written then). */
  onPostgres?: { status: number; why: string };
  /** Arranges what the call needs (its own audit rows are not counted) and describes it. */
  arrange(context: Context): Promise<Call>;
}

/**
 * Calls that legitimately write other than exactly one audit row. Keep this short: every
 * other successful mutating call must write exactly one row.
 */
const EXCEPTIONS: Record<string, { rows: number; why: string }> = {
  'POST /api/auth/password-link — an unused link': {
    rows: 0,
    why: 'reads who a link is for (POST only to keep the token out of URLs); changes nothing',
  },
  'POST /api/setup/link — once set up': {
    rows: 0,
    why: 'reads whether a setup link is usable (POST only to keep the token out of URLs); changes nothing',
  },
  'POST /api/setup — once set up': {
    rows: 0,
    why: 'this walk’s database has users, so the setup is refused (409) before anything is written; the rows of a completed setup (user.create, setup.completed, auth.sign_in) and of a wrong link (setup.link_refused) are checked on an empty database in features/setup/routes.test.ts',
  },
  'POST /api/schedule-assignments — two people at once': {
    rows: 2,
    why: 'one assignment (and one row) per person chosen',
  },
  'POST /api/schedule-assignments — ending an overlapping one': {
    rows: 2,
    why: 'the earlier assignment it shortens gets its own update row',
  },
  'POST /api/timesheets/period/approve — a period nobody worked in': {
    rows: 2,
    why: 'approving the period (with who was approved or missing) and locking it are two steps',
  },
  'POST /api/kiosk/identify — employee number and PIN at a device': {
    rows: 0,
    why: 'says who is at the kiosk and grants a minute to punch; records nothing (the punch is audited)',
  },
  'POST /api/push/test — a test reminder to one’s devices': {
    rows: 0,
    why: 'sends a test push to the caller’s own devices; changes nothing',
  },
  'POST /api/users/import/preview — a file of people': {
    rows: 0,
    why: 'says what a file would do; writes nothing',
  },
  'POST /api/users/import — a new person from a file': {
    rows: 2,
    why: 'one row per person created or changed, and one for the import itself',
  },
  'POST /scim/v2/Users — a person pushed': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'PUT /scim/v2/Users/:id — a person replaced': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'PATCH /scim/v2/Users/:id — a person renamed': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'DELETE /scim/v2/Users/:id — a person removed from the directory (suspended)': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'POST /scim/v2/Groups — a group pushed': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'PUT /scim/v2/Groups/:id — a group replaced': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'PATCH /scim/v2/Groups/:id — a member added': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'DELETE /scim/v2/Groups/:id — a group removed': {
    rows: 2,
    why: 'a directory’s token call: the change, then the api_token.call row every token call writes',
  },
  'POST /api/auth/second-factor/passkey-options — a pending sign-in’s passkey challenge': {
    rows: 0,
    why: 'hands out a one-time challenge for the sign-in under way; changes no record',
  },
  'POST /api/auth/passkey-options — a passkey sign-in starts': {
    rows: 0,
    why: 'hands out a one-time challenge; nobody is known yet and nothing is changed',
  },
  'POST /api/me/passkeys/options — a passkey to add': {
    rows: 0,
    why: 'hands out a one-time challenge; the passkey is audited when it is added',
  },
  'POST /api/approvals/decide — two items at once': {
    rows: 2,
    why: 'each item is decided (and audited) on its own, so one refusal does not undo the rest',
  },
};

const keyOf = (scenario: Scenario) => `${scenario.route} — ${scenario.name}`;

/** A people import's body: a CSV of name and email rows. */
const peopleFile = (...rows: string[]) => ({
  fileName: 'people.csv',
  content: Buffer.from(['name,email', ...rows].join('\n')).toString('base64'),
});

async function signedIn(
  context: Context,
  role: Role = 'employee',
): Promise<{ user: TestUser; cookie: string }> {
  const user = await createTestUser(context.db, { role });
  return { user, cookie: await signInAs(context.app, user.email, user.password) };
}

/** Someone added without a password, and the token of their one-time link. */
async function invited(db: Db): Promise<{ userId: string; token: string }> {
  const { user, setPasswordLink } = await addUser(
    db,
    { name: 'Link Person', email: uniqueEmail('walk-link'), role: 'employee' },
    SYSTEM_ACTOR,
  );
  return { userId: user.id, token: tokenFromLink(setPasswordLink) };
}

const WORKDAYS = { dateRangeStart: '2031-03-01', dateRangeEnd: '2031-03-31' };

/**
 * A recent past day for correction scenarios: corrections are only for days that have started,
 * and people may only ask for the last CORRECTION_WINDOW_DAYS.
 */
const CORRECTED_DAY = shiftDate(toBusinessDate(new Date(), TORONTO), -2);

/** A one-day Unpaid request (unlimited: no allowance needed) on a working day of 2031. */
async function unpaidDay(db: Db) {
  return {
    typeId: await timeOffTypeId(db, 'Unpaid'),
    startDate: '2031-03-03',
    endDate: '2031-03-03',
  };
}

/** A clock-in on CORRECTED_DAY, stored as a punch would be. */
async function punchedIn(db: Db, userId: string) {
  await insertPunches(db, userId, [
    { eventType: 'clock_in', occurredAt: torontoInstant(CORRECTED_DAY, '09:00') },
  ]);
  const [punch] = await readRawEvents(db, userId);
  if (!punch) throw new Error('the punch was not stored');
  return punch;
}

const SCENARIOS: Scenario[] = [
  {
    route: 'POST /scim/v2/Users',
    name: 'a person pushed',
    status: 201,
    action: 'user.create api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const payload = { userName: uniqueEmail('walk-scim'), displayName: 'Pushed Person' };
      return { method: 'POST', url: '/scim/v2/Users', bearer, payload, actorId: admin.id };
    },
  },
  {
    route: 'PUT /scim/v2/Users/:id',
    name: 'a person replaced',
    status: 200,
    action: 'user.update api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const id = await scimUser(app, bearer);
      const payload = { userName: uniqueEmail('walk-scim'), displayName: 'Replaced Person' };
      return { method: 'PUT', url: `/scim/v2/Users/${id}`, bearer, payload, actorId: admin.id };
    },
  },
  {
    route: 'PATCH /scim/v2/Users/:id',
    name: 'a person renamed',
    status: 200,
    action: 'user.update api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const id = await scimUser(app, bearer);
      const payload = {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'displayName', value: 'Renamed Person' }],
      };
      return { method: 'PATCH', url: `/scim/v2/Users/${id}`, bearer, payload, actorId: admin.id };
    },
  },
  {
    route: 'DELETE /scim/v2/Users/:id',
    name: 'a person removed from the directory (suspended)',
    status: 204,
    action: 'user.suspend api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const id = await scimUser(app, bearer);
      return { method: 'DELETE', url: `/scim/v2/Users/${id}`, bearer, actorId: admin.id };
    },
  },
  {
    route: 'POST /scim/v2/Groups',
    name: 'a group pushed',
    status: 201,
    action: 'scim_group.create api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const payload = { displayName: `Walk group ${randomUUID().slice(0, 8)}` };
      return { method: 'POST', url: '/scim/v2/Groups', bearer, payload, actorId: admin.id };
    },
  },
  {
    route: 'PUT /scim/v2/Groups/:id',
    name: 'a group replaced',
    status: 200,
    action: 'scim_group.update api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const id = await scimGroup(app, bearer);
      const payload = { displayName: `Walk group ${randomUUID().slice(0, 8)}`, members: [] };
      return { method: 'PUT', url: `/scim/v2/Groups/${id}`, bearer, payload, actorId: admin.id };
    },
  },
  {
    route: 'PATCH /scim/v2/Groups/:id',
    name: 'a member added',
    status: 204,
    action: 'scim_group.update api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const [id, member] = [await scimGroup(app, bearer), await scimUser(app, bearer)];
      const payload = {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'add', path: 'members', value: [{ value: member }] }],
      };
      return { method: 'PATCH', url: `/scim/v2/Groups/${id}`, bearer, payload, actorId: admin.id };
    },
  },
  {
    route: 'DELETE /scim/v2/Groups/:id',
    name: 'a group removed',
    status: 204,
    action: 'scim_group.delete api_token.call',
    async arrange({ app, admin, adminCookie }) {
      const bearer = await scimServiceToken(app, adminCookie);
      const id = await scimGroup(app, bearer);
      return { method: 'DELETE', url: `/scim/v2/Groups/${id}`, bearer, actorId: admin.id };
    },
  },
  {
    route: 'PUT /api/admin/scim/groups/:id',
    name: 'a pushed group mapped to a role',
    status: 200,
    action: 'scim_group.map',
    async arrange({ app, admin, adminCookie }) {
      const id = await scimGroup(app, await scimServiceToken(app, adminCookie));
      const payload = { teamId: null, role: 'team_lead' };
      const url = `/api/admin/scim/groups/${id}`;
      return { method: 'PUT', url, cookie: adminCookie, payload, actorId: admin.id };
    },
  },
  {
    route: 'POST /api/auth/sign-in',
    name: 'success',
    status: 200,
    action: 'auth.sign_in',
    async arrange({ db }) {
      const user = await createTestUser(db);
      return {
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: user.password },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/auth/sign-in',
    name: 'wrong password',
    status: 401,
    action: 'auth.sign_in_failed',
    async arrange({ db }) {
      const user = await createTestUser(db);
      return {
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: 'Wrong-password-1' },
        actorId: null,
      };
    },
  },
  {
    route: 'POST /api/auth/sign-in',
    name: 'unknown email',
    status: 401,
    action: 'auth.sign_in_failed',
    async arrange() {
      return {
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: uniqueEmail('nobody'), password: TEST_PASSWORD },
        actorId: null,
      };
    },
  },
  {
    route: 'POST /api/auth/sign-in',
    name: 'suspended',
    status: 403,
    action: 'auth.sign_in_refused_suspended',
    async arrange({ db }) {
      const user = await createTestUser(db, { suspended: true });
      return {
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: user.password },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/auth/sign-out',
    name: 'signed in',
    status: 204,
    action: 'auth.sign_out',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return { method: 'POST', url: '/api/auth/sign-out', cookie, actorId: user.id };
    },
  },
  {
    route: 'POST /api/auth/password-link',
    name: 'an unused link',
    status: 200,
    action: '(none)',
    async arrange({ db }) {
      const { token } = await invited(db);
      return { method: 'POST', url: '/api/auth/password-link', payload: { token }, actorId: null };
    },
  },
  {
    route: 'POST /api/setup/link',
    name: 'once set up',
    status: 409,
    action: '(none)',
    async arrange() {
      return {
        method: 'POST',
        url: '/api/setup/link',
        payload: { token: 'a'.repeat(43) },
        actorId: null,
      };
    },
  },
  {
    route: 'POST /api/setup',
    name: 'once set up',
    status: 409,
    action: '(none)',
    async arrange() {
      return {
        method: 'POST',
        url: '/api/setup',
        payload: {
          token: 'a'.repeat(43),
          organisationName: 'Walk Ltd',
          payPeriod: 'semimonthly',
          province: 'ON',
          name: 'Walk Owner',
          email: uniqueEmail('setup'),
          password: 'Walked-pass-1',
        },
        actorId: null,
      };
    },
  },
  {
    route: 'POST /api/auth/set-password',
    name: 'with an invitation link',
    status: 200,
    action: 'user.set_password',
    async arrange({ db }) {
      const { userId, token } = await invited(db);
      return {
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token, password: 'Walked-pass-1' },
        actorId: userId,
      };
    },
  },
  {
    route: 'POST /api/users',
    name: 'with a password',
    status: 201,
    action: 'user.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/users',
        cookie: adminCookie,
        payload: {
          name: 'Walk Created',
          email: uniqueEmail('walk'),
          role: 'employee',
          password: TEST_PASSWORD,
        },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/users',
    name: 'with a set-password link',
    status: 201,
    action: 'user.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/users',
        cookie: adminCookie,
        payload: { name: 'Walk Invited', email: uniqueEmail('walk'), role: 'sme' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/users/import/preview',
    name: 'a file of people',
    status: 200,
    action: '(none)',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/users/import/preview',
        cookie: adminCookie,
        payload: peopleFile(`Walk Previewed,${uniqueEmail('walk-import')}`),
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/users/import',
    name: 'a new person from a file',
    status: 200,
    action: 'user.create people.import',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/users/import',
        cookie: adminCookie,
        payload: peopleFile(`Walk Imported,${uniqueEmail('walk-import')}`),
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/users/:id',
    name: 'name, role and team',
    status: 200,
    action: 'user.update',
    async arrange({ db, admin, adminCookie }) {
      const user = await createTestUser(db);
      const team = await seedTeam(db);
      return {
        method: 'PUT',
        url: `/api/users/${user.id}`,
        cookie: adminCookie,
        payload: { name: 'Walk Edited', email: user.email, role: 'team_lead', teamId: team.id },
        actorId: admin.id,
      };
    },
  },
  ...(['suspend', 'unsuspend', 'reset-password'] as const).map((action): Scenario => ({
    route: `POST /api/users/:id/${action}`,
    name: 'someone else',
    status: 200,
    action: `user.${action.replace('-', '_')}`,
    async arrange({ db, admin, adminCookie }) {
      const user = await createTestUser(db, { suspended: action === 'unsuspend' });
      return {
        method: 'POST',
        url: `/api/users/${user.id}/${action}`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  })),
  {
    route: 'PUT /api/me/profile',
    name: 'own name',
    status: 200,
    action: 'user.update_own_profile',
    async arrange(context) {
      const { user, cookie } = await signedIn(context, 'sme');
      return {
        method: 'PUT',
        url: '/api/me/profile',
        cookie,
        payload: { name: 'Walk Myself' },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/me/password',
    name: 'own password',
    status: 204,
    action: 'user.change_own_password',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return {
        method: 'POST',
        url: '/api/me/password',
        cookie,
        payload: { currentPassword: user.password, newPassword: 'Walked-pass-2' },
        actorId: user.id,
      };
    },
  },
  {
    route: 'DELETE /api/account/sessions/:id',
    name: 'one of my other sessions',
    status: 204,
    action: 'auth.session_ended',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      await signInAs(context.app, user.email, user.password);
      const { sessions } = await expectApi<{ sessions: { id: string; isCurrent: boolean }[] }>(
        context.app,
        cookie,
        'GET',
        '/api/account/sessions',
        200,
      );
      const other = sessions.find((session) => !session.isCurrent);
      return {
        method: 'DELETE',
        url: `/api/account/sessions/${other?.id}`,
        cookie,
        actorId: user.id,
      };
    },
  },
  {
    route: 'DELETE /api/account/sessions/:id',
    name: 'this session',
    status: 204,
    action: 'auth.sign_out',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      const { sessions } = await expectApi<{ sessions: { id: string }[] }>(
        context.app,
        cookie,
        'GET',
        '/api/account/sessions',
        200,
      );
      return {
        method: 'DELETE',
        url: `/api/account/sessions/${sessions[0]?.id}`,
        cookie,
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    name: 'two other sessions',
    status: 200,
    action: 'auth.sessions_ended_others',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      await signInAs(context.app, user.email, user.password);
      await signInAs(context.app, user.email, user.password);
      return {
        method: 'POST',
        url: '/api/account/sessions/sign-out-others',
        cookie,
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/users/:id/sessions/end',
    name: 'someone signed in',
    status: 200,
    action: 'user.sessions_ended',
    async arrange(context) {
      const { user } = await signedIn(context);
      return {
        method: 'POST',
        url: `/api/users/${user.id}/sessions/end`,
        cookie: context.adminCookie,
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'PUT /api/locations/teams/:id/mode',
    name: 'a team to "require"',
    status: 204,
    action: 'location_policy.mode',
    async arrange({ db, admin, adminCookie }) {
      const team = await auditTestTeam(db, admin.id);
      return {
        method: 'PUT',
        url: `/api/locations/teams/${team.id}/mode`,
        cookie: adminCookie,
        payload: { mode: 'require' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/locations/teams/:id/places',
    name: 'an area',
    status: 201,
    action: 'location_policy.place_add',
    async arrange({ db, admin, adminCookie }) {
      const team = await auditTestTeam(db, admin.id);
      return {
        method: 'POST',
        url: `/api/locations/teams/${team.id}/places`,
        cookie: adminCookie,
        payload: {
          kind: 'area',
          name: 'Depot',
          latitude: 43.6,
          longitude: -79.4,
          radiusMetres: 150,
        },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/locations/places/:id',
    name: 'a network',
    status: 204,
    action: 'location_policy.place_remove',
    async arrange({ db, app, admin, adminCookie }) {
      const team = await auditTestTeam(db, admin.id);
      const added = await app.inject({
        method: 'POST',
        url: `/api/locations/teams/${team.id}/places`,
        headers: { [CSRF_HEADER]: '1', cookie: adminCookie },
        payload: { kind: 'network', name: 'Office', cidr: '192.0.2.0/24' },
      });
      const { place } = added.json() as { place: { id: string } };
      return {
        method: 'DELETE',
        url: `/api/locations/places/${place.id}`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/locations/retention',
    name: '30 days',
    status: 204,
    action: 'location_policy.retention',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'PUT',
        url: '/api/locations/retention',
        cookie: adminCookie,
        payload: { days: 90 },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/calendar-feeds',
    name: 'my calendar address',
    status: 201,
    action: 'calendar_feed.create',
    async arrange({ db, app }) {
      const person = await createTestUser(db);
      const cookie = await signInAs(app, person.email, person.password);
      return {
        method: 'POST',
        url: '/api/calendar-feeds',
        cookie,
        payload: {},
        actorId: person.id,
      };
    },
  },
  {
    route: 'DELETE /api/calendar-feeds/:id',
    name: 'my calendar address stopped',
    status: 204,
    action: 'calendar_feed.remove',
    async arrange({ db, app }) {
      const person = await createTestUser(db);
      const cookie = await signInAs(app, person.email, person.password);
      const created = await app.inject({
        method: 'POST',
        url: '/api/calendar-feeds',
        headers: { [CSRF_HEADER]: '1', cookie },
        payload: {},
      });
      const { feed } = created.json() as { feed: { id: string } };
      return {
        method: 'DELETE',
        url: `/api/calendar-feeds/${feed.id}`,
        cookie,
        actorId: person.id,
      };
    },
  },
  {
    route: 'POST /api/api-tokens',
    name: 'a personal API token',
    status: 201,
    action: 'api_token.create',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return {
        method: 'POST',
        url: '/api/api-tokens',
        cookie,
        payload: { name: 'My script', scopes: ['punches:read'], expiresOn: TOKEN_EXPIRY },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/admin/api-tokens',
    name: 'a service token',
    status: 201,
    action: 'api_token.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/admin/api-tokens',
        cookie: adminCookie,
        payload: { name: 'Payroll sync', scopes: ['payroll:read'], expiresOn: TOKEN_EXPIRY },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/api-tokens/:id',
    name: 'a personal API token revoked',
    status: 204,
    action: 'api_token.revoke',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: { [CSRF_HEADER]: '1', cookie },
        payload: { name: 'Old script', scopes: ['punches:read'], expiresOn: TOKEN_EXPIRY },
      });
      const { token } = created.json() as { token: { id: string } };
      return { method: 'DELETE', url: `/api/api-tokens/${token.id}`, cookie, actorId: user.id };
    },
  },
  {
    route: 'POST /api/users/:id/time-events',
    name: 'a punch on behalf of a person',
    status: 201,
    action: 'time_event.record',
    async arrange({ db, admin, adminCookie }) {
      const person = await createTestUser(db);
      return {
        method: 'POST',
        url: `/api/users/${person.id}/time-events`,
        cookie: adminCookie,
        payload: { id: randomUUID(), eventType: 'clock_in' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/admin/sso-providers',
    name: 'a sign-in provider',
    status: 201,
    action: 'sso_provider.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/admin/sso-providers',
        cookie: adminCookie,
        payload: ssoProviderInput(),
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/admin/sso-providers/:id',
    name: 'a sign-in provider turned off',
    status: 200,
    action: 'sso_provider.update',
    async arrange(context) {
      const id = await addSsoProvider(context);
      return {
        method: 'PUT',
        url: `/api/admin/sso-providers/${id}`,
        cookie: context.adminCookie,
        payload: { ...ssoProviderInput(), enabled: false },
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/admin/sso-providers/:id',
    name: 'a sign-in provider removed',
    status: 204,
    action: 'sso_provider.remove',
    async arrange(context) {
      const id = await addSsoProvider(context);
      return {
        method: 'DELETE',
        url: `/api/admin/sso-providers/${id}`,
        cookie: context.adminCookie,
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'PUT /api/admin/sign-in-settings',
    // Left at "everyone": the walk goes on to sign other people in with passwords.
    name: 'who may sign in with a password',
    status: 200,
    action: 'settings.password_sign_in',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'PUT',
        url: '/api/admin/sign-in-settings',
        cookie: adminCookie,
        payload: { passwordSignIn: 'everyone' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/webhooks',
    name: 'an endpoint',
    status: 201,
    action: 'webhook.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/webhooks',
        cookie: adminCookie,
        payload: WEBHOOK_INPUT,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/webhooks/:id',
    name: 'an endpoint paused',
    status: 200,
    action: 'webhook.update',
    async arrange(context) {
      const id = await addWebhook(context);
      return {
        method: 'PUT',
        url: `/api/webhooks/${id}`,
        cookie: context.adminCookie,
        payload: { ...WEBHOOK_INPUT, enabled: false },
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/webhooks/:id',
    name: 'an endpoint removed',
    status: 204,
    action: 'webhook.remove',
    async arrange(context) {
      const id = await addWebhook(context);
      return {
        method: 'DELETE',
        url: `/api/webhooks/${id}`,
        cookie: context.adminCookie,
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'POST /api/webhooks/:id/rotate-secret',
    name: 'a new signing secret',
    status: 200,
    action: 'webhook.rotate_secret',
    async arrange(context) {
      const id = await addWebhook(context);
      return {
        method: 'POST',
        url: `/api/webhooks/${id}/rotate-secret`,
        cookie: context.adminCookie,
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'POST /api/webhooks/deliveries/:id/resend',
    name: 'a delivery sent again',
    status: 204,
    action: 'webhook.resend',
    async arrange(context) {
      const id = await addWebhook(context, ['user.created']);
      await createTestUser(context.db);
      const log = await context.app.inject({
        method: 'GET',
        url: `/api/webhooks/${id}/deliveries`,
        headers: { cookie: context.adminCookie },
      });
      const [delivery] = (log.json() as { deliveries: { id: string }[] }).deliveries;
      return {
        method: 'POST',
        url: `/api/webhooks/deliveries/${delivery?.id ?? 'none'}/resend`,
        cookie: context.adminCookie,
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'PUT /api/me/email-preferences',
    name: 'one kind of email turned off',
    status: 200,
    action: 'email_preferences.set',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return {
        method: 'PUT',
        url: '/api/me/email-preferences',
        cookie,
        payload: { turnedOff: ['timesheet_reminders'] },
        actorId: user.id,
      };
    },
  },
  {
    route: 'PUT /api/me/language',
    name: 'French (Canada) chosen',
    status: 200,
    action: 'language.set',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return {
        method: 'PUT',
        url: '/api/me/language',
        cookie,
        payload: { language: 'fr-CA' },
        actorId: user.id,
      };
    },
  },
  {
    route: 'PUT /api/push/subscription',
    name: 'reminders on a device',
    status: 204,
    action: 'push.subscribe',
    async arrange({ db, app }) {
      const person = await createTestUser(db);
      const cookie = await signInAs(app, person.email, person.password);
      return {
        method: 'PUT',
        url: '/api/push/subscription',
        cookie,
        payload: {
          endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
          keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
        },
        actorId: person.id,
      };
    },
  },
  {
    route: 'DELETE /api/push/subscription',
    name: 'reminders off on a device',
    status: 204,
    action: 'push.unsubscribe',
    async arrange({ db, app }) {
      const person = await createTestUser(db);
      const cookie = await signInAs(app, person.email, person.password);
      const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
      await app.inject({
        method: 'PUT',
        url: '/api/push/subscription',
        headers: { [CSRF_HEADER]: '1', cookie },
        payload: { endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
      });
      return {
        method: 'DELETE',
        url: '/api/push/subscription',
        cookie,
        payload: { endpoint },
        actorId: person.id,
      };
    },
  },
  {
    route: 'POST /api/push/test',
    name: 'a test reminder to one’s devices',
    status: 200,
    action: '(none)',
    async arrange({ db, app }) {
      const person = await createTestUser(db);
      const cookie = await signInAs(app, person.email, person.password);
      return { method: 'POST', url: '/api/push/test', cookie, actorId: person.id };
    },
  },
  {
    route: 'PUT /api/me/kiosk-pin',
    name: 'one’s own PIN',
    status: 200,
    action: 'kiosk_pin.set_own',
    async arrange({ db, app }) {
      const person = await createTestUser(db);
      const cookie = await signInAs(app, person.email, person.password);
      return {
        method: 'PUT',
        url: '/api/me/kiosk-pin',
        cookie,
        payload: { currentPassword: person.password, pin: '4821' },
        actorId: person.id,
      };
    },
  },
  {
    route: 'POST /api/users/:id/kiosk-pin/reset',
    name: 'someone’s PIN',
    status: 200,
    action: 'kiosk_pin.reset',
    async arrange({ db, admin, adminCookie }) {
      const person = await createTestUser(db);
      return {
        method: 'POST',
        url: `/api/users/${person.id}/kiosk-pin/reset`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/kiosk/identify',
    name: 'employee number and PIN at a device',
    status: 200,
    action: '(none)',
    async arrange({ db, admin }) {
      const { cookie } = await enrolTestKiosk(db, admin.id);
      const { employeeNumber } = await createKioskPerson(db);
      return {
        method: 'POST',
        url: '/api/kiosk/identify',
        cookie,
        payload: { employeeNumber, pin: TEST_KIOSK_PIN },
        actorId: null,
      };
    },
  },
  {
    route: 'POST /api/kiosk/punch',
    name: 'a clock-in by the person identified at the device',
    status: 201,
    action: 'time_event.record',
    async arrange({ db, app, admin }) {
      const { cookie } = await enrolTestKiosk(db, admin.id);
      const person = await createKioskPerson(db);
      const identified = await app.inject({
        method: 'POST',
        url: '/api/kiosk/identify',
        headers: { [CSRF_HEADER]: '1', cookie },
        payload: { employeeNumber: person.employeeNumber, pin: TEST_KIOSK_PIN },
      });
      const { grant } = identified.json() as { grant: string };
      return {
        method: 'POST',
        url: '/api/kiosk/punch',
        cookie,
        payload: { grant, id: randomUUID(), eventType: 'clock_in' },
        actorId: person.id,
      };
    },
  },
  {
    route: 'POST /api/kiosk/offline-punch',
    name: 'a clock-in captured while the kiosk was offline, with its PIN sealed',
    status: 201,
    action: 'time_event.record',
    async arrange({ db, app, admin }) {
      const { cookie } = await enrolTestKiosk(db, admin.id);
      const person = await createKioskPerson(db);
      const device = await app.inject({
        method: 'GET',
        url: '/api/kiosk/device',
        headers: { cookie },
      });
      const { sealingKey } = device.json() as { sealingKey: string };
      const id = randomUUID();
      const sealedPin = sealForKiosk(sealingKey, { pin: TEST_KIOSK_PIN, id });
      return {
        method: 'POST',
        url: '/api/kiosk/offline-punch',
        cookie,
        payload: {
          id,
          eventType: 'clock_in',
          capturedOfflineAt: new Date(Date.now() - 60_000).toISOString(),
          employeeNumber: person.employeeNumber,
          sealedPin,
        },
        actorId: person.id,
      };
    },
  },
  {
    route: 'POST /api/kiosk/enrolment-codes',
    name: 'for a named device',
    status: 201,
    action: 'kiosk.enrolment_code.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/kiosk/enrolment-codes',
        cookie: adminCookie,
        payload: { name: 'Audit walk tablet' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/kiosk/enrol',
    name: 'a device redeeming a code (the row names the admin who made it)',
    status: 201,
    action: 'kiosk.device.enrol',
    async arrange({ db, admin }) {
      const { code } = await createEnrolmentCode(
        db,
        { name: 'Audit walk kiosk' },
        { actorId: admin.id, meta: SYSTEM_META },
      );
      return { method: 'POST', url: '/api/kiosk/enrol', payload: { code }, actorId: admin.id };
    },
  },
  {
    route: 'POST /api/kiosk/devices/:id/revoke',
    name: 'an enrolled device',
    status: 200,
    action: 'kiosk.device.revoke',
    async arrange({ db, admin, adminCookie }) {
      const { id } = await enrolTestKiosk(db, admin.id);
      return {
        method: 'POST',
        url: `/api/kiosk/devices/${id}/revoke`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },

  {
    route: 'POST /api/teams',
    name: 'with a lead',
    status: 201,
    action: 'team.create',
    async arrange({ db, admin, adminCookie }) {
      const lead = await createTestUser(db, { role: 'team_lead' });
      return {
        method: 'POST',
        url: '/api/teams',
        cookie: adminCookie,
        payload: { name: uniqueTeamName('Walk'), leadUserId: lead.id },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/pay-rules/rule-sets',
    name: 'a daily rule set',
    status: 201,
    action: 'pay_rule_set.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/pay-rules/rule-sets',
        cookie: adminCookie,
        payload: { name: uniqueTeamName('Walk rules'), weeklyThresholdMinutes: 2640 },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/pay-rules/rule-sets/:id',
    name: 'a rule set not yet in force',
    status: 200,
    action: 'pay_rule_set.update',
    async arrange({ app, admin, adminCookie }) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/pay-rules/rule-sets',
        headers: { cookie: adminCookie, [CSRF_HEADER]: '1' },
        payload: { name: uniqueTeamName('Walk rules'), weeklyThresholdMinutes: 2640 },
      });
      const { ruleSet } = created.json() as { ruleSet: { id: string } };
      return {
        method: 'PUT',
        url: `/api/pay-rules/rule-sets/${ruleSet.id}`,
        cookie: adminCookie,
        payload: { name: uniqueTeamName('Walk rules'), weeklyThresholdMinutes: 2400 },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/pay-rules/assignments',
    name: 'the default to a team',
    status: 201,
    action: 'pay_rule_assignment.create',
    async arrange({ db, admin, adminCookie }) {
      const team = await seedTeam(db);
      return {
        method: 'POST',
        url: '/api/pay-rules/assignments',
        cookie: adminCookie,
        payload: {
          ruleSetId: '00000000-0000-4000-8000-000000000044',
          target: { kind: 'team', teamId: team.id },
          effectiveFrom: '2026-01-04',
        },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/pay-rules/agreements',
    name: 'an excess-hours agreement',
    status: 201,
    action: 'labour_agreement.create',
    async arrange({ db, admin, adminCookie }) {
      const person = await createTestUser(db);
      return {
        method: 'POST',
        url: '/api/pay-rules/agreements',
        cookie: adminCookie,
        payload: { userId: person.id, kind: 'excess_weekly_hours', startDate: '2026-01-04' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/pay-rules/agreements/:id/end',
    name: 'ending an excess-hours agreement',
    status: 200,
    action: 'labour_agreement.end',
    async arrange({ app, db, admin, adminCookie }) {
      const person = await createTestUser(db);
      const created = await app.inject({
        method: 'POST',
        url: '/api/pay-rules/agreements',
        headers: { cookie: adminCookie, [CSRF_HEADER]: '1' },
        payload: { userId: person.id, startDate: '2026-01-04' },
      });
      const { agreement } = created.json() as { agreement: { id: string } };
      return {
        method: 'POST',
        url: `/api/pay-rules/agreements/${agreement.id}/end`,
        cookie: adminCookie,
        payload: { endDate: '2026-03-31' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/timesheets/submit',
    name: 'one’s own, for a period that has ended',
    status: 200,
    action: 'timesheet.submit',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return {
        method: 'POST',
        url: '/api/timesheets/submit',
        cookie,
        payload: { date: '2021-06-09', confirm: true },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/timesheets/withdraw',
    name: 'a submission not yet decided',
    status: 200,
    action: 'timesheet.withdraw',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      await expectApi(context.app, cookie, 'POST', '/api/timesheets/submit', 200, {
        date: '2021-06-09',
        confirm: true,
      });
      return {
        method: 'POST',
        url: '/api/timesheets/withdraw',
        cookie,
        payload: { date: '2021-06-09' },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/timesheets/decide',
    name: 'an admin returns one with a comment',
    status: 200,
    action: 'timesheet.return',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      await expectApi(context.app, cookie, 'POST', '/api/timesheets/submit', 200, {
        date: '2021-06-09',
        confirm: true,
      });
      return {
        method: 'POST',
        url: '/api/timesheets/decide',
        cookie: context.adminCookie,
        payload: { userId: user.id, date: '2021-06-09', decision: 'return', comment: 'Tuesday?' },
        actorId: context.admin.id,
      };
    },
  },
  {
    route: 'POST /api/timesheets/period/approve',
    name: 'a period nobody worked in',
    status: 200,
    action: 'period.lock period.approve',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/timesheets/period/approve',
        cookie: adminCookie,
        payload: { date: '2019-03-13', force: true },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/teams/:id',
    name: 'rename',
    status: 200,
    action: 'team.update',
    async arrange({ db, admin, adminCookie }) {
      const team = await seedTeam(db);
      return {
        method: 'PUT',
        url: `/api/teams/${team.id}`,
        cookie: adminCookie,
        payload: { name: uniqueTeamName('Walk renamed'), leadUserId: null },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/teams/:id',
    name: 'an empty team',
    status: 204,
    action: 'team.delete',
    async arrange({ db, admin, adminCookie }) {
      const team = await seedTeam(db);
      return {
        method: 'DELETE',
        url: `/api/teams/${team.id}`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/time-events',
    name: 'clock in',
    status: 201,
    action: 'time_event.record',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return {
        method: 'POST',
        url: '/api/time-events',
        cookie,
        payload: { id: randomUUID(), eventType: 'clock_in' },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/schedule-templates',
    name: 'new template',
    status: 201,
    action: 'schedule_template.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/schedule-templates',
        cookie: adminCookie,
        payload: { ...templateBody() },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/schedule-templates/:id',
    name: 'edit',
    status: 200,
    action: 'schedule_template.update',
    async arrange({ db, admin, adminCookie }) {
      const template = await seedTemplate(db);
      return {
        method: 'PUT',
        url: `/api/schedule-templates/${template.id}`,
        cookie: adminCookie,
        payload: { ...templateBody({ name: uniqueTemplateName('Walk edited') }) },
        actorId: admin.id,
      };
    },
  },
  ...(['archive', 'restore'] as const).map((action): Scenario => ({
    route: `POST /api/schedule-templates/:id/${action}`,
    name: action,
    status: 200,
    action: `schedule_template.${action}`,
    async arrange({ db, admin, adminCookie }) {
      const template = await seedTemplate(db, {}, { archived: action === 'restore' });
      return {
        method: 'POST',
        url: `/api/schedule-templates/${template.id}/${action}`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  })),
  {
    route: 'DELETE /api/schedule-templates/:id',
    name: 'an unused template',
    status: 204,
    action: 'schedule_template.delete',
    async arrange({ db, admin, adminCookie }) {
      const template = await seedTemplate(db);
      return {
        method: 'DELETE',
        url: `/api/schedule-templates/${template.id}`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  ...[1, 2].map((people): Scenario => ({
    route: 'POST /api/schedule-assignments',
    name: people === 1 ? 'one person' : 'two people at once',
    status: 201,
    action: 'schedule_assignment.create',
    async arrange({ db, admin, adminCookie }) {
      const template = await seedTemplate(db);
      const userIds = [];
      for (let index = 0; index < people; index += 1) userIds.push((await createTestUser(db)).id);
      return {
        method: 'POST',
        url: '/api/schedule-assignments',
        cookie: adminCookie,
        payload: { userIds, templateId: template.id, ...WORKDAYS },
        actorId: admin.id,
      };
    },
  })),
  {
    route: 'POST /api/schedule-assignments',
    name: 'ending an overlapping one',
    status: 201,
    action: 'schedule_assignment.update schedule_assignment.create',
    async arrange({ db, admin, adminCookie }) {
      const template = await seedTemplate(db);
      const user = await createTestUser(db);
      await seedAssignment(db, { userId: user.id, templateId: template.id, ...WORKDAYS });
      return {
        method: 'POST',
        url: '/api/schedule-assignments',
        cookie: adminCookie,
        payload: {
          userIds: [user.id],
          templateId: template.id,
          dateRangeStart: '2031-03-15',
          dateRangeEnd: '2031-04-15',
          endOverlapping: true,
        },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/schedule-assignments/:id',
    name: 'new dates',
    status: 200,
    action: 'schedule_assignment.update',
    async arrange({ db, admin, adminCookie }) {
      const template = await seedTemplate(db);
      const user = await createTestUser(db);
      const assignment = await seedAssignment(db, {
        userId: user.id,
        templateId: template.id,
        ...WORKDAYS,
      });
      return {
        method: 'PUT',
        url: `/api/schedule-assignments/${assignment.id}`,
        cookie: adminCookie,
        payload: {
          templateId: template.id,
          dateRangeStart: '2031-03-01',
          dateRangeEnd: '2031-03-20',
        },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/schedule-assignments/:id',
    name: 'remove',
    status: 204,
    action: 'schedule_assignment.delete',
    async arrange({ db, admin, adminCookie }) {
      const template = await seedTemplate(db);
      const user = await createTestUser(db);
      const assignment = await seedAssignment(db, {
        userId: user.id,
        templateId: template.id,
        ...WORKDAYS,
      });
      return {
        method: 'DELETE',
        url: `/api/schedule-assignments/${assignment.id}`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  ...twoFactorScenarios(),
  ...rosterScenarios(),
  ...shiftTradeScenarios(),
  ...demandDataScenarios(),
  ...demandRunScenarios(),
  {
    route: 'POST /api/reports/recompute',
    name: 'one person, one day',
    status: 202,
    action: 'adherence.recompute',
    async arrange({ db, admin, adminCookie }) {
      const user = await createTestUser(db);
      return {
        method: 'POST',
        url: '/api/reports/recompute',
        cookie: adminCookie,
        payload: { from: '2031-03-02', to: '2031-03-02', userIds: [user.id] },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/notifications/:id/read',
    name: 'one of one’s own',
    status: 204,
    action: 'notification.read',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      const [notification] = await seedNotifications(context.db, user.id, 1);
      return {
        method: 'POST',
        url: `/api/notifications/${notification?.id}/read`,
        cookie,
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/notifications/read-all',
    name: 'all of one’s own',
    status: 200,
    action: 'notification.read_all',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      await seedNotifications(context.db, user.id, 3);
      return { method: 'POST', url: '/api/notifications/read-all', cookie, actorId: user.id };
    },
  },
  {
    route: 'POST /api/time-off',
    name: 'a day of unpaid leave',
    status: 201,
    action: 'time_off.request',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      return {
        method: 'POST',
        url: '/api/time-off',
        cookie,
        payload: { ...(await unpaidDay(context.db)) },
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/time-off/:id/cancel',
    name: 'one’s own pending request',
    status: 204,
    action: 'time_off.cancel',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      const request = await requestTimeOff(
        context.db,
        user.id,
        await unpaidDay(context.db),
        SYSTEM_META,
        'America/Toronto',
      );
      return {
        method: 'POST',
        url: `/api/time-off/${request.id}/cancel`,
        cookie,
        actorId: user.id,
      };
    },
  },
  {
    route: 'POST /api/time-off/types',
    name: 'new type',
    status: 201,
    action: 'time_off_type.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/time-off/types',
        cookie: adminCookie,
        payload: { name: uniqueTeamName('Walk leave'), isPaid: true, isUnlimited: false },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/time-off/types/:id',
    name: 'archive',
    status: 200,
    action: 'time_off_type.update',
    async arrange({ db, admin, adminCookie }) {
      const name = uniqueTeamName('Walk leave');
      const type = await saveTimeOffType(
        db,
        null,
        { name, isPaid: true, isUnlimited: false },
        SYSTEM_ACTOR,
      );
      return {
        method: 'PUT',
        url: `/api/time-off/types/${type.id}`,
        cookie: adminCookie,
        payload: { name, isPaid: true, isUnlimited: false, isArchived: true },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/payroll/holidays',
    name: 'add a holiday',
    status: 201,
    action: 'public_holiday.add',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/payroll/holidays',
        cookie: adminCookie,
        payload: { date: '2040-03-10', name: 'Walk Day' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/payroll/holidays/:date',
    name: 'remove an added holiday',
    status: 204,
    action: 'public_holiday.remove',
    async arrange({ db, admin, adminCookie }) {
      await addHoliday(db, { date: '2040-03-11', name: 'Walk Day 2' }, SYSTEM_ACTOR);
      return {
        method: 'DELETE',
        url: '/api/payroll/holidays/2040-03-11',
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/payroll/holidays/:date/restore',
    name: 'restore an Ontario holiday',
    status: 204,
    action: 'public_holiday.restore',
    async arrange({ db, admin, adminCookie }) {
      await removeHoliday(db, { date: '2040-12-25' }, SYSTEM_ACTOR);
      return {
        method: 'POST',
        url: '/api/payroll/holidays/2040-12-25/restore',
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'PUT /api/payroll/people/:id/employee-number',
    name: 'set',
    status: 200,
    action: 'user.employee_number',
    async arrange({ db, admin, adminCookie }) {
      const person = await createTestUser(db);
      return {
        method: 'PUT',
        url: `/api/payroll/people/${person.id}/employee-number`,
        cookie: adminCookie,
        payload: { employeeNumber: `W-${person.id.slice(0, 8)}` },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/payroll/rates',
    name: 'add a rate',
    status: 201,
    action: 'pay_rate.create',
    async arrange({ db, admin, adminCookie }) {
      const person = await createTestUser(db);
      return {
        method: 'POST',
        url: '/api/payroll/rates',
        cookie: adminCookie,
        payload: { userId: person.id, effectiveFrom: '2031-01-01', hourlyCents: 2500 },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'DELETE /api/payroll/rates/:id',
    name: 'remove a rate',
    status: 204,
    action: 'pay_rate.delete',
    async arrange({ db, admin, adminCookie }) {
      const person = await createTestUser(db);
      const rate = await addRate(
        db,
        { userId: person.id, effectiveFrom: '2031-01-01', hourlyCents: 2500 },
        SYSTEM_ACTOR,
      );
      return {
        method: 'DELETE',
        url: `/api/payroll/rates/${rate.id}`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/payroll/presets',
    name: 'new preset',
    status: 201,
    action: 'payroll_preset.create',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/payroll/presets',
        cookie: adminCookie,
        payload: { name: uniqueTeamName('Walk preset'), columns: [{ key: 'hours', header: 'H' }] },
        actorId: admin.id,
      };
    },
  },
  ...(['PUT', 'DELETE'] as const).map((method): Scenario => ({
    route: `${method} /api/payroll/presets/:id`,
    name: method === 'PUT' ? 'rename' : 'delete',
    status: method === 'PUT' ? 200 : 204,
    action: method === 'PUT' ? 'payroll_preset.update' : 'payroll_preset.delete',
    async arrange({ db, admin, adminCookie }) {
      const preset = await savePreset(
        db,
        null,
        { name: uniqueTeamName('Walk preset'), columns: [{ key: 'hours', header: 'H' }] },
        SYSTEM_ACTOR,
      );
      return {
        method,
        url: `/api/payroll/presets/${preset.id}`,
        cookie: adminCookie,
        ...(method === 'PUT'
          ? {
              payload: {
                name: uniqueTeamName('Walk preset'),
                columns: [{ key: 'minutes', header: 'M' }],
              },
            }
          : {}),
        actorId: admin.id,
      };
    },
  })),
  ...(['person', 'team'] as const).map((scope): Scenario => ({
    route: 'PUT /api/time-off/allowances',
    name: `for a ${scope}`,
    status: 204,
    action: 'time_off_allowance.set',
    async arrange({ db, admin, adminCookie }) {
      const owner =
        scope === 'person'
          ? { userId: (await createTestUser(db)).id }
          : { teamId: (await seedTeam(db)).id };
      return {
        method: 'PUT',
        url: '/api/time-off/allowances',
        cookie: adminCookie,
        payload: { typeId: await timeOffTypeId(db, 'Vacation'), year: 2031, days: 12.5, ...owner },
        actorId: admin.id,
      };
    },
  })),
  ...(['add', 'remove'] as const).map((kind): Scenario => ({
    route: 'POST /api/corrections',
    name: kind === 'add' ? 'a missed clock-out' : 'a mistaken punch',
    status: 201,
    action: 'correction.request',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      const punch = await punchedIn(context.db, user.id);
      return {
        method: 'POST',
        url: '/api/corrections',
        cookie,
        payload:
          kind === 'add'
            ? {
                kind,
                eventType: 'clock_out',
                occurredAt: torontoInstant(CORRECTED_DAY, '17:00'),
                reason: 'Forgot to clock out',
              }
            : { kind, targetEventId: punch.id, reason: 'Pressed by mistake' },
        actorId: user.id,
      };
    },
  })),
  {
    route: 'POST /api/corrections/:id/cancel',
    name: 'one’s own pending correction',
    status: 204,
    action: 'correction.cancel',
    async arrange(context) {
      const { user, cookie } = await signedIn(context);
      const punch = await punchedIn(context.db, user.id);
      const correction = await requestCorrection(
        context.db,
        { timeZone: TORONTO, correctionWindowDays: 31 },
        { userId: user.id, role: 'employee' },
        { kind: 'remove', targetEventId: punch.id, reason: 'Pressed by mistake' },
        SYSTEM_META,
      );
      return {
        method: 'POST',
        url: `/api/corrections/${correction.id}/cancel`,
        cookie,
        actorId: user.id,
      };
    },
  },
  ...([1, 2] as const).map((items): Scenario => ({
    route: 'POST /api/approvals/decide',
    name: items === 1 ? 'one item' : 'two items at once',
    status: 200,
    action: items === 1 ? 'time_off.approve' : 'time_off.reject correction.reject',
    async arrange({ db, admin, adminCookie }) {
      const user = await createTestUser(db);
      const request = await requestTimeOff(
        db,
        user.id,
        await unpaidDay(db),
        SYSTEM_META,
        'America/Toronto',
      );
      const chosen = [{ type: 'time_off', id: request.id }];
      if (items === 2) {
        const punch = await punchedIn(db, user.id);
        const correction = await requestCorrection(
          db,
          { timeZone: TORONTO, correctionWindowDays: 31 },
          { userId: user.id, role: 'employee' },
          { kind: 'remove', targetEventId: punch.id, reason: 'Pressed by mistake' },
          SYSTEM_META,
        );
        chosen.push({ type: 'correction', id: correction.id });
      }
      return {
        method: 'POST',
        url: '/api/approvals/decide',
        cookie: adminCookie,
        payload: { items: chosen, decision: items === 1 ? 'approve' : 'reject' },
        actorId: admin.id,
      };
    },
  })),
  {
    route: 'POST /api/approvals/locks',
    name: 'a month',
    status: 201,
    action: 'period.lock',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'POST',
        url: '/api/approvals/locks',
        cookie: adminCookie,
        // Long before any day another scenario uses.
        payload: { fromDate: '2001-01-01', toDate: '2001-01-31' },
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/approvals/locks/:id/reopen',
    name: 'a locked month',
    status: 204,
    action: 'period.reopen',
    async arrange({ db, admin, adminCookie }) {
      const id = await lockPeriod(
        db,
        { fromDate: '2002-01-01', toDate: '2002-01-31' },
        { actorId: admin.id, meta: SYSTEM_META },
        0,
      );
      return {
        method: 'POST',
        url: `/api/approvals/locks/${id}/reopen`,
        cookie: adminCookie,
        actorId: admin.id,
      };
    },
  },
  {
    route: 'POST /api/backups',
    name: 'back up now',
    status: 201,
    action: 'backup.create',
    onPostgres: { status: 409, why: 'PostgreSQL is backed up with pg_dump; nothing happens' },
    async arrange({ admin, adminCookie }) {
      return { method: 'POST', url: '/api/backups', cookie: adminCookie, actorId: admin.id };
    },
  },
  {
    route: 'PUT /api/approvals/settings',
    name: 'team leads approve their team',
    status: 200,
    action: 'settings.approvals',
    async arrange({ admin, adminCookie }) {
      return {
        method: 'PUT',
        url: '/api/approvals/settings',
        cookie: adminCookie,
        payload: { teamLeadsApproveTheirTeam: true },
        actorId: admin.id,
      };
    },
  },
];

describeEachDatabase('audit coverage of every mutating route', (getDatabase) => {
  let context: Context;
  let mutatingRoutes: string[];

  beforeAll(async () => {
    const app = await buildTestApp(getDatabase().database);
    await app.ready();
    mutatingRoutes = [
      ...new Set(
        app.apiRoutes
          .filter((route) => MUTATING.has(route.method))
          .map((route) => `${route.method} ${route.url}`),
      ),
    ].sort();
    const admin = await createTestUser(getDatabase().db, { role: 'admin', name: 'Walk Admin' });
    context = {
      kind: getDatabase().kind,
      app,
      db: getDatabase().db,
      admin,
      adminCookie: await signInAs(app, admin.email, admin.password),
    };
  });
  afterAll(async () => {
    await context?.app.close();
  });

  it('sees the routes the app registers', () => {
    // The hook really saw the app's routes (not an empty or foreign list).
    expect(mutatingRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/sign-in',
        'PUT /api/users/:id',
        'DELETE /api/teams/:id',
        'POST /api/time-events',
      ]),
    );
    for (const route of mutatingRoutes) {
      const [method, url] = route.split(' ') as [Method, string];
      expect(context.app.hasRoute({ method, url }), route).toBe(true);
    }
  });

  it('has a scenario for every mutating route, so none can ship without its audit row', () => {
    const covered = new Set(SCENARIOS.map((scenario) => scenario.route));
    const missing = mutatingRoutes.filter((route) => !covered.has(route));
    expect(missing, 'add a scenario to SCENARIOS for each of these').toEqual([]);
    // And no scenario for a route that no longer exists.
    expect([...covered].filter((route) => !mutatingRoutes.includes(route))).toEqual([]);
    // Every exception names a real scenario.
    const keys = new Set(SCENARIOS.map(keyOf));
    expect(Object.keys(EXCEPTIONS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(SCENARIOS.map((scenario) => [keyOf(scenario), scenario] as const))(
    '%s',
    async (key, scenario) => {
      const call = await scenario.arrange(context);
      // The call is the route the scenario names (ids in the path stand for ":id", dates ":date").
      expect(
        `${call.method} ${call.url}`
          .replace(/[0-9a-f-]{36}/g, ':id')
          .replace(/\/\d{4}-\d{2}-\d{2}(?=\/|$)/g, '/:date'),
      ).toBe(scenario.route.replace(/:(?!date\b)\w+/g, ':id'));
      const userAgent = `audit-walk ${randomUUID()}`;
      const ip = nextTestIp();
      const afterId = await lastAuditId(context.db);
      const response = await context.app.inject({
        method: call.method,
        url: call.url,
        headers: {
          [CSRF_HEADER]: '1',
          'user-agent': userAgent,
          ...(call.cookie ? { cookie: call.cookie } : {}),
          ...(call.bearer ? { authorization: `Bearer ${call.bearer}` } : {}),
        },
        remoteAddress: ip,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      const onPostgres = context.kind === 'postgres' ? scenario.onPostgres : undefined;
      expect(response.statusCode, response.body).toBe(onPostgres?.status ?? scenario.status);

      const rows = await auditRowsAfter(context.db, afterId);
      const expected = onPostgres ? 0 : (EXCEPTIONS[key]?.rows ?? 1);
      expect(
        rows.map((row) => row.action),
        `rows written by ${key}`,
      ).toHaveLength(expected);
      if (expected === 0) return;
      expect(rows.map((row) => row.action).join(' ')).toBe(
        scenario.action.includes(' ')
          ? scenario.action
          : Array(expected).fill(scenario.action).join(' '),
      );
      for (const row of rows) {
        // Written by this very request: its client address and user agent.
        expect(row).toMatchObject({ userAgent, ip });
        expect(row.actorId).toBe(call.actorId);
      }
    },
  );
});

/** A fresh team for a location-policy call. */
function auditTestTeam(db: Db, adminId: string) {
  return createTeam(
    db,
    { name: `Audit location team ${randomUUID().slice(0, 8)}`, leadUserId: null },
    { actorId: adminId, meta: SYSTEM_META },
  );
}

/** Someone with the authenticator app on (its secret, to make codes) and a session. */
async function withTotp(context: Context) {
  const { user, cookie } = await signedIn(context);
  const setup = await expectApi<{ secret: string }>(
    context.app,
    cookie,
    'POST',
    '/api/me/two-factor/totp',
    200,
    { password: user.password },
  );
  await expectApi(context.app, cookie, 'POST', '/api/me/two-factor/totp/confirm', 200, {
    code: await generateTotp({ secret: setup.secret }),
  });
  return { user, cookie, secret: setup.secret };
}

/** A passkey row as adding one stores it (the key is never checked by these routes). */
async function withPasskeyRow(context: Context, userId: string): Promise<string> {
  const id = randomUUID();
  await context.db.insert(passkeys).values({ id, userId, name: 'Walk key', publicKey: 'AAAA' });
  return id;
}

/** Two-step verification (#33 part 4): sign-in steps, Account → Security, the admin's parts. */
function twoFactorScenarios(): Scenario[] {
  return [
    {
      route: 'POST /api/auth/second-factor',
      name: 'a code from the app',
      status: 200,
      action: 'auth.sign_in',
      async arrange(context) {
        const { user, secret } = await withTotp(context);
        const signIn = await context.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { [CSRF_HEADER]: '1' },
          remoteAddress: nextTestIp(),
          payload: { email: user.email, password: user.password },
        });
        const pending = signIn.cookies.find((each) => each.name === 'punchclock_sign_in_step');
        return {
          method: 'POST',
          url: '/api/auth/second-factor',
          cookie: `${pending?.name}=${pending?.value}`,
          payload: {
            code: await generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
          },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/auth/second-factor/passkey-options',
      name: 'a pending sign-in’s passkey challenge',
      status: 200,
      action: '',
      async arrange(context) {
        const { user } = await withTotp(context);
        const signIn = await context.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          headers: { [CSRF_HEADER]: '1' },
          remoteAddress: nextTestIp(),
          payload: { email: user.email, password: user.password },
        });
        const pending = signIn.cookies.find((each) => each.name === 'punchclock_sign_in_step');
        return {
          method: 'POST',
          url: '/api/auth/second-factor/passkey-options',
          cookie: `${pending?.name}=${pending?.value}`,
          actorId: null,
        };
      },
    },
    {
      route: 'POST /api/auth/passkey-options',
      name: 'a passkey sign-in starts',
      status: 200,
      action: '',
      async arrange() {
        return { method: 'POST', url: '/api/auth/passkey-options', actorId: null };
      },
    },
    {
      route: 'POST /api/auth/passkey',
      name: 'an answer to no challenge',
      status: 401,
      action: 'auth.passkey_sign_in_failed',
      async arrange(context) {
        const started = await context.app.inject({
          method: 'POST',
          url: '/api/auth/passkey-options',
          headers: { [CSRF_HEADER]: '1' },
        });
        const cookie = started.cookies.find((each) => each.name === 'punchclock_passkey');
        const forged = {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        };
        return {
          method: 'POST',
          url: '/api/auth/passkey',
          cookie: `${cookie?.name}=${cookie?.value}`,
          payload: { passkey: forged },
          actorId: null,
        };
      },
    },
    {
      route: 'POST /api/me/two-factor/totp',
      name: 'an authenticator app to set up',
      status: 200,
      action: 'auth.totp_setup_started',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        return {
          method: 'POST',
          url: '/api/me/two-factor/totp',
          cookie,
          payload: { password: user.password },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/me/two-factor/totp/confirm',
      name: 'the app’s first code',
      status: 200,
      action: 'auth.totp_enabled',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        const setup = await expectApi<{ secret: string }>(
          context.app,
          cookie,
          'POST',
          '/api/me/two-factor/totp',
          200,
          { password: user.password },
        );
        return {
          method: 'POST',
          url: '/api/me/two-factor/totp/confirm',
          cookie,
          payload: { code: await generateTotp({ secret: setup.secret }) },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/me/two-factor/totp/remove',
      name: 'with the password',
      status: 204,
      action: 'auth.totp_removed',
      async arrange(context) {
        const { user, cookie } = await withTotp(context);
        return {
          method: 'POST',
          url: '/api/me/two-factor/totp/remove',
          cookie,
          payload: { password: user.password },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/me/two-factor/recovery-codes',
      name: 'new recovery codes',
      status: 200,
      action: 'auth.recovery_codes_regenerated',
      async arrange(context) {
        const { user, cookie } = await withTotp(context);
        return {
          method: 'POST',
          url: '/api/me/two-factor/recovery-codes',
          cookie,
          payload: { password: user.password },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/me/passkeys/options',
      name: 'a passkey to add',
      status: 200,
      action: '',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        return {
          method: 'POST',
          url: '/api/me/passkeys/options',
          cookie,
          payload: { password: user.password },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/me/passkeys',
      name: 'a passkey from a software authenticator',
      status: 201,
      action: 'auth.passkey_added',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        const options = await expectApi<{ challenge: string; rp: { id?: string } }>(
          context.app,
          cookie,
          'POST',
          '/api/me/passkeys/options',
          200,
          { password: user.password },
        );
        const origin = relyingParty(testConfig()).origins[0] ?? '';
        return {
          method: 'POST',
          url: '/api/me/passkeys',
          cookie,
          payload: {
            name: 'Walk key',
            credential: createSoftwarePasskey(origin).register(options),
          },
          actorId: user.id,
        };
      },
    },
    {
      route: 'PUT /api/me/passkeys/:id',
      name: 'a passkey renamed',
      status: 200,
      action: 'auth.passkey_renamed',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        const id = await withPasskeyRow(context, user.id);
        return {
          method: 'PUT',
          url: `/api/me/passkeys/${id}`,
          cookie,
          payload: { name: 'Renamed key' },
          actorId: user.id,
        };
      },
    },
    {
      route: 'DELETE /api/me/passkeys/:id',
      name: 'a passkey removed',
      status: 204,
      action: 'auth.passkey_removed',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        const id = await withPasskeyRow(context, user.id);
        return { method: 'DELETE', url: `/api/me/passkeys/${id}`, cookie, actorId: user.id };
      },
    },
    {
      route: 'PUT /api/admin/two-factor-settings',
      // Left off: the walk goes on to sign other people in with passwords alone.
      name: 'who must use two-step verification',
      status: 200,
      action: 'settings.two_factor_required',
      async arrange({ admin, adminCookie }) {
        return {
          method: 'PUT',
          url: '/api/admin/two-factor-settings',
          cookie: adminCookie,
          payload: { required: 'off' },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'DELETE /api/users/:id/two-factor',
      name: 'a lost phone',
      status: 204,
      action: 'auth.two_factor_reset',
      async arrange(context) {
        const { user } = await withTotp(context);
        return {
          method: 'DELETE',
          url: `/api/users/${user.id}/two-factor`,
          cookie: context.adminCookie,
          actorId: context.admin.id,
        };
      },
    },
  ];
}

/** The roster (#30): shifts, copying, filling, publishing, settings and availability. */
function rosterScenarios(): Scenario[] {
  const monday = '2031-03-03';
  /** A fresh team with one person in it, and a draft shift of theirs on `monday`. */
  async function drafted(db: Db, admin: TestUser) {
    const team = await auditTestTeam(db, admin.id);
    const person = await createTestUser(db);
    await setTeamOf(db, [person.id], team.id);
    const shift = await createShift(
      db,
      { userId: admin.id, role: 'admin' },
      {
        userId: person.id,
        date: monday,
        startTime: '09:00',
        endTime: '17:00',
        lunchStart: null,
        lunchEnd: null,
        breakDurationMins: 15,
        position: null,
        note: null,
      },
      { actorId: admin.id, meta: SYSTEM_META },
      TORONTO,
    );
    return { team, person, shift };
  }
  const shiftBody = (userId: string) => ({
    userId,
    date: monday,
    startTime: '10:00',
    endTime: '18:00',
    lunchStart: null,
    lunchEnd: null,
    breakDurationMins: 15,
    position: null,
    note: null,
  });
  return [
    {
      route: 'POST /api/roster/shifts',
      name: 'a draft',
      status: 201,
      action: 'shift.create',
      async arrange({ db, admin, adminCookie }) {
        const person = await createTestUser(db);
        return {
          method: 'POST',
          url: '/api/roster/shifts',
          cookie: adminCookie,
          payload: shiftBody(person.id),
          actorId: admin.id,
        };
      },
    },
    {
      route: 'PUT /api/roster/shifts/:id',
      name: 'change',
      status: 200,
      action: 'shift.update',
      async arrange({ db, admin, adminCookie }) {
        const { person, shift } = await drafted(db, admin);
        return {
          method: 'PUT',
          url: `/api/roster/shifts/${shift.id}`,
          cookie: adminCookie,
          payload: shiftBody(person.id),
          actorId: admin.id,
        };
      },
    },
    {
      route: 'DELETE /api/roster/shifts/:id',
      name: 'a draft',
      status: 204,
      action: 'shift.delete',
      async arrange({ db, admin, adminCookie }) {
        const { shift } = await drafted(db, admin);
        return {
          method: 'DELETE',
          url: `/api/roster/shifts/${shift.id}`,
          cookie: adminCookie,
          actorId: admin.id,
        };
      },
    },
    {
      route: 'POST /api/roster/copy-week',
      name: "one team's one shift",
      status: 201,
      action: 'shift.create',
      async arrange({ db, admin, adminCookie }) {
        const { team } = await drafted(db, admin);
        return {
          method: 'POST',
          url: '/api/roster/copy-week',
          cookie: adminCookie,
          payload: { fromWeekStart: monday, toWeekStart: '2031-03-10', teamId: team.id },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'POST /api/roster/fill-from-template',
      name: 'one person, one working day',
      status: 201,
      action: 'shift.create',
      async arrange({ db, admin, adminCookie }) {
        const template = await seedTemplate(db, { workingDays: [3] });
        const person = await createTestUser(db);
        return {
          method: 'POST',
          url: '/api/roster/fill-from-template',
          cookie: adminCookie,
          payload: { templateId: template.id, weekStart: monday, userIds: [person.id] },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'POST /api/roster/publish',
      name: "one team's week",
      status: 200,
      action: 'roster.publish',
      async arrange({ db, admin, adminCookie }) {
        const { team } = await drafted(db, admin);
        return {
          method: 'POST',
          url: '/api/roster/publish',
          cookie: adminCookie,
          payload: { weekStart: monday, teamId: team.id },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'PUT /api/roster/settings/:teamId',
      name: "a team's settings",
      status: 200,
      action: 'team_roster_settings.update',
      async arrange({ db, admin, adminCookie }) {
        const team = await auditTestTeam(db, admin.id);
        return {
          method: 'PUT',
          url: `/api/roster/settings/${team.id}`,
          cookie: adminCookie,
          payload: { autoApproveClaims: true, maxOffPerDay: 2 },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'PUT /api/roster/allotment-days',
      name: "a team's day",
      status: 200,
      action: 'allotment_day.update',
      async arrange({ db, admin, adminCookie }) {
        const team = await auditTestTeam(db, admin.id);
        return {
          method: 'PUT',
          url: '/api/roster/allotment-days',
          cookie: adminCookie,
          payload: { teamId: team.id, date: monday, maxOff: 1 },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'PUT /api/availability/weekly',
      name: "one's own pattern",
      status: 200,
      action: 'availability.update',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        return {
          method: 'PUT',
          url: '/api/availability/weekly',
          cookie,
          payload: { rules: [{ weekday: 1, kind: 'unavailable', startTime: null, endTime: null }] },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/availability/exceptions',
      name: "one's own day",
      status: 201,
      action: 'availability_exception.create',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        return {
          method: 'POST',
          url: '/api/availability/exceptions',
          cookie,
          payload: { date: '2031-03-04', kind: 'prefer_not', startTime: null, endTime: null },
          actorId: user.id,
        };
      },
    },
    {
      route: 'DELETE /api/availability/exceptions/:id',
      name: "one's own day",
      status: 204,
      action: 'availability_exception.delete',
      async arrange(context) {
        const { user, cookie } = await signedIn(context);
        const exception = await addMyAvailabilityException(
          context.db,
          user.id,
          { date: '2031-03-04', kind: 'unavailable', startTime: '09:00', endTime: '12:00' },
          SYSTEM_META,
          TORONTO,
        );
        return {
          method: 'DELETE',
          url: `/api/availability/exceptions/${exception.id}`,
          cookie,
          actorId: user.id,
        };
      },
    },
  ];
}

/** Shift trades (#30): claims, swaps and drops, each step by the person who may take it. */
function shiftTradeScenarios(): Scenario[] {
  const day = '2031-03-05';
  /** Two people of a fresh team, the first with a published shift on `day`. */
  async function colleagues(context: Context) {
    const team = await auditTestTeam(context.db, context.admin.id);
    const giver = await signedIn(context);
    const taker = await signedIn(context);
    await setTeamOf(context.db, [giver.user.id, taker.user.id], team.id);
    const shiftId = await seedPublishedShift(context.db, {
      userId: giver.user.id,
      teamId: team.id,
      date: day,
      startTime: '09:00',
      endTime: '17:00',
    });
    return { team, giver, taker, shiftId };
  }
  async function offered(context: Context) {
    const pair = await colleagues(context);
    const trade = await requestShiftTrade(
      context.db,
      TORONTO,
      { userId: pair.giver.user.id, role: 'employee' },
      { kind: 'swap', shiftId: pair.shiftId, colleagueId: pair.taker.user.id },
      SYSTEM_META,
    );
    return { ...pair, trade };
  }
  return [
    {
      route: 'POST /api/shift-trades',
      name: 'a claim of an open shift',
      status: 201,
      action: 'shift_trade.request',
      async arrange(context) {
        const team = await auditTestTeam(context.db, context.admin.id);
        const { user, cookie } = await signedIn(context);
        await setTeamOf(context.db, [user.id], team.id);
        const shiftId = await seedPublishedShift(context.db, {
          userId: null,
          teamId: team.id,
          date: day,
          startTime: '09:00',
          endTime: '17:00',
        });
        return {
          method: 'POST',
          url: '/api/shift-trades',
          cookie,
          payload: { kind: 'claim', shiftId },
          actorId: user.id,
        };
      },
    },
    {
      route: 'POST /api/shift-trades/:id/accept',
      name: 'the named colleague takes a swap',
      status: 200,
      action: 'shift_trade.accept',
      async arrange(context) {
        const { taker, trade } = await offered(context);
        return {
          method: 'POST',
          url: `/api/shift-trades/${trade.id}/accept`,
          cookie: taker.cookie,
          actorId: taker.user.id,
        };
      },
    },
    {
      route: 'POST /api/shift-trades/:id/decline',
      name: 'the named colleague turns a swap down',
      status: 200,
      action: 'shift_trade.decline',
      async arrange(context) {
        const { taker, trade } = await offered(context);
        return {
          method: 'POST',
          url: `/api/shift-trades/${trade.id}/decline`,
          cookie: taker.cookie,
          actorId: taker.user.id,
        };
      },
    },
    {
      route: 'POST /api/shift-trades/:id/cancel',
      name: 'the giver withdraws a swap',
      status: 200,
      action: 'shift_trade.cancel',
      async arrange(context) {
        const { giver, trade } = await offered(context);
        return {
          method: 'POST',
          url: `/api/shift-trades/${trade.id}/cancel`,
          cookie: giver.cookie,
          actorId: giver.user.id,
        };
      },
    },
  ];
}

/** Demand planning's data (#31): settings, typed and imported requirements, computing them. */
function demandDataScenarios(): Scenario[] {
  const content = (lines: string[]) => Buffer.from(lines.join('\n')).toString('base64');
  return [
    {
      route: 'PUT /api/demand/settings/:teamId',
      name: "a team's service target",
      status: 200,
      action: 'demand.settings.update',
      async arrange({ db, admin, adminCookie }) {
        const team = await auditTestTeam(db, admin.id);
        return {
          method: 'PUT',
          url: `/api/demand/settings/${team.id}`,
          cookie: adminCookie,
          payload: {
            intervalMinutes: 30,
            serviceLevelPercent: 90,
            answerSeconds: 15,
            shrinkagePercent: 35,
            shiftLengthsMinutes: [480],
            startStepMinutes: 30,
            earliestStart: '06:00',
            latestEnd: '22:00',
            lunchMinutes: 30,
            breakDurationMins: 15,
            minWeekMinutes: 0,
            maxWeekMinutes: 2400,
            underCoverHourCost: 200,
            overCoverHourCost: 5,
            preferNotCost: 30,
          },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'PUT /api/demand/requirements',
      name: 'typed cells',
      status: 200,
      action: 'demand.requirements.update',
      async arrange({ db, admin, adminCookie }) {
        const team = await auditTestTeam(db, admin.id);
        return {
          method: 'PUT',
          url: '/api/demand/requirements',
          cookie: adminCookie,
          payload: {
            teamId: team.id,
            cells: [{ startsAt: torontoInstant('2031-03-03', '09:00'), required: 3 }],
          },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'POST /api/demand/imports',
      name: 'a CSV of requirements',
      status: 200,
      action: 'demand.import',
      async arrange({ db, admin, adminCookie }) {
        const team = await auditTestTeam(db, admin.id);
        return {
          method: 'POST',
          url: '/api/demand/imports',
          cookie: adminCookie,
          payload: {
            teamId: team.id,
            kind: 'requirements',
            fileName: 'needs.csv',
            content: content(['date,time,required', '2031-03-03,09:00,3', '2031-03-03,09:30,4']),
          },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'POST /api/demand/requirements/compute',
      name: "from a week's workload",
      status: 200,
      action: 'demand.requirements.compute',
      async arrange(context) {
        const { db, admin, adminCookie } = context;
        const team = await auditTestTeam(db, admin.id);
        await expectApi(context.app, adminCookie, 'POST', '/api/demand/imports', 200, {
          teamId: team.id,
          kind: 'workload',
          fileName: 'calls.csv',
          content: content(['date,time,contacts,aht_seconds', '2031-03-03,09:00,100,180']),
        });
        return {
          method: 'POST',
          url: '/api/demand/requirements/compute',
          cookie: adminCookie,
          payload: { teamId: team.id, weekStart: '2031-03-02', from: 'history' },
          actorId: admin.id,
        };
      },
    },
  ];
}

/** Demand planning's auto-fill runs and coverage gaps (#31 items 3 and 4). */
function demandRunScenarios(): Scenario[] {
  const sunday = '2031-03-09';
  return [
    {
      route: 'POST /api/demand/solver-runs',
      name: "a team's week",
      status: 202,
      action: 'demand.autofill',
      async arrange({ db, admin, adminCookie }) {
        const team = await auditTestTeam(db, admin.id);
        return {
          method: 'POST',
          url: '/api/demand/solver-runs',
          cookie: adminCookie,
          payload: { teamId: team.id, weekStart: sunday },
          actorId: admin.id,
        };
      },
    },
    {
      route: 'POST /api/demand/solver-runs/:id/cancel',
      name: 'a queued run',
      status: 200,
      action: 'demand.autofill.cancel',
      async arrange({ db, admin, adminCookie, app }) {
        const team = await auditTestTeam(db, admin.id);
        const queued = await expectApi<{ run: { id: string } }>(
          app,
          adminCookie,
          'POST',
          '/api/demand/solver-runs',
          202,
          { teamId: team.id, weekStart: sunday },
        );
        return {
          method: 'POST',
          url: `/api/demand/solver-runs/${queued.run.id}/cancel`,
          cookie: adminCookie,
          actorId: admin.id,
        };
      },
    },
    {
      route: 'POST /api/demand/coverage/open-shifts',
      name: 'two open shifts for a gap',
      status: 201,
      action: 'demand.post_gap',
      async arrange({ db, admin, adminCookie }) {
        const team = await auditTestTeam(db, admin.id);
        return {
          method: 'POST',
          url: '/api/demand/coverage/open-shifts',
          cookie: adminCookie,
          payload: {
            teamId: team.id,
            date: '2031-03-11',
            startTime: '14:00',
            endTime: '18:00',
            count: 2,
          },
          actorId: admin.id,
        };
      },
    },
  ];
}
