import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('time off settings (admin)', () => {
  it('shows the ESA vacation minimum, refuses an allowance below it and saves one above', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/time-off-settings');
    await page.getByRole('heading', { name: 'Time Off Settings' }).waitFor();
    const row = page.getByTestId('allowance-row').filter({ hasText: SEED_USERS.keyboard.name });
    // Nobody set an allowance: Vacation is the statutory 10 days (an account made this year
    // gets the pro-rated stub, which is less).
    await expect.poll(() => row.textContent()).toMatch(/\d+(\.\d+)? days? \(ESA minimum\)/);

    await row
      .getByRole('button', { name: `Set allowance for ${SEED_USERS.keyboard.name}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type of time off').selectOption({ label: 'Vacation' });
    await dialog.getByLabel('Working days').fill('0');
    await dialog.getByRole('button', { name: 'Save allowance' }).click();
    await expect
      .poll(() =>
        dialog.getByText(/cannot be less than the Employment Standards Act minimum/).count(),
      )
      .toBe(1);

    await dialog.getByLabel('Working days').fill('25');
    await dialog.getByRole('button', { name: 'Save allowance' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => row.textContent()).toContain('25 days (own)');
    await saveScreenshot(page, 'time-off-settings-desktop');
    await context.close();
  });
});
