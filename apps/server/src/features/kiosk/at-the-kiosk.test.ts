import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { historyResponseSchema } from '@punchclock/shared/contracts/time-tracking';
import {
  identifyAtKioskResponseSchema,
  kioskGrantExpiredMessage,
  kioskLockedMessage,
  kioskNoPinMessage,
  kioskSharedNumberMessage,
  kioskWrongCredentialsMessage,
} from '@punchclock/shared/contracts/kiosk';
import { kioskGrants, timeEvents } from '../../db/schema.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { createKioskPerson, enrolTestKiosk } from '../../test/kiosk.ts';
import { auditRowsFor } from '../../test/users.ts';
import { setUserSuspended } from '../users/suspension.ts';
import { revokeDevice } from './devices.ts';
import { findGrantedPerson } from './at-the-kiosk.ts';

describeEachDatabase('identifying at a kiosk', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  /** A freshly enrolled device: its cookie, id, and the admin who enrolled it. */
  async function newDevice() {
    const admin = await createTestUser(db(), { role: 'admin' });
    const device = await enrolTestKiosk(db(), admin.id);
    return { ...device, actor: { actorId: admin.id, meta: SYSTEM_META } };
  }

  const personWith = (pin: string | null, employeeNumber?: string) =>
    createKioskPerson(db(), pin, employeeNumber);

  const identify = (deviceCookie: string | null, body: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/api/kiosk/identify',
      headers: { [CSRF_HEADER]: '1', ...(deviceCookie ? { cookie: deviceCookie } : {}) },
      payload: body as Record<string, unknown>,
    });

  it('names the person and their state, and grants a minute at this device only', async () => {
    const device = await newDevice();
    const person = await personWith('4821');
    const response = await identify(device.cookie, {
      employeeNumber: ` ${person.employeeNumber.toLowerCase()} `,
      pin: '4821',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = identifyAtKioskResponseSchema.parse(response.json());
    expect(body.person).toEqual({ name: person.name, state: 'none', stateSince: null });
    const seconds = (Date.parse(body.expiresAt) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(61);

    // Identifying records nothing.
    expect(await db().select().from(timeEvents).where(eq(timeEvents.userId, person.id))).toEqual(
      [],
    );
    const deviceRecord = { id: device.id } as Parameters<typeof findGrantedPerson>[1];
    expect(await findGrantedPerson(db(), deviceRecord, body.grant)).toBe(person.id);
    // The grant is this device's: another device cannot use it.
    const other = await newDevice();
    const otherRecord = { id: other.id } as Parameters<typeof findGrantedPerson>[1];
    expect(await findGrantedPerson(db(), otherRecord, body.grant)).toBeNull();
    // And it lasts a minute.
    await db()
      .update(kioskGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(kioskGrants.userId, person.id));
    expect(await findGrantedPerson(db(), deviceRecord, body.grant)).toBeNull();
  });

  it('answers an unknown number and a wrong PIN alike; five wrong PINs lock the person', async () => {
    const device = await newDevice();
    const person = await personWith('4821');
    const unknown = await identify(device.cookie, { employeeNumber: 'NOBODY-1', pin: '4821' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: kioskWrongCredentialsMessage() });

    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await identify(device.cookie, {
        employeeNumber: person.employeeNumber,
        pin: '9999',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: kioskWrongCredentialsMessage() });
    }
    // Locked: even the right PIN is refused, with a message saying what to do.
    const locked = await identify(await newDevice().then((each) => each.cookie), {
      employeeNumber: person.employeeNumber,
      pin: '4821',
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ message: kioskLockedMessage() });
  });

  it('resets the count of wrong PINs after a right one', async () => {
    const device = await newDevice();
    const person = await personWith('4821');
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        await identify(device.cookie, { employeeNumber: person.employeeNumber, pin: '1357' });
      }
      const right = await identify(device.cookie, {
        employeeNumber: person.employeeNumber,
        pin: '4821',
      });
      expect(right.statusCode, right.body).toBe(200);
    }
  });

  it('stops a device that keeps trying numbers, so it cannot lock everyone out', async () => {
    const device = await newDevice();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push(
        (await identify(device.cookie, { employeeNumber: `GUESS-${attempt}`, pin: '1357' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Another device is not held up.
    const person = await personWith('4821');
    const elsewhere = await identify((await newDevice()).cookie, {
      employeeNumber: person.employeeNumber,
      pin: '4821',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses without a PIN set, a number two people share, a suspended person, and no device', async () => {
    const device = await newDevice();
    const noPin = await personWith(null);
    const response = await identify(device.cookie, {
      employeeNumber: noPin.employeeNumber,
      pin: '4821',
    });
    expect(response.json()).toMatchObject({ message: kioskNoPinMessage() });

    const shared = `S${randomUUID().slice(0, 8)}`;
    await personWith('4821', shared);
    await personWith('5937', shared);
    const ambiguous = await identify(device.cookie, { employeeNumber: shared, pin: '4821' });
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json()).toMatchObject({ message: kioskSharedNumberMessage() });

    const gone = await personWith('4821');
    await setUserSuspended(db(), gone.email, true, { actorId: null, meta: SYSTEM_META });
    const suspended = await identify(device.cookie, {
      employeeNumber: gone.employeeNumber,
      pin: '4821',
    });
    expect(suspended.json()).toMatchObject({ message: kioskWrongCredentialsMessage() });

    const person = await personWith('4821');
    const body = { employeeNumber: person.employeeNumber, pin: '4821' };
    expect((await identify(null, body)).statusCode).toBe(401);
    await revokeDevice(db(), device.id, device.actor);
    const revoked = await identify(device.cookie, body);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 'kiosk_not_enrolled' });
  });

  const punch = (deviceCookie: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/kiosk/punch',
      headers: { [CSRF_HEADER]: '1', cookie: deviceCookie },
      payload: body as Record<string, unknown>,
    });

  async function grantFor(deviceCookie: string, person: { employeeNumber: string }) {
    const response = await identify(deviceCookie, {
      employeeNumber: person.employeeNumber,
      pin: '4821',
    });
    expect(response.statusCode, response.body).toBe(200);
    return identifyAtKioskResponseSchema.parse(response.json()).grant;
  }

  it('punches two people in turn at one device, each recorded once as theirs, from the kiosk', async () => {
    const device = await newDevice();
    const [first, second] = [await personWith('4821'), await personWith('4821')];
    const firstGrant = await grantFor(device.cookie, first);
    const secondGrant = await grantFor(device.cookie, second);

    const id = randomUUID();
    const clockIn = await punch(device.cookie, { grant: firstGrant, id, eventType: 'clock_in' });
    expect(clockIn.statusCode, clockIn.body).toBe(201);
    expect(clockIn.json()).toMatchObject({ event: { eventType: 'clock_in', source: 'kiosk' } });
    // The kiosk's retry of the same punch is the same punch.
    const retry = await punch(device.cookie, { grant: firstGrant, id, eventType: 'clock_in' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ isReplay: true });

    const other = await punch(device.cookie, {
      grant: secondGrant,
      id: randomUUID(),
      eventType: 'clock_in',
    });
    expect(other.statusCode).toBe(201);

    const rows = await db()
      .select({
        userId: timeEvents.userId,
        source: timeEvents.source,
        deviceId: timeEvents.kioskDeviceId,
      })
      .from(timeEvents)
      .where(eq(timeEvents.kioskDeviceId, device.id));
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.userId).sort()).toEqual([first.id, second.id].sort());
    expect(rows.every((row) => row.source === 'kiosk')).toBe(true);
    // The audit row names the person and the kiosk.
    const [audit] = await auditRowsFor(db(), id, 'time_event.record');
    expect(audit).toMatchObject({ actorId: first.id, after: { source: 'kiosk' } });
    expect((audit?.after as { kiosk?: string }).kiosk).toMatch(/^Door /);
    // The person's history says where: "kiosk: <device name>".
    const cookie = await signInAs(app, first.email, first.password);
    const history = await app.inject({
      method: 'GET',
      url: '/api/time-events/history',
      headers: { cookie },
    });
    expect(history.statusCode, history.body).toBe(200);
    const { days } = historyResponseSchema.parse(history.json());
    expect(days.flatMap((day) => day.events)).toContainEqual(
      expect.objectContaining({ id, source: 'kiosk', kioskName: expect.stringMatching(/^Door /) }),
    );
    // The state machine holds at the kiosk too.
    const twice = await punch(device.cookie, {
      grant: firstGrant,
      id: randomUUID(),
      eventType: 'clock_in',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a punch without a live grant from this device, recording nothing', async () => {
    const device = await newDevice();
    const person = await personWith('4821');
    const grant = await grantFor(device.cookie, person);
    const elsewhere = await newDevice();
    for (const [cookie, body] of [
      [elsewhere.cookie, { grant, id: randomUUID(), eventType: 'clock_in' }],
      [device.cookie, { grant: 'made-up', id: randomUUID(), eventType: 'clock_in' }],
      [device.cookie, { grant: '', id: randomUUID(), eventType: 'clock_in' }],
    ] as const) {
      const response = await punch(cookie, body);
      expect(response.statusCode).toBe(cookie === device.cookie && body.grant === '' ? 400 : 401);
      expect(response.json()).toMatchObject({ message: kioskGrantExpiredMessage() });
    }
    await db()
      .update(kioskGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(kioskGrants.userId, person.id));
    const late = await punch(device.cookie, { grant, id: randomUUID(), eventType: 'clock_in' });
    expect(late.statusCode).toBe(401);
    expect(await db().select().from(timeEvents).where(eq(timeEvents.userId, person.id))).toEqual(
      [],
    );
  });
});
