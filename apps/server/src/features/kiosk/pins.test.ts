import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isGuessablePin,
  kioskPinGuessableMessage,
  kioskPinRuleMessage,
  kioskCardResponseSchema,
  kioskPinStatusSchema,
  myKioskPinResponseSchema,
} from '@punchclock/shared/contracts/kiosk';
import { auditLog, profiles } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor } from '../../test/users.ts';

describe('isGuessablePin', () => {
  it('flags one digit repeated and runs either way, and nothing else', () => {
    for (const pin of ['0000', '1111', '1234', '3456789', '9876', '43210']) {
      expect(isGuessablePin(pin), pin).toBe(true);
    }
    for (const pin of ['4821', '1235', '0911', '1212', '90123']) {
      expect(isGuessablePin(pin), pin).toBe(false);
    }
  });
});

describeEachDatabase('kiosk PINs api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;
  let person: TestUser;
  let personCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    person = await createTestUser(db(), { role: 'employee' });
    personCookie = await signInAs(app, person.email, person.password);
  });
  afterAll(async () => {
    await app.close();
  });

  const myStatus = async () => {
    const response = await callApi(app, personCookie, 'GET', '/api/me/kiosk-pin');
    expect(response.statusCode).toBe(200);
    return kioskPinStatusSchema.parse((response.json() as { pin: unknown }).pin);
  };
  const setPin = (body: unknown) => callApi(app, personCookie, 'PUT', '/api/me/kiosk-pin', body);
  const storedPin = async () => {
    const [row] = await db()
      .select({ hash: profiles.kioskPinHash })
      .from(profiles)
      .where(eq(profiles.id, person.id));
    return row;
  };

  it('lets a person set their PIN with their password; only an argon2id hash is kept', async () => {
    expect(await myStatus()).toEqual({ isSet: false });
    const response = await setPin({ currentPassword: person.password, pin: '4821' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await myStatus()).toEqual({ isSet: true });
    const stored = await storedPin();
    expect(stored?.hash).toMatch(/^\$argon2id\$/);
    expect(stored?.hash).not.toContain('4821');
    expect(await auditRowsFor(db(), person.id, 'kiosk_pin.set_own')).toHaveLength(1);
    // Neither the PIN nor its hash is in the audit log.
    const text = JSON.stringify(await db().select().from(auditLog));
    expect(text).not.toContain(stored?.hash ?? '-');
    expect(text).not.toContain('"4821"');
  });

  it('refuses a wrong password, a PIN that is not 4–8 digits and a guessable one, changing nothing', async () => {
    const before = await storedPin();
    const cases: [unknown, string][] = [
      [
        { currentPassword: 'Not-my-password-1', pin: '5937' },
        'Your current password is not correct',
      ],
      [{ currentPassword: person.password, pin: '123' }, kioskPinRuleMessage()],
      [{ currentPassword: person.password, pin: '123456789' }, kioskPinRuleMessage()],
      [{ currentPassword: person.password, pin: '12a4' }, kioskPinRuleMessage()],
      [{ currentPassword: person.password, pin: 4821 }, kioskPinRuleMessage()],
      [{ currentPassword: person.password, pin: '٤٨٢١' }, kioskPinRuleMessage()],
      [{ currentPassword: person.password, pin: '2222' }, kioskPinGuessableMessage()],
      [{ currentPassword: person.password, pin: '87654' }, kioskPinGuessableMessage()],
    ];
    for (const [body, message] of cases) {
      const response = await setPin(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect(await storedPin()).toEqual(before);
  });

  it('lets an admin reset the PIN; nobody else', async () => {
    await setPin({ currentPassword: person.password, pin: '4821' });
    const forbidden = await callApi(
      app,
      personCookie,
      'POST',
      `/api/users/${person.id}/kiosk-pin/reset`,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(await myStatus()).toEqual({ isSet: true });
    // Wrong PINs slow a kiosk; there is no lock to lift (decision 0042).
    const unlock = await callApi(
      app,
      adminCookie,
      'POST',
      `/api/users/${person.id}/kiosk-pin/unlock`,
    );
    expect(unlock.statusCode).toBe(404);

    const reset = await callApi(
      app,
      adminCookie,
      'POST',
      `/api/users/${person.id}/kiosk-pin/reset`,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await myStatus()).toEqual({ isSet: false });
    expect((await storedPin())?.hash).toBeNull();
    expect(await auditRowsFor(db(), person.id, 'kiosk_pin.reset')).toHaveLength(1);

    for (const id of ['6f9619ff-8b86-4d01-b42d-00cf4fc964ff', 'nope']) {
      const missing = await callApi(app, adminCookie, 'POST', `/api/users/${id}/kiosk-pin/reset`);
      expect(missing.statusCode).toBe(404);
    }
  });

  it('shows the person their own employee number beside their PIN status (read-only)', async () => {
    const before = await callApi(app, personCookie, 'GET', '/api/me/kiosk-pin');
    expect(myKioskPinResponseSchema.parse(before.json()).employeeNumber).toBeNull();
    await db().update(profiles).set({ employeeNumber: 'E-4410' }).where(eq(profiles.id, person.id));
    const after = await callApi(app, personCookie, 'GET', '/api/me/kiosk-pin');
    expect(myKioskPinResponseSchema.parse(after.json())).toMatchObject({
      employeeNumber: 'E-4410',
    });
    // Only an admin gives it (Payroll): the person's PUT cannot carry one.
    const change = await setPin({
      currentPassword: person.password,
      pin: '4821',
      employeeNumber: 'E-1',
    });
    expect(change.statusCode).toBe(400);
  });

  it("shows an admin a person's badge details and PIN status, never the PIN; nobody else", async () => {
    await db()
      .update(profiles)
      .set({ employeeNumber: 'E-7001', fullName: 'Badge Person' })
      .where(eq(profiles.id, person.id));
    await setPin({ currentPassword: person.password, pin: '5829' });

    const card = await callApi(app, adminCookie, 'GET', `/api/users/${person.id}/kiosk`);
    expect(card.statusCode, card.body).toBe(200);
    expect(kioskCardResponseSchema.parse(card.json())).toEqual({
      name: 'Badge Person',
      employeeNumber: 'E-7001',
      pin: { isSet: true },
    });
    expect(card.body).not.toContain('5829');
    expect(card.body).not.toContain('argon2');

    const forbidden = await callApi(app, personCookie, 'GET', `/api/users/${person.id}/kiosk`);
    expect(forbidden.statusCode).toBe(403);
    for (const id of ['6f9619ff-8b86-4d01-b42d-00cf4fc964ff', 'nope']) {
      const missing = await callApi(app, adminCookie, 'GET', `/api/users/${id}/kiosk`);
      expect(missing.statusCode).toBe(404);
    }
  });
});
