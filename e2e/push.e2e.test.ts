import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pushPayloadSchema } from '@punchclock/shared/contracts/push';
import {
  baseUrl,
  jobRuns,
  launchBrowser,
  newPage,
  postPunchesCapturedEarlier,
  signInAndWait,
} from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

// web-push's own decoder (RFC 8188), to open what the push service received as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (body: Buffer, params: Record<string, unknown>) => Buffer;
};

interface Received {
  path: string;
  authorization: string;
  body: Buffer;
}

let browser: Browser;
let pushService: Server;
const received: Received[] = [];

/*
 * Headless Chromium cannot reach a real push service (no network here), so this test plays the
 * push service: the server is told to allow it (global-setup, PUSH_SERVICE_HOSTS) and the page's
 * PushManager hands out a subscription pointing at it. The rest is real: the permission, the
 * service worker, the server's rules job, VAPID and the encryption, and the delivery of the push
 * into the service worker (through DevTools, as its "Push" button does).
 */
beforeAll(async () => {
  browser = await launchBrowser();
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        body: Buffer.concat(chunks),
      });
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) =>
    pushService.listen(inject('pushServicePort'), '127.0.0.1', resolve),
  );
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

describe('push reminders (#17)', () => {
  it('a device turned on in Account settings gets a break-over-limit reminder once, shown by the service worker', async () => {
    const { context, page } = await newPage(browser, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications']);
    // What the browser would keep for its subscription: a P-256 key pair and an auth secret.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${randomUUID()}`;
    await context.addInitScript(
      (subscription) => {
        let current: PushSubscription | null = null;
        const made = {
          endpoint: subscription.endpoint,
          expirationTime: null,
          toJSON: () => ({
            endpoint: subscription.endpoint,
            expirationTime: null,
            keys: subscription.keys,
          }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        PushManager.prototype.subscribe = async () => (current = made);
        PushManager.prototype.getSubscription = async () => current;
      },
      {
        endpoint: `http://127.0.0.1:${inject('pushServicePort')}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      },
    );

    await signInAndWait(page, SEED_USERS.pushed);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    const dialog = page.getByRole('dialog');
    // What the page warns of (a service worker that did not register) explains a failure here.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await dialog.getByRole('button', { name: 'Turn on reminders' }).click();
    await page
      .getByText('Reminders are on for this device')
      .waitFor()
      .catch((error: unknown) => {
        throw new Error(`reminders did not turn on; the page warned: ${warnings.join(' | ')}`, {
          cause: error,
        });
      });
    await dialog.getByRole('button', { name: 'Turn off reminders' }).waitFor();
    await page.keyboard.press('Escape');

    // In at -40 min, on break since -20 min: over the 15-minute limit. The rules job (every 2 s
    // in these tests) raises it, and the server pushes it to this device.
    await postPunchesCapturedEarlier(page, [
      ['clock_in', 40],
      ['break', 20],
    ]);
    const mine = () => received.filter((push) => push.path === path);
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1);
    const [push] = mine();
    expect(push?.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const text = ece
      .decrypt(push?.body ?? Buffer.alloc(0), {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      })
      .toString('utf8');
    const payload = pushPayloadSchema.parse(JSON.parse(text));
    expect(payload.title).toBe('Break over limit');

    // The service worker shows what the push service would hand the browser.
    const devtools = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      }),
    );
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId: await registrationId,
      data: text,
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const notifications = await registration.getNotifications();
        return notifications.map(({ title, body }) => ({ title, body }));
      });
    await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body }]);

    // Raised once, pushed once: the rules job keeps running and finds nothing new to send. Two
    // more whole runs (a run pushes what it raised before it ends) would have sent it again.
    const runsSoFar = await jobRuns('notification-rules');
    await expect
      .poll(() => jobRuns('notification-rules'), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(runsSoFar + 2);
    expect(mine()).toHaveLength(1);
    await context.close();
  });
});
