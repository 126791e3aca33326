import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signInAndWait } from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('live updates stream', () => {
  it('reopens a refused stream after a pause instead of hammering or giving up', async () => {
    const { context, page } = await newPage(browser);
    let opened = 0;
    let isRefusing = true;
    // The server refuses a session's eleventh stream with 429 (LIVE_STREAMS_PER_SESSION).
    await page.route('**/api/live', (route) => {
      opened += 1;
      if (!isRefusing) return route.continue();
      return route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '30' },
        body: JSON.stringify({ message: 'Too many live connections', code: 'rate_limited' }),
      });
    });
    await page.clock.install();
    await signInAndWait(page, SEED_USERS.employee);
    await expect.poll(() => opened).toBe(1);

    // No retry storm: nothing more within ten seconds.
    await page.clock.runFor(10_000);
    expect(opened).toBe(1);

    // Once the pause is over it tries again, and a stream that opens stays open.
    isRefusing = false;
    await page.clock.fastForward(60_000);
    await expect.poll(() => opened).toBe(2);
    await page.clock.fastForward(120_000);
    expect(opened).toBe(2);
    await context.close();
  });
});
