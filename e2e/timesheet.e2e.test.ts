import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  saveScreenshot,
  sidewaysOverflow,
  signInAndWait,
} from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PERIOD = /^[A-Z][a-z]{2} \d{1,2}(, \d{4})? – [A-Z][a-z]{2} \d{1,2}, \d{4}$/;

describe('pay period timesheet', () => {
  it('shows the period with its Worked total, and the period buttons move the dates', async () => {
    const { context, page } = await newPage(browser, { theme: 'dark' });
    await signInAndWait(page, SEED_USERS.reporter);
    await page.goto('/attendance-history');
    const card = page.getByTestId('timesheet-card');
    await card.getByRole('heading', { name: 'My timesheet' }).waitFor();
    const period = card.getByTestId('timesheet-period');
    const worked = card
      .locator('dt', { hasText: /^Worked$/ })
      .locator('xpath=following-sibling::dd');
    const current = () => period.textContent();
    await expect.poll(current).toMatch(PERIOD);
    const today = await current();
    // Today's period may have just begun; the previous one is inside the seeded history.
    await card.getByRole('button', { name: 'Previous pay period' }).click();
    await expect.poll(current).not.toBe(today);
    expect(await current()).toMatch(PERIOD);
    await expect.poll(() => worked.textContent()).toMatch(/^(\d+h)?( ?\d+m)?$/);
    expect(await worked.textContent()).not.toBe('0m');
    expect(await card.getByTestId('timesheet-day').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'timesheet-desktop-dark');

    await card.getByRole('button', { name: 'Next pay period' }).click();
    await expect.poll(current).toBe(today);
    await card.getByRole('button', { name: 'Next pay period' }).click();
    await expect.poll(current).not.toBe(today);
    expect(await current()).toMatch(PERIOD);
    await context.close();
  });

  it('reads at phone width in dark', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, theme: 'dark' });
    await signInAndWait(page, SEED_USERS.reporter);
    await page.goto('/attendance-history');
    const card = page.getByTestId('timesheet-card');
    await card.getByRole('button', { name: 'Previous pay period' }).click();
    await expect.poll(() => card.getByTestId('timesheet-day').count()).toBeGreaterThan(0);
    // No sideways scrolling on a phone.
    expect(await sidewaysOverflow(page)).toBe(0);
    await saveScreenshot(page, 'timesheet-phone-dark');
    await context.close();
  });
});
