import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commonPasswordMessage, weakPasswordMessage } from '@punchclock/shared/contracts/auth';
import { ensureFirstAdmin } from '../../bootstrap.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { countAuditRows, SYSTEM_ACTOR, tokenFromLink } from '../../test/users.ts';
import { findCredentialsByEmail, findUserSummaryByEmail } from '../people/users-repository.ts';
import { createUser } from './accounts.ts';

/** Meets the composition rules (length, uppercase, digit) yet is on every breach list. */
const COMMON_PASSWORDS = ['Password1', 'QWERTY123', 'Welcome1', 'Passw0rd'];
const REFUSED = { message: commonPasswordMessage(), code: 'common_password' };
const GOOD_PASSWORD = 'Tidal-lantern-58';
/** Not on the list itself, yet a list entry with a year and a symbol added (issue #28). */
const GUESSABLE = 'Welcome2026!';
const GUESSABLE_REFUSED = {
  message: weakPasswordMessage('common-with-additions'),
  code: 'common_password',
};

describeEachDatabase('common passwords are refused wherever a password is set', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  function addUserBody(password: string) {
    return { name: 'Cam Common', email: uniqueEmail('common'), role: 'employee', password };
  }

  it.each(COMMON_PASSWORDS)('an admin adding a user with "%s" gets 400', async (password) => {
    const auditBefore = await countAuditRows(db());
    const body = addUserBody(password);
    const response = await callApi(app, adminCookie, 'POST', '/api/users', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(REFUSED);
    expect(await findUserSummaryByEmail(db(), body.email)).toBeNull();
    expect(await countAuditRows(db())).toBe(auditBefore);
  });

  it('an admin adding a user with a good password succeeds', async () => {
    const body = addUserBody(GOOD_PASSWORD);
    const response = await callApi(app, adminCookie, 'POST', '/api/users', body);
    expect(response.statusCode, response.body).toBe(201);
    await signInAs(app, body.email, GOOD_PASSWORD);
  });

  it('setting a password through a one-time link refuses a common one, keeps the link', async () => {
    const added = await callApi(app, adminCookie, 'POST', '/api/users', {
      ...addUserBody(''),
      password: undefined,
    });
    expect(added.statusCode, added.body).toBe(201);
    const token = tokenFromLink(added.json().setPasswordLink);

    const refused = await callApi(app, null, 'POST', '/api/auth/set-password', {
      token,
      password: 'Password1',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(REFUSED);

    // The link was not used up: the person can still choose a good password with it.
    const accepted = await callApi(app, null, 'POST', '/api/auth/set-password', {
      token,
      password: GOOD_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await signInAs(app, added.json().user.email, GOOD_PASSWORD);
  });

  it('changing one’s own password refuses a common one and keeps the old', async () => {
    const user = await createTestUser(db());
    const cookie = await signInAs(app, user.email, user.password);
    const refused = await callApi(app, cookie, 'POST', '/api/me/password', {
      currentPassword: user.password,
      newPassword: 'Password1',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(REFUSED);
    await signInAs(app, user.email, user.password);

    const changed = await callApi(app, cookie, 'POST', '/api/me/password', {
      currentPassword: user.password,
      newPassword: GOOD_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);
  });

  it('the operator’s createUser (CLI add, demo) refuses a common password', async () => {
    const email = uniqueEmail('cli');
    const attempt = createUser(
      db(),
      { email, password: 'Password1', role: 'employee' },
      SYSTEM_ACTOR,
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 400, ...REFUSED });
    expect(await findUserSummaryByEmail(db(), email)).toBeNull();
  });

  it('ADMIN_PASSWORD at start-up refuses a common password and creates nobody', async () => {
    const email = uniqueEmail('first-admin');
    const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Password1' };
    await expect(ensureFirstAdmin(db(), env, () => {})).rejects.toThrow(
      `ADMIN_EMAIL / ADMIN_PASSWORD: ${commonPasswordMessage()}`,
    );
    expect(await findUserSummaryByEmail(db(), email)).toBeNull();

    await ensureFirstAdmin(db(), { ...env, ADMIN_PASSWORD: GOOD_PASSWORD }, () => {});
    expect((await findCredentialsByEmail(db(), email))?.role).toBe('admin');
  });

  it('"Welcome2026!" is refused with the reason when an admin adds a person', async () => {
    expect(GUESSABLE_REFUSED.message).toBe(
      'This password is too common: it is a well-known password with a few characters added. Choose a less predictable one.',
    );
    const auditBefore = await countAuditRows(db());
    const body = addUserBody(GUESSABLE);
    const response = await callApi(app, adminCookie, 'POST', '/api/users', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(GUESSABLE_REFUSED);
    expect(await findUserSummaryByEmail(db(), body.email)).toBeNull();
    expect(await countAuditRows(db())).toBe(auditBefore);
  });

  it('"Welcome2026!" is refused through a one-time link, which stays usable', async () => {
    const added = await callApi(app, adminCookie, 'POST', '/api/users', {
      ...addUserBody(''),
      password: undefined,
    });
    const token = tokenFromLink(added.json().setPasswordLink);
    const refused = await callApi(app, null, 'POST', '/api/auth/set-password', {
      token,
      password: GUESSABLE,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(GUESSABLE_REFUSED);
    const accepted = await callApi(app, null, 'POST', '/api/auth/set-password', {
      token,
      password: GOOD_PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('"Welcome2026!" is refused as one’s own new password; the old one still works', async () => {
    const user = await createTestUser(db());
    const cookie = await signInAs(app, user.email, user.password);
    const auditBefore = await countAuditRows(db());
    const refused = await callApi(app, cookie, 'POST', '/api/me/password', {
      currentPassword: user.password,
      newPassword: GUESSABLE,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(GUESSABLE_REFUSED);
    expect(await countAuditRows(db())).toBe(auditBefore);
    await signInAs(app, user.email, user.password);
  });

  it('"Welcome2026!" is refused by the operator’s createUser and ADMIN_PASSWORD', async () => {
    const email = uniqueEmail('cli-guessable');
    await expect(
      createUser(db(), { email, password: GUESSABLE, role: 'employee' }, SYSTEM_ACTOR),
    ).rejects.toMatchObject({ statusCode: 400, ...GUESSABLE_REFUSED });
    await expect(
      ensureFirstAdmin(db(), { ADMIN_EMAIL: email, ADMIN_PASSWORD: GUESSABLE }, () => {}),
    ).rejects.toThrow(GUESSABLE_REFUSED.message);
    expect(await findUserSummaryByEmail(db(), email)).toBeNull();
  });

  it('someone whose existing password is common can still sign in', async () => {
    // As if the password was set before this rule existed.
    const user = await createTestUser(db());
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword('Password1') })
      .where(eq(users.id, user.id));
    await signInAs(app, user.email, 'Password1');
  });
});
