import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { historyResponseSchema } from '@punchclock/shared/contracts/time-tracking';
import {
  identifyAtKioskResponseSchema,
  kioskGrantExpiredMessage,
  kioskNoPinMessage,
  kioskSharedNumberMessage,
  kioskWrongCredentialsMessage,
} from '@punchclock/shared/contracts/kiosk';
import { kioskGrants, kioskPinFailures, timeEvents } from '../../db/schema.ts';
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

  /** Lets the wait before the next try at this device for this number pass (as time would). */
  const letWaitPass = (deviceId: string) =>
    db()
      .update(kioskPinFailures)
      .set({ waitUntil: new Date(Date.now() - 1000) })
      .where(eq(kioskPinFailures.deviceId, deviceId));

  it('slows wrong PINs for a number at one device with growing waits, and never locks anyone', async () => {
    const device = await newDevice();
    const person = await personWith('4821');
    const tryPin = (cookie: string, pin: string) =>
      identify(cookie, { employeeNumber: person.employeeNumber, pin });

    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await tryPin(device.cookie, '9157');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: kioskWrongCredentialsMessage() });
    }
    // The 4th wrong PIN says what happens next.
    const fourth = await tryPin(device.cookie, '9157');
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toMatchObject({
      message: 'Employee number or PIN is not correct. Wait 15 seconds before the next try.',
    });
    // During the wait even the right PIN is not checked at this device…
    const early = await tryPin(device.cookie, '4821');
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ message: /^Wait 1\d seconds before the next try\.$/ });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(15);
    // …and another device is not slowed: the person is not locked out.
    const elsewhere = await tryPin((await newDevice()).cookie, '4821');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    // Each wrong PIN after a wait doubles the next wait.
    const waits: string[] = [];
    for (let attempt = 5; attempt <= 7; attempt++) {
      await letWaitPass(device.id);
      const wrong = await tryPin(device.cookie, '9157');
      expect(wrong.statusCode).toBe(400);
      waits.push((wrong.json() as { message: string }).message);
    }
    expect(waits).toEqual([
      'Employee number or PIN is not correct. Wait 30 seconds before the next try.',
      'Employee number or PIN is not correct. Wait 1 minute before the next try.',
      'Employee number or PIN is not correct. Wait 2 minutes before the next try.',
    ]);

    // After the wait, the right PIN works, and the count starts again.
    await letWaitPass(device.id);
    const right = await tryPin(device.cookie, '4821');
    expect(right.statusCode, right.body).toBe(200);
    const again = await tryPin(device.cookie, '9157');
    expect(again.json()).toMatchObject({ message: kioskWrongCredentialsMessage() });
  });

  it('answers an unknown number exactly like a known one with a wrong PIN, waits included', async () => {
    const person = await personWith('4821');
    const replies = async (employeeNumber: string) => {
      const device = await newDevice();
      const seen: unknown[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        const response = await identify(device.cookie, { employeeNumber, pin: '9157' });
        seen.push({
          status: response.statusCode,
          body: response.json() as unknown,
          retryAfter: response.headers['retry-after'] ?? null,
        });
        if (attempt === 5) await letWaitPass(device.id);
      }
      return seen;
    };
    const known = await replies(person.employeeNumber);
    const unknown = await replies(`NOBODY-${randomUUID().slice(0, 6)}`);
    expect(unknown).toEqual(known);
    expect(known.map((reply) => (reply as { status: number }).status)).toEqual([
      400, 400, 400, 400, 429, 400,
    ]);
  });

  it('resets the count of wrong PINs after a right one', async () => {
    const device = await newDevice();
    const person = await personWith('4821');
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 3; attempt++) {
        await identify(device.cookie, { employeeNumber: person.employeeNumber, pin: '1357' });
      }
      const right = await identify(device.cookie, {
        employeeNumber: person.employeeNumber,
        pin: '4821',
      });
      expect(right.statusCode, right.body).toBe(200);
    }
  });

  it('stops a device that keeps trying numbers', async () => {
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
