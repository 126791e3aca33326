import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { dayDetailSchema } from '@punchclock/shared/contracts/reports';
import {
  kioskUnreadablePinMessage,
  kioskWrongCredentialsMessage,
  thisKioskResponseSchema,
} from '@punchclock/shared/contracts/kiosk';
import { kioskPinFailures, timeEvents } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { readNotificationRows } from '../../test/notifications.ts';
import {
  createKioskPerson,
  enrolTestKiosk,
  sealForKiosk as seal,
  TEST_KIOSK_PIN,
} from '../../test/kiosk.ts';

describeEachDatabase('punches captured at an offline kiosk', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  async function newDevice() {
    const admin = await createTestUser(db(), { role: 'admin' });
    const device = await enrolTestKiosk(db(), admin.id);
    const response = await app.inject({
      method: 'GET',
      url: '/api/kiosk/device',
      headers: { cookie: device.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { ...device, sealingKey: thisKioskResponseSchema.parse(response.json()).sealingKey };
  }

  const send = (cookie: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/kiosk/offline-punch',
      headers: { [CSRF_HEADER]: '1', cookie },
      payload: body,
    });

  const punchesOf = (userId: string) =>
    db()
      .select({
        id: timeEvents.id,
        occurredAt: timeEvents.occurredAt,
        source: timeEvents.source,
        deviceId: timeEvents.kioskDeviceId,
      })
      .from(timeEvents)
      .where(eq(timeEvents.userId, userId));

  it('records the punch at its capture time, once, as the person whose PIN was sealed', async () => {
    const device = await newDevice();
    // The device's key stays the same from one read to the next.
    expect((await newDeviceKeyAgain(device.cookie)).sealingKey).toBe(device.sealingKey);
    const person = await createKioskPerson(db());
    const id = randomUUID();
    const capturedOfflineAt = new Date(Date.now() - 3 * 60_000).toISOString();
    const body = {
      id,
      eventType: 'clock_in',
      capturedOfflineAt,
      employeeNumber: person.employeeNumber,
      sealedPin: seal(device.sealingKey, { pin: TEST_KIOSK_PIN, id }),
    };
    const first = await send(device.cookie, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ isReplay: false, event: { source: 'kiosk' } });
    const again = await send(device.cookie, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ isReplay: true });

    // The adherence report's day shows where the punch was made.
    const admin = await createTestUser(db(), { role: 'admin' });
    const adminCookie = await signInAs(app, admin.email, admin.password);
    const { shiftDate } = (first.json() as { event: { shiftDate: string } }).event;
    const day = await app.inject({
      method: 'GET',
      url: `/api/reports/day?userId=${person.id}&date=${shiftDate}`,
      headers: { cookie: adminCookie },
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(dayDetailSchema.parse(day.json()).events).toEqual([
      expect.objectContaining({ eventType: 'clock_in', origin: `kiosk: ${device.name}` }),
    ]);

    const rows = await punchesOf(person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, source: 'kiosk', deviceId: device.id });
    expect(rows[0]?.occurredAt.toISOString()).toBe(capturedOfflineAt);
  });

  it('refuses a wrong PIN (counted like any), a PIN sealed for another punch or another kiosk', async () => {
    const device = await newDevice();
    const other = await newDevice();
    const person = await createKioskPerson(db());
    const capturedOfflineAt = new Date(Date.now() - 60_000).toISOString();
    const attempt = (sealedFor: { sealingKey: string }, content: { pin: string; id: string }) =>
      send(device.cookie, {
        id: content.id,
        eventType: 'clock_in',
        capturedOfflineAt,
        employeeNumber: person.employeeNumber,
        sealedPin: seal(sealedFor.sealingKey, content),
      });

    const wrong = await attempt(device, { pin: '9157', id: randomUUID() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: kioskWrongCredentialsMessage() });
    const [afterWrong] = await db()
      .select({ failures: kioskPinFailures.failures })
      .from(kioskPinFailures)
      .where(eq(kioskPinFailures.deviceId, device.id));
    expect(afterWrong?.failures).toBe(1);

    // Sealed for one punch, sent with another's id.
    const id = randomUUID();
    const swapped = await send(device.cookie, {
      id,
      eventType: 'clock_in',
      capturedOfflineAt,
      employeeNumber: person.employeeNumber,
      sealedPin: seal(device.sealingKey, { pin: TEST_KIOSK_PIN, id: randomUUID() }),
    });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toMatchObject({ message: kioskUnreadablePinMessage() });
    // Sealed by another kiosk.
    const foreign = await attempt(other, { pin: TEST_KIOSK_PIN, id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: kioskUnreadablePinMessage() });
    // Not base64 of anything sealed.
    const garbage = await send(device.cookie, {
      id,
      eventType: 'clock_in',
      capturedOfflineAt,
      employeeNumber: person.employeeNumber,
      sealedPin: 'AAAA',
    });
    expect(garbage.statusCode).toBe(400);

    expect(await punchesOf(person.id)).toEqual([]);
  });

  it('tells admins, and the person when known, of a punch refused for good; once, however often it is sent', async () => {
    const device = await newDevice();
    const person = await createKioskPerson(db());
    const admin = await createTestUser(db(), { role: 'admin' });
    const capturedOfflineAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const when = String.raw`on \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M`;
    // Clock Out while not clocked in: the state machine refuses it.
    const id = randomUUID();
    const body = {
      id,
      eventType: 'clock_out',
      capturedOfflineAt,
      employeeNumber: person.employeeNumber,
      sealedPin: seal(device.sealingKey, { pin: TEST_KIOSK_PIN, id }),
    };
    const first = await send(device.cookie, body);
    expect(first.statusCode).toBe(409);
    expect((await send(device.cookie, body)).statusCode).toBe(409);

    const told = (await readNotificationRows(db(), [person.id, admin.id])).filter((row) =>
      row.occasionKey?.endsWith(id),
    );
    expect(told).toHaveLength(2);
    const reason = (first.json() as { message: string }).message;
    const message = expect.stringMatching(
      new RegExp(
        `^The punch “Clocked Out” made offline at ${device.name} ${when} could not be recorded: ${reason}$`,
      ),
    );
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: person.id, type: 'warning', message }),
        expect.objectContaining({ userId: admin.id, subjectUserId: person.id, message }),
      ]),
    );

    // A wrong PIN: nobody is identified, so only admins hear of it, with the number typed.
    const wrongId = randomUUID();
    const wrong = await send(device.cookie, {
      ...body,
      id: wrongId,
      eventType: 'clock_in',
      sealedPin: seal(device.sealingKey, { pin: '9157', id: wrongId }),
    });
    expect(wrong.statusCode).toBe(400);
    const toldOfWrong = (await readNotificationRows(db(), [person.id, admin.id])).filter((row) =>
      row.occasionKey?.endsWith(wrongId),
    );
    expect(toldOfWrong).toEqual([
      expect.objectContaining({
        userId: admin.id,
        subjectUserId: null,
        message: expect.stringMatching(
          new RegExp(
            `^The punch “Clocked In” made offline at ${device.name} ${when} for employee number ${person.employeeNumber} could not be recorded: ${kioskWrongCredentialsMessage()}`,
          ),
        ),
      }),
    ]);
    expect(await punchesOf(person.id)).toEqual([]);
  });

  it('refuses a punch from a device that is not enrolled', async () => {
    const person = await createKioskPerson(db());
    const device = await newDevice();
    const id = randomUUID();
    const response = await send('punchclock_kiosk=not-a-device', {
      id,
      eventType: 'clock_in',
      capturedOfflineAt: new Date().toISOString(),
      employeeNumber: person.employeeNumber,
      sealedPin: seal(device.sealingKey, { pin: TEST_KIOSK_PIN, id }),
    });
    expect(response.statusCode).toBe(401);
    expect(await punchesOf(person.id)).toEqual([]);
  });

  async function newDeviceKeyAgain(cookie: string) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/kiosk/device',
      headers: { cookie },
    });
    return thisKioskResponseSchema.parse(response.json());
  }
});
