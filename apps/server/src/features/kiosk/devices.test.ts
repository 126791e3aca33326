import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENROLMENT_CODE_ALPHABET,
  enrolmentCodeResponseSchema,
  invalidEnrolmentCodeMessage,
  kioskDeviceResponseSchema,
  kioskDevicesResponseSchema,
} from '@punchclock/shared/contracts/kiosk';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { kioskDevices, kioskEnrolmentCodes } from '../../db/schema.ts';
import { buildTestApp, nextTestIp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor } from '../../test/users.ts';
import { hashToken } from '../../platform/tokens.ts';
import { generateEnrolmentCode } from './devices.ts';

describe('generateEnrolmentCode', () => {
  it('makes 8 characters of the unambiguous alphabet, different each time', () => {
    const codes = Array.from({ length: 200 }, generateEnrolmentCode);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      expect([...code].every((character) => ENROLMENT_CODE_ALPHABET.includes(character))).toBe(
        true,
      );
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});

/** The device's cookie ("name=value") from an enrolment reply. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((each) => each.name.endsWith('punchclock_kiosk'));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(response.headers)}`);
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Strict');
  return `${cookie.name}=${cookie.value}`;
}

describeEachDatabase('kiosk devices api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;
  let employeeCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db(), { role: 'admin', name: 'Kiosk Admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    const employee = await createTestUser(db(), { role: 'employee' });
    employeeCookie = await signInAs(app, employee.email, employee.password);
  });
  afterAll(async () => {
    await app.close();
  });

  async function newCode(name: string) {
    const response = await callApi(app, adminCookie, 'POST', '/api/kiosk/enrolment-codes', {
      name,
    });
    expect(response.statusCode, response.body).toBe(201);
    return enrolmentCodeResponseSchema.parse(response.json());
  }

  /** A device (no session) redeeming a code, from its own address. */
  const enrol = (code: unknown, remoteAddress = nextTestIp()) =>
    app.inject({
      method: 'POST',
      url: '/api/kiosk/enrol',
      remoteAddress,
      headers: { [CSRF_HEADER]: '1' },
      payload: { code } as Record<string, unknown>,
    });

  const whoAmI = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/kiosk/device', headers: { cookie } });

  it('enrols a device with a fresh code, once; the device then knows its name', async () => {
    const { code, deviceName, expiresAt } = await newCode('  Front door tablet ');
    expect(deviceName).toBe('Front door tablet');
    const minutesLeft = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10.1);
    // Only the hash is kept.
    const stored = await db()
      .select()
      .from(kioskEnrolmentCodes)
      .where(eq(kioskEnrolmentCodes.codeHash, hashToken(code)));
    expect(stored).toHaveLength(1);

    // Typed as a person would: lower case, with a dash and spaces.
    const response = await enrol(`${code.slice(0, 4).toLowerCase()}- ${code.slice(4)}`);
    expect(response.statusCode, response.body).toBe(201);
    const { device } = kioskDeviceResponseSchema.parse(response.json());
    expect(device).toMatchObject({ name: 'Front door tablet', revokedAt: null });
    const cookie = deviceCookieOf(response);

    const me = await whoAmI(cookie);
    expect(me.statusCode).toBe(200);
    expect(kioskDeviceResponseSchema.parse(me.json()).device.id).toBe(device.id);

    // Single use: a second device with the same code is refused, and nothing is created.
    const again = await enrol(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: invalidEnrolmentCodeMessage() });
    const devices = await db()
      .select()
      .from(kioskDevices)
      .where(eq(kioskDevices.name, 'Front door tablet'));
    expect(devices).toHaveLength(1);
    expect(await auditRowsFor(db(), device.id, 'kiosk.device.enrol')).toHaveLength(1);
  });

  it('refuses an expired code, an unknown one and malformed ones with the same message', async () => {
    const { code } = await newCode('Old code');
    await db()
      .update(kioskEnrolmentCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(kioskEnrolmentCodes.codeHash, hashToken(code)));
    for (const attempt of [code, 'ABCDEFGH', 'ABCD', 'ABCDEFG0', 12345678, null, 'x'.repeat(500)]) {
      const response = await enrol(attempt);
      expect(response.statusCode, String(attempt)).toBe(400);
      expect(response.json()).toMatchObject({ message: invalidEnrolmentCodeMessage() });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('slows down an address that keeps guessing', async () => {
    const address = nextTestIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await enrol('ZZZZZZZZ', address)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Even the right code waits, from that address; another address is not held up.
    const { code } = await newCode('Guessed at');
    expect((await enrol(code, address)).statusCode).toBe(429);
    expect((await enrol(code)).statusCode).toBe(201);
  });

  it('lists devices for admins, and a revoked device is stopped at its next request', async () => {
    const { code } = await newCode('Warehouse kiosk');
    const enrolled = await enrol(code);
    const cookie = deviceCookieOf(enrolled);
    const { device } = kioskDeviceResponseSchema.parse(enrolled.json());

    const listed = await callApi(app, adminCookie, 'GET', '/api/kiosk/devices');
    expect(listed.statusCode).toBe(200);
    expect(kioskDevicesResponseSchema.parse(listed.json()).devices).toContainEqual(
      expect.objectContaining({ id: device.id, name: 'Warehouse kiosk', revokedAt: null }),
    );

    const revoked = await callApi(
      app,
      adminCookie,
      'POST',
      `/api/kiosk/devices/${device.id}/revoke`,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(kioskDeviceResponseSchema.parse(revoked.json()).device.revokedAt).not.toBeNull();
    const audit = await auditRowsFor(db(), device.id, 'kiosk.device.revoke');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.id);

    const refused = await whoAmI(cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'kiosk_not_enrolled' });
    // The dead credential is cleared from the device.
    expect(refused.cookies.some((each) => each.name.endsWith('punchclock_kiosk'))).toBe(true);

    const unknown = '6f9619ff-8b86-4d01-b42d-00cf4fc964ff';
    for (const id of [unknown, 'not-a-uuid']) {
      const response = await callApi(app, adminCookie, 'POST', `/api/kiosk/devices/${id}/revoke`);
      expect(response.statusCode).toBe(404);
    }
  });

  it('keeps enrolment and the device list to admins', async () => {
    for (const cookie of [employeeCookie, null]) {
      const create = await callApi(app, cookie, 'POST', '/api/kiosk/enrolment-codes', {
        name: 'Sneaky',
      });
      expect(create.statusCode).toBe(cookie ? 403 : 401);
      const list = await callApi(app, cookie, 'GET', '/api/kiosk/devices');
      expect(list.statusCode).toBe(cookie ? 403 : 401);
    }
    const blank = await callApi(app, adminCookie, 'POST', '/api/kiosk/enrolment-codes', {
      name: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Enter a name for the device' });
    // A session cookie is not a device credential.
    expect((await whoAmI(adminCookie)).statusCode).toBe(401);
  });
});
