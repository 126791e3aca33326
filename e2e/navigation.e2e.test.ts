import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { E2E_PASSWORD, SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('quick search (#33 part 6)', () => {
  it('an employee presses Ctrl-K, types "timesheet", presses Enter and lands on their timesheet', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    // The signed-in layout loads after the address changes: its shortcut listens from then on.
    await page.getByTestId('quick-search-button').waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to a screen' });
    await palette.waitFor();
    await page.getByRole('combobox').fill('timesheet');
    // The managers' Timesheets screen is not the employee's to open: not offered.
    await expect
      .poll(() => palette.getByRole('option').allTextContents())
      .toEqual(['My Timesheet']);
    await saveScreenshot(page, 'quick-search-timesheet');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-timesheet');
    await page.getByRole('heading', { name: 'My Timesheet', level: 1 }).waitFor();
    await page.getByTestId('timesheet-card').waitFor();
    expect(await palette.count()).toBe(0);

    // Other words find it too ("pay period", "hours").
    await page.getByRole('button', { name: /Search…/ }).click();
    await page.getByRole('combobox').fill('pay period');
    await palette.getByRole('option', { name: 'My Timesheet' }).waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('an admin finds User Management by "users" or "people" or "staff"', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.getByTestId('quick-search-button').waitFor();
    for (const word of ['users', 'people', 'staff']) {
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill(word);
      const palette = page.getByRole('dialog', { name: 'Go to a screen' });
      await expect
        .poll(async () => (await palette.getByRole('option').allTextContents())[0])
        .toBe('User Management');
      await page.keyboard.press('Escape');
    }
    // Settings reached only from the Admin screen are found too.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('sso');
    await page.getByRole('option', { name: 'Single Sign-On' }).waitFor();
    await page.getByRole('combobox').fill('people');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/users');
    await context.close();
  });

  it('finds screens by their French words for a French reader', async () => {
    const { context, page } = await newPage(browser, { locale: 'fr-CA' });
    await page.goto('/auth');
    await page.getByLabel('Courriel').fill(SEED_USERS.employee.email);
    await page.getByLabel('Mot de passe').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('quick-search-button').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Aller à un écran' }).waitFor();
    // Their own words, and the English ones still.
    await page.getByRole('combobox').fill('timesheet');
    await page.getByRole('option', { name: 'Ma feuille de temps' }).waitFor();
    await page.getByRole('combobox').fill('periode de paie');
    await page.getByRole('option', { name: 'Ma feuille de temps' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-timesheet');
    await context.close();
  });
});
