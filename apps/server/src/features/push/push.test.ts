import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { pushKeyResponseSchema, pushPayloadSchema } from '@punchclock/shared/contracts/push';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { pushRaisedNotifications } from '../notifications/index.ts';

// web-push's own decoder (RFC 8188), to read what the test push service received as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: Record<string, unknown>) => Buffer;
};

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on localhost: it keeps what it is sent; paths ending in /gone answer 410. */
function startTestPushService(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = request.url?.endsWith('/gone') ? 410 : 201;
      response.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        received,
      });
    }),
  );
}

/** What a browser keeps for a subscription: its key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

describeEachDatabase('push reminders', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let service: Awaited<ReturnType<typeof startTestPushService>>;
  const settings = () => ({
    serviceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS, `127.0.0.1:${service.port}`],
    contact: 'mailto:ops@example.com',
  });

  beforeAll(async () => {
    service = await startTestPushService();
    app = await buildTestApp(getDatabase().database, { push: settings() });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => service.server.close(resolve));
  });

  const call = (
    cookie: string,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: { [CSRF_HEADER]: '1', cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('keeps one VAPID key for every instance and delivers a reminder a browser can read', async () => {
    const person = await createTestUser(db());
    const cookie = await signInAs(app, person.email, person.password);
    const key = pushKeyResponseSchema.parse((await call(cookie, 'GET', '/api/push/key')).json());
    // A second instance on the same database signs with the same key.
    const other = await buildTestApp(getDatabase().database, { push: settings() });
    const otherKey = await other.inject({
      method: 'GET',
      url: '/api/push/key',
      headers: { cookie },
    });
    expect(otherKey.json()).toEqual(key);
    await other.close();

    const browser = browserKeys();
    const endpoint = `http://127.0.0.1:${service.port}/send/${person.id}`;
    const saved = await call(cookie, 'PUT', '/api/push/subscription', {
      endpoint,
      keys: browser.keys,
    });
    expect(saved.statusCode, saved.body).toBe(204);

    // The rules raise a reminder; it is pushed once to the device.
    const [raised] = await insertDrafts(db(), [
      {
        userId: person.id,
        type: 'shift_reminder',
        occasionKey: `shift_reminder:${person.id}`,
        title: 'Shift starting soon',
        message: 'Your shift (Day) starts at 9:00 AM.',
        subjectUserId: person.id,
      },
    ]);
    const before = service.received.length;
    expect(await pushRaisedNotifications(db(), settings(), [raised?.id ?? ''])).toBe(1);
    const push = service.received.slice(before);
    expect(push).toHaveLength(1);
    expect(push[0]?.path).toBe(`/send/${person.id}`);
    expect(push[0]?.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${key.publicKey}$`));
    expect(push[0]?.headers['content-encoding']).toBe('aes128gcm');
    const payload = pushPayloadSchema.parse(
      JSON.parse(
        ece
          .decrypt(push[0]?.body ?? Buffer.alloc(0), {
            version: 'aes128gcm',
            privateKey: browser.ecdh,
            authSecret: browser.auth.toString('base64url'),
          })
          .toString('utf8'),
      ),
    );
    expect(payload).toEqual({
      title: 'Shift starting soon',
      body: 'Your shift (Day) starts at 9:00 AM.',
      url: '/dashboard',
    });

    // The same occasion is never raised twice, so never pushed twice.
    expect(
      await insertDrafts(db(), [
        {
          userId: person.id,
          type: 'shift_reminder',
          occasionKey: `shift_reminder:${person.id}`,
          title: 'Shift starting soon',
          message: 'again',
          subjectUserId: person.id,
        },
      ]),
    ).toEqual([]);

    // The test button reaches the device too; turning reminders off stops them.
    const test = await call(cookie, 'POST', '/api/push/test');
    expect(test.json()).toEqual({ sent: 1 });
    expect((await call(cookie, 'DELETE', '/api/push/subscription', { endpoint })).statusCode).toBe(
      204,
    );
    expect((await call(cookie, 'POST', '/api/push/test')).json()).toEqual({ sent: 0 });
  });

  it('removes a subscription the push service says has expired', async () => {
    const person = await createTestUser(db());
    const cookie = await signInAs(app, person.email, person.password);
    const endpoint = `http://127.0.0.1:${service.port}/send/${person.id}/gone`;
    await call(cookie, 'PUT', '/api/push/subscription', { endpoint, keys: browserKeys().keys });
    expect((await call(cookie, 'POST', '/api/push/test')).json()).toEqual({ sent: 0 });
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);
  });

  it('accepts only the browsers’ push services, never an address of the server’s choosing', async () => {
    const person = await createTestUser(db());
    const cookie = await signInAs(app, person.email, person.password);
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'http://127.0.0.1:1/x',
      'file:///etc/passwd',
    ]) {
      const refused = await call(cookie, 'PUT', '/api/push/subscription', {
        endpoint,
        keys: browserKeys().keys,
      });
      expect(refused.statusCode, endpoint).toBe(400);
    }
    const fcm = await call(cookie, 'PUT', '/api/push/subscription', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: browserKeys().keys,
    });
    expect(fcm.statusCode, fcm.body).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });
});
