import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './support/axe.ts';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

describe('webhooks (#18 point 3)', () => {
  it('an admin adds an endpoint; a punch reaches it signed, through a 500; the log shows it; resend sends it again with the same id', async () => {
    const received: Received[] = [];
    const planned = [500];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answered = planned.shift() ?? 200;
        received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
          answered,
        });
        response.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;

    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/webhooks');
    const form = admin.page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint address').fill(`http://127.0.0.1:${port}/events`);
    await form.getByRole('checkbox', { name: /punch\.recorded/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    // An internal address is refused until the admin says it is meant to be internal.
    await form.getByText(/Use an https:\/\/ address/).waitFor();
    await form.getByRole('checkbox', { name: /Allow a private-network address/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await admin.page.getByLabel(/Signing secret for/).inputValue();
    expect(secret).toMatch(/^whsec_/);

    const person = await newPage(browser);
    await signInAndWait(person.page, SEED_USERS.hooked);
    await person.page.getByRole('button', { name: 'Clock In' }).click();
    await person.page.getByText('Current status: Working').waitFor();
    await person.context.close();

    // The job sends it (500), then retries 5 s later (200).
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received.map((entry) => entry.answered)).toEqual([500, 200]);
    const delivered = received[1];
    if (!delivered) throw new Error('nothing delivered');
    const headers = {
      'webhook-id': String(delivered.headers['webhook-id']),
      'webhook-timestamp': String(delivered.headers['webhook-timestamp']),
      'webhook-signature': String(delivered.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(delivered.body, headers)).toMatchObject({
      type: 'punch.recorded',
      data: { eventType: 'clock_in' },
    });
    expect(received[0]?.headers['webhook-id']).toBe(headers['webhook-id']);

    const endpoint = admin.page
      .getByTestId('webhook-endpoint')
      .filter({ hasText: `127.0.0.1:${port}` });
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const row = endpoint.getByTestId('webhook-delivery-row').first();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Delivered');
    expect(await row.textContent()).toContain('HTTP 200');
    await expectNoViolations(admin.page, 'webhooks page with its delivery log');
    await saveScreenshot(admin.page, 'webhooks');

    await row.getByRole('button', { name: /Resend/ }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
    expect(received[2]?.headers['webhook-id']).toBe(headers['webhook-id']);
    await admin.context.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
});
