import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  postPunchesCapturedEarlier,
  saveScreenshot,
  signInAndWait,
} from './support/browser.ts';
import { SEED_USERS, SEEDED_NOTIFICATION_COUNT } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('notifications', () => {
  it('shows 9+ for 12 unread, marks one read on click and all with "Mark all read"', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.notified);
    const badge = page.getByTestId('notification-badge');
    await expect.poll(() => badge.textContent()).toBe('9+');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const items = page.getByRole('menu').getByTestId('notification-item');
    await expect.poll(() => items.count()).toBe(10);
    // Newest first.
    expect(await items.first().textContent()).toContain(`Notice ${SEEDED_NOTIFICATION_COUNT}`);
    await saveScreenshot(page, 'notifications-bell');

    await items.first().click();
    // The open menu hides the rest of the page from the accessibility tree; read the trigger directly.
    await expect
      .poll(() => page.locator('button[aria-label^="Notifications"]').getAttribute('aria-label'))
      .toBe(`Notifications, ${SEEDED_NOTIFICATION_COUNT - 1} unread`);

    await page.getByRole('menuitem', { name: 'View all' }).click();
    const all = page.getByRole('dialog').getByTestId('notification-item');
    await expect.poll(() => all.count()).toBe(SEEDED_NOTIFICATION_COUNT);
    await page.getByRole('dialog').getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Nothing unread.').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => badge.count()).toBe(0);
    await context.close();
  });

  it('raises an over-break notification live, with a toast, and shows it on the admin board', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/break-monitoring');
    await admin.page.getByRole('heading', { name: 'Break Monitoring' }).waitFor();

    const { context, page } = await newPage(browser);
    // Only notifications that arrive after the bell's first read raise a toast: punch once the
    // bell has read (on a loaded machine the rules job could otherwise beat the first read).
    const bellRead = page.waitForResponse((response) =>
      response.url().includes('/api/notifications?'),
    );
    await signInAndWait(page, SEED_USERS.breaker);
    await bellRead;
    // Punches captured on a device earlier: in at -40 min, on break since -20 min (limit 15).
    await postPunchesCapturedEarlier(page, [
      ['clock_in', 40],
      ['break', 20],
    ]);

    // The rules job (every 2 s here) raises it; the bell and a toast show it without a reload.
    await expect
      .poll(() => page.getByText('Break over limit').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('notification-badge').textContent()).toBe('1');
    await saveScreenshot(page, 'overbreak-toast');

    const row = admin.page.getByTestId('paused-row').filter({ hasText: SEED_USERS.breaker.name });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.textContent()).toMatch(/[5-6] min/);
    await saveScreenshot(admin.page, 'break-monitoring');
    // Admins get a copy naming the person.
    await expect
      .poll(() => admin.page.getByTestId('notification-badge').count(), { timeout: 10_000 })
      .toBe(1);
    await admin.page.getByRole('button', { name: /^Notifications/ }).click();
    await expect
      .poll(() => admin.page.getByText(`${SEED_USERS.breaker.name} is over their break`).count())
      .toBeGreaterThan(0);
    await context.close();
    await admin.context.close();
  });
});
