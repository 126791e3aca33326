import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRequestsInFlight,
  launchBrowser,
  liveStreamOpen,
  newPage,
  saveScreenshot,
  signInAndWait,
} from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

/*
 * #17 point 2, the installable app: a manifest, and a service worker that precaches the app so
 * /dashboard opens with no network; punches queued offline survive reloads and sync once.
 */

/** The service worker as the test server serves it (the built app). */
const SERVICE_WORKER_FILE = path.resolve(import.meta.dirname, '../apps/web/dist/sw.js');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the service worker has installed (precache filled) and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
}

describe('the installable, offline app (#17)', () => {
  it('offers a manifest with icons in both sizes and the app’s colours', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Punchclock', start_url: '/dashboard' });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as unknown as { src: string }[]) {
      expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
    }
    // The browser bar follows the theme: one colour for light, one for dark.
    const themeColours = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('media')));
    expect(themeColours.sort()).toEqual([
      '(prefers-color-scheme: dark)',
      '(prefers-color-scheme: light)',
    ]);
    await context.close();
  });

  it('opens /dashboard with no network, and a punch made offline syncs once after a reload', async () => {
    const { context, page } = await newPage(browser, { serviceWorkers: 'allow' });
    await signInAndWait(page, SEED_USERS.offline);
    await page.getByRole('button', { name: 'Clock In' }).waitFor();
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    // The app itself comes from the service worker; the person and today from the device.
    await page.getByRole('button', { name: 'Clock In' }).waitFor();
    await page.getByText('No internet connection. Some features may be unavailable.').waitFor();
    // The API is never answered from a cache: offline, it fails.
    const apiOffline = await page.evaluate(() =>
      fetch('/api/time-events/today').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(apiOffline).toBe('failed');

    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Saved on this device. It will sync when you are back online.').waitFor();
    await expect.poll(() => page.getByText('Pending sync').count()).toBe(1);
    await saveScreenshot(page, 'offline-app-pending');

    // A reload while still offline: the queued punch is still there, still unsent.
    await page.reload();
    await page.getByText('Pending sync').waitFor();
    expect(await page.getByText('Pending sync').count()).toBe(1);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => page.getByText('Pending sync').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('current-status').textContent()).toBe('Working');

    // Another reload (and its sync attempt) must not send it again. The attempt starts on load,
    // from the device's queue, before the live stream is open; wait for it to be answered.
    const inFlight = apiRequestsInFlight(page);
    await page.reload();
    await page.getByTestId('current-status').waitFor();
    await liveStreamOpen(page);
    await expect.poll(inFlight).toBe(0);
    const today = await page.request.get('/api/time-events/today');
    const body = (await today.json()) as { events: { eventType: string; source: string }[] };
    expect(body.events.map((event) => [event.eventType, event.source])).toEqual([
      ['clock_in', 'offline_sync'],
    ]);
    await context.close();
  });

  it('tells of a new version and waits for “Reload” instead of mixing old and new code', async () => {
    const { context, page } = await newPage(browser, { serviceWorkers: 'allow' });
    await signInAndWait(page, SEED_USERS.offline);
    await controlledByServiceWorker(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // A new deployment: the service worker the server hands out changes.
    const original = readFileSync(SERVICE_WORKER_FILE, 'utf8');
    writeFileSync(SERVICE_WORKER_FILE, `${original}\n// the next version\n`);
    try {
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      await page.getByText('Update available').first().waitFor({ timeout: 30_000 });
    } finally {
      writeFileSync(SERVICE_WORKER_FILE, original);
    }
    const reload = page.getByRole('button', { name: 'Reload' });
    // Until the person chooses, the old version keeps the page.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      firstWorker,
    );
    await saveScreenshot(page, 'update-available');
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await page
      .getByRole('button', { name: 'Clock In' })
      .or(page.getByText('Working'))
      .first()
      .waitFor();
    // The new version took over: nothing is left waiting, and it controls the page.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return [registration?.waiting ?? null, navigator.serviceWorker.controller?.state];
        }),
      )
      .toEqual([null, 'activated']);
    await context.close();
  });
});
