import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  webhookDeliveriesResponseSchema,
  webhookEndpointsResponseSchema,
  webhookSecretResponseSchema,
  type WebhookEndpointInput,
} from '@punchclock/shared/contracts/webhooks';
import { testConfig } from '../../test/config.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { createTimeOff, decide, timeOffTypeId } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { JobRunner } from '../../platform/job-runner.ts';
import { deliverDueWebhooks, pruneDeliveryLog, scheduleWebhookDeliveries } from './dispatch.ts';

/** Retries at once, so a test can drive attempts by running the job. */
const FAST = { ...testConfig().webhooks, retryBaseSeconds: 0, timeoutMs: 2_000 };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
  /** When it arrived (performance.now()). */
  at: number;
}

/** A receiver on this machine that answers with the statuses it is given, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const planned: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = planned.shift() ?? 200;
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        answered,
        at: performance.now(),
      });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerNext: (...statuses: number[]) => planned.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A receiver that takes each request and never answers; it notes when the sender gives up. */
async function startSilentReceiver() {
  const requestsAt: number[] = [];
  const givenUpAt: number[] = [];
  const server: Server = createServer(() => requestsAt.push(performance.now()));
  server.on('connection', (socket) => socket.on('close', () => givenUpAt.push(performance.now())));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requestsAt,
    givenUpAt,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const headersOf = (entry: Received) => ({
  'webhook-id': String(entry.headers['webhook-id']),
  'webhook-timestamp': String(entry.headers['webhook-timestamp']),
  'webhook-signature': String(entry.headers['webhook-signature']),
});

describeEachDatabase('webhooks (#18 point 3)', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let adminCookie: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database, { webhooks: FAST });
    const admin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  async function register(input: Partial<WebhookEndpointInput> = {}) {
    const response = await callApi(app, adminCookie, 'POST', '/api/webhooks', {
      url: receiver.url,
      eventTypes: ['punch.recorded'],
      allowPrivateNetwork: true,
      ...input,
    });
    expect(response.statusCode, response.body).toBe(201);
    return webhookSecretResponseSchema.parse(response.json());
  }

  async function clockIn(appToUse = app) {
    const person = await createTestUser(db());
    const cookie = await signInAs(appToUse, person.email, person.password);
    const punch = await callApi(appToUse, cookie, 'POST', '/api/time-events', {
      id: randomUUID(),
      eventType: 'clock_in',
    });
    expect(punch.statusCode).toBe(201);
    return person;
  }

  /** Runs the delivery job until nothing is due (each run is one attempt per due delivery). */
  async function deliverAll(runs = 1) {
    let sent = 0;
    for (let run = 0; run < runs; run++) sent += await deliverDueWebhooks(db(), FAST);
    return sent;
  }

  // Each test registers its own endpoint; none may receive the next test's events.
  afterEach(async () => {
    await db().delete(webhookEndpoints);
    receiver.received.length = 0;
  });

  it('delivers punch.recorded once, signed, through two 500s and a restart of the server', async () => {
    const { endpoint, secret } = await register();
    receiver.received.length = 0;
    receiver.answerNext(500, 500);
    const person = await clockIn();

    expect(await deliverAll()).toBe(1);
    expect(receiver.received.map((entry) => entry.answered)).toEqual([500]);

    // The server restarts between attempts: what is owed is in the database, not in memory.
    await app.close();
    app = await buildTestApp(getDatabase().database, { webhooks: FAST });
    expect(await deliverAll()).toBe(1);
    expect(await deliverAll()).toBe(1);
    expect(await deliverAll(3)).toBe(0);

    expect(receiver.received.map((entry) => entry.answered)).toEqual([500, 500, 200]);
    const ids = new Set(receiver.received.map((entry) => entry.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const accepted = receiver.received.filter((entry) => entry.answered === 200);
    expect(accepted).toHaveLength(1);
    const [delivered] = accepted;
    if (!delivered) throw new Error('nothing delivered');
    // The receiver checks the signature as the Standard Webhooks libraries do.
    const payload = new Webhook(secret).verify(delivered.body, headersOf(delivered));
    expect(payload).toMatchObject({
      type: 'punch.recorded',
      data: { userId: person.id, eventType: 'clock_in', source: 'web', object: 'time_event' },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret!!').toString('base64')}`).verify(
        delivered.body,
        headersOf(delivered),
      ),
    ).toThrow();

    const log = webhookDeliveriesResponseSchema.parse(
      (await callApi(app, adminCookie, 'GET', `/api/webhooks/${endpoint.id}/deliveries`)).json(),
    );
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastResponseStatus: 200,
      messageId: delivered.headers['webhook-id'],
    });
  });

  it("counts an endpoint's pending and failed deliveries in the endpoint list", async () => {
    const { endpoint } = await register();
    const other = await register();
    for (let person = 0; person < 3; person++) await clockIn();
    // One of this endpoint's deliveries gave up; the other endpoint keeps its three pending.
    const [gaveUp] = await db()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    await db()
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(eq(webhookDeliveries.id, gaveUp?.id ?? ''));
    const listed = webhookEndpointsResponseSchema.parse(
      (await callApi(app, adminCookie, 'GET', '/api/webhooks')).json(),
    ).endpoints;
    const counts = (id: string) => {
      const found = listed.find((entry) => entry.id === id);
      return { pending: found?.pendingCount, failed: found?.failedCount };
    };
    expect(counts(endpoint.id)).toEqual({ pending: 2, failed: 1 });
    expect(counts(other.endpoint.id)).toEqual({ pending: 3, failed: 0 });
  });

  it('two instances polling at once send each delivery once', async () => {
    await register();
    for (let person = 0; person < 5; person++) await clockIn();
    const [first, second] = await Promise.all([deliverAll(), deliverAll()]);
    expect((first ?? 0) + (second ?? 0)).toBe(5);
    expect(await deliverAll()).toBe(0);
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((entry) => entry.headers['webhook-id'])).size).toBe(5);
  });

  it('sends only the subscribed events, and nothing to a paused endpoint', async () => {
    const { endpoint } = await register({ eventTypes: ['user.created', 'user.suspended'] });
    receiver.received.length = 0;
    await clockIn();
    const added = await callApi(app, adminCookie, 'POST', '/api/users', {
      name: 'Nia New',
      email: `nia-${randomUUID()}@example.com`,
      role: 'employee',
      password: 'Correct-horse-7',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { user } = added.json() as { user: { id: string } };
    await callApi(app, adminCookie, 'POST', `/api/users/${user.id}/suspend`);
    await deliverAll();
    // The person who clocked in was added too (user.created); their punch is not sent.
    const types = () =>
      receiver.received.map((entry) => (JSON.parse(entry.body) as { type: string }).type).sort();
    expect(types()).toEqual(['user.created', 'user.created', 'user.suspended']);

    const paused = await callApi(app, adminCookie, 'PUT', `/api/webhooks/${endpoint.id}`, {
      url: receiver.url,
      eventTypes: ['user.created'],
      allowPrivateNetwork: true,
      enabled: false,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await callApi(app, adminCookie, 'POST', '/api/users', {
      name: 'Noa Newer',
      email: `noa-${randomUUID()}@example.com`,
      role: 'employee',
      password: 'Correct-horse-7',
    });
    expect(await deliverAll()).toBe(0);
    expect(receiver.received).toHaveLength(3);
  });

  it('gives up after its retry window, and a resend delivers it with the same webhook-id', async () => {
    const { endpoint } = await register();
    receiver.received.length = 0;
    receiver.answerNext(503);
    await clockIn();
    await db()
      .update(webhookDeliveries)
      .set({ retryUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    await deliverAll();
    const failed = webhookDeliveriesResponseSchema.parse(
      (
        await callApi(
          app,
          adminCookie,
          'GET',
          `/api/webhooks/${endpoint.id}/deliveries?status=failed`,
        )
      ).json(),
    ).deliveries;
    expect(failed).toEqual([
      expect.objectContaining({ status: 'failed', lastResponseStatus: 503, attempts: 1 }),
    ]);
    expect(await deliverAll()).toBe(0);

    const delivery = failed[0];
    if (!delivery) throw new Error('no failed delivery');
    const resend = await callApi(
      app,
      adminCookie,
      'POST',
      `/api/webhooks/deliveries/${delivery.id}/resend`,
    );
    expect(resend.statusCode).toBe(204);
    expect(await deliverAll()).toBe(1);
    expect(receiver.received.map((entry) => entry.headers['webhook-id'])).toEqual([
      delivery.messageId,
      delivery.messageId,
    ]);
  });

  it('after a rotation both secrets sign for a day, so either verifies', async () => {
    const { endpoint, secret: oldSecret } = await register();
    const rotated = webhookSecretResponseSchema.parse(
      (
        await callApi(app, adminCookie, 'POST', `/api/webhooks/${endpoint.id}/rotate-secret`)
      ).json(),
    );
    expect(rotated.secret).not.toBe(oldSecret);
    receiver.received.length = 0;
    await clockIn();
    await deliverAll();
    const [entry] = receiver.received;
    if (!entry) throw new Error('nothing delivered');
    expect(String(entry.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.secret).verify(entry.body, headersOf(entry))).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(entry.body, headersOf(entry))).not.toThrow();
  });

  it('a punch is answered at once even when the receiver is down', async () => {
    const { endpoint } = await register({ url: 'http://127.0.0.1:9/unreachable' });
    const deliveries = async () =>
      webhookDeliveriesResponseSchema.parse(
        (await callApi(app, adminCookie, 'GET', `/api/webhooks/${endpoint.id}/deliveries`)).json(),
      ).deliveries;
    // clockIn checks the punch's 201; by then the delivery is only queued, never tried: the
    // answer did not wait on the receiver.
    await clockIn();
    expect(await deliveries()).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0, lastError: null }),
    ]);
    await deliverAll();
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'pending', lastResponseStatus: null });
    expect(delivery?.lastError).toMatch(/ECONNREFUSED/);
  });

  it("an endpoint that never answers does not hold back another endpoint's deliveries", async () => {
    const silent = await startSilentReceiver();
    await register({ url: silent.url });
    await register();
    receiver.received.length = 0;
    // Delivered as the app does it: the job polls on a timer, never overlapping itself.
    const config = { ...FAST, timeoutMs: 3_000, pollIntervalMs: 50 };
    const jobs = new JobRunner(app.log);
    const dispatcher = scheduleWebhookDeliveries(jobs, db(), config);
    try {
      await clockIn();
      await vi.waitFor(
        () => expect(silent.requestsAt.length * receiver.received.length).toBeGreaterThan(0),
        { timeout: 2_000, interval: 20 },
      );
      // The silent endpoint now holds a send until its deadline; five more punches come in.
      for (let person = 0; person < 5; person++) await clockIn();
      await vi.waitFor(() => expect(receiver.received).toHaveLength(6), {
        timeout: 10_000,
        interval: 20,
      });
      const firstGiveUp = Math.min(...silent.givenUpAt);
      const lastHealthy = Math.max(...receiver.received.map((entry) => entry.at));
      // Every healthy delivery is in before the silent endpoint's first deadline runs out.
      expect(lastHealthy).toBeLessThan(firstGiveUp);
      // Meanwhile the stuck endpoint's lane claimed nothing more: one deadline is all it costs.
      expect(silent.requestsAt.filter((at) => at < firstGiveUp)).toHaveLength(1);
    } finally {
      await silent.close();
      await jobs.stop();
      await dispatcher.stop();
    }
  });

  it('a receiver that never answers costs one deadline, and the attempt is retried', async () => {
    // It reads the request and then trickles nothing back: only a whole-attempt deadline ends it.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const { endpoint } = await register({ url: `http://127.0.0.1:${port}/hooks` });
    await clockIn();
    const started = Date.now();
    expect(await deliverAll()).toBe(1);
    expect(Date.now() - started).toBeLessThan(FAST.timeoutMs + 1_500);
    const [delivery] = webhookDeliveriesResponseSchema.parse(
      (await callApi(app, adminCookie, 'GET', `/api/webhooks/${endpoint.id}/deliveries`)).json(),
    ).deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery?.lastError).toBe('No answer within 2 s');
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('keeps settled deliveries 30 days in the log, and pending ones until they settle', async () => {
    const { endpoint } = await register();
    await clockIn();
    await clockIn();
    const [first, second] = await db()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await db()
      .update(webhookDeliveries)
      .set({ createdAt: longAgo, status: 'delivered' })
      .where(eq(webhookDeliveries.id, first?.id ?? ''));
    await db()
      .update(webhookDeliveries)
      .set({ createdAt: longAgo })
      .where(eq(webhookDeliveries.id, second?.id ?? ''));
    expect(await pruneDeliveryLog(db())).toBe(1);
    const left = await db()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left.map((row) => row.id)).toEqual([second?.id]);
  });

  describe('events about people and time off (#28 item 11)', () => {
    interface Sent {
      type: string;
      data: Record<string, unknown>;
    }
    /** Runs the job and returns what the receiver got, in order. */
    async function sentEvents(): Promise<Sent[]> {
      await deliverAll();
      return receiver.received.map((entry) => JSON.parse(entry.body) as Sent);
    }

    it('user.updated when a name, email or role changes (by an admin or the person), not a team', async () => {
      await register({ eventTypes: ['user.updated'] });
      const person = await createTestUser(db());
      const base = { name: 'Pat Person', email: person.email, role: 'employee', teamId: null };
      const edit = async (body: Record<string, unknown>) => {
        const response = await callApi(app, adminCookie, 'PUT', `/api/users/${person.id}`, {
          ...base,
          ...body,
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      await edit({});
      const newEmail = `pat-${randomUUID()}@example.com`;
      await edit({ email: newEmail });
      await edit({ email: newEmail, role: 'team_lead' });
      // A hire date is not news to a receiver: no event.
      await edit({ email: newEmail, role: 'team_lead', hireDate: '2026-01-05' });
      const own = await signInAs(app, newEmail, person.password);
      const renamed = await callApi(app, own, 'PUT', '/api/me/profile', { name: 'Pat Renamed' });
      expect(renamed.statusCode, renamed.body).toBe(200);

      const events = await sentEvents();
      expect(events.map((event) => [event.type, event.data.changed])).toEqual([
        ['user.updated', ['name']],
        ['user.updated', ['email']],
        ['user.updated', ['role']],
        ['user.updated', ['name']],
      ]);
      expect(events[2]?.data).toMatchObject({
        id: person.id,
        object: 'user',
        name: 'Pat Person',
        email: newEmail,
        role: 'team_lead',
      });
      expect(events[3]?.data).toMatchObject({ id: person.id, name: 'Pat Renamed' });
    });

    it('user.reinstated when a suspended person is reinstated', async () => {
      await register({ eventTypes: ['user.suspended', 'user.reinstated'] });
      const person = await createTestUser(db());
      for (const step of ['suspend', 'unsuspend']) {
        const response = await callApi(app, adminCookie, 'POST', `/api/users/${person.id}/${step}`);
        expect(response.statusCode, response.body).toBe(200);
      }
      const events = await sentEvents();
      expect(events.map((event) => event.type)).toEqual(['user.suspended', 'user.reinstated']);
      expect(events[1]?.data).toMatchObject({ id: person.id, object: 'user', isSuspended: false });
    });

    async function askForTimeOff() {
      const person = await createTestUser(db());
      const cookie = await signInAs(app, person.email, person.password);
      const typeId = await timeOffTypeId(db(), 'Unpaid');
      const request = await createTimeOff(app, cookie, {
        typeId,
        startDate: '2027-03-01',
        endDate: '2027-03-02',
      });
      return { person, cookie, typeId, request };
    }
    const timeOffFacts = (person: { id: string }, typeId: string) => ({
      userId: person.id,
      typeId,
      type: 'Unpaid',
      startDate: '2027-03-01',
      endDate: '2027-03-02',
      startTime: null,
      endTime: null,
      days: 2,
    });

    it('timeoff.requested and timeoff.cancelled (a pending request withdrawn) carry its dates and type', async () => {
      await register({ eventTypes: ['timeoff.requested', 'timeoff.cancelled'] });
      const { person, cookie, typeId, request } = await askForTimeOff();
      const cancelled = await callApi(app, cookie, 'POST', `/api/time-off/${request.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(204);
      const events = await sentEvents();
      expect(events).toEqual([
        {
          type: 'timeoff.requested',
          timestamp: expect.any(String),
          data: expect.objectContaining({ ...timeOffFacts(person, typeId), id: request.id }),
        },
        {
          type: 'timeoff.cancelled',
          timestamp: expect.any(String),
          data: expect.objectContaining({
            ...timeOffFacts(person, typeId),
            id: request.id,
            object: 'time_off_request',
            status: 'cancelled',
          }),
        },
      ]);
    });

    it('timeoff.decided carries the dates and the type', async () => {
      await register({ eventTypes: ['timeoff.decided'] });
      const { person, typeId, request } = await askForTimeOff();
      const [result] = await decide(
        app,
        adminCookie,
        [{ type: 'time_off', id: request.id }],
        'approve',
      );
      expect(result?.ok, result?.message ?? '').toBe(true);
      const events = await sentEvents();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'timeoff.decided',
        data: { ...timeOffFacts(person, typeId), id: request.id, status: 'approved' },
      });
    });
  });

  describe('no requests into the internal network (SSRF)', () => {
    it.each([
      ['http://127.0.0.1:8080/hook', 'Use an https:// address'],
      ['https://127.0.0.1/hook', 'private or reserved network'],
      ['https://10.1.2.3/hook', 'private or reserved network'],
      ['https://192.168.0.10/hook', 'private or reserved network'],
      ['https://169.254.169.254/latest/meta-data', 'cloud metadata service'],
      ['https://[::1]/hook', 'private or reserved network'],
      ['https://[::ffff:10.0.0.1]/hook', 'private or reserved network'],
      ['https://localhost/hook', 'private or reserved network'],
      ['https://user:pass@example.com/hook', 'no user name or password'],
    ])('refuses %s', async (url, message) => {
      const response = await callApi(app, adminCookie, 'POST', '/api/webhooks', {
        url,
        eventTypes: ['punch.recorded'],
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toContain(message);
    });

    it('an endpoint later pointed at a private address gets nothing sent', async () => {
      const { endpoint } = await register();
      await clockIn();
      // The address is checked again at every attempt: without the admin's permission, no send.
      await db()
        .update(webhookEndpoints)
        .set({ allowPrivateNetwork: false })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await deliverAll();
      expect(receiver.received).toEqual([]);
      const [delivery] = webhookDeliveriesResponseSchema.parse(
        (await callApi(app, adminCookie, 'GET', `/api/webhooks/${endpoint.id}/deliveries`)).json(),
      ).deliveries;
      expect(delivery?.lastError).toContain('https://');
    });
  });
});
