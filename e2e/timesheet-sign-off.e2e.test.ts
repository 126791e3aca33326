import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { approveAndLockPeriod } from './support/pay-period.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/*
 * The reporter has 20 days of seeded history, so the previous pay period (over by today) has
 * hours to sign. The period is reopened at the end, so other browser tests find it open.
 */
describe('timesheet sign-off', () => {
  it('employee submits, an admin approves, then approves and locks the period', async () => {
    const employee = await newPage(browser);
    await signInAndWait(employee.page, SEED_USERS.reporter);
    await employee.page.goto('/attendance-history');
    const card = employee.page.getByTestId('timesheet-card');
    const period = card.getByTestId('timesheet-period');
    await expect.poll(() => period.textContent()).not.toBe('Loading…');
    const current = await period.textContent();
    await card.getByRole('button', { name: 'Previous pay period' }).click();
    await expect.poll(() => period.textContent()).not.toBe(current);
    const status = card.getByTestId('timesheet-sign-off-status');
    await expect.poll(() => status.textContent()).toBe('Not submitted');

    await card.getByRole('button', { name: 'Submit timesheet' }).click();
    const dialog = employee.page.getByRole('dialog', { name: 'Submit timesheet' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Confirm that these hours are complete and correct').waitFor();
    await dialog.getByLabel('I confirm these hours are complete and correct').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => status.textContent()).toBe('Submitted');
    await card.getByRole('button', { name: 'Withdraw' }).waitFor();

    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/timesheets');
    const adminPeriod = admin.page.getByTestId('timesheets-period');
    await expect.poll(() => adminPeriod.textContent()).toMatch(/–/);
    const adminCurrent = await adminPeriod.textContent();
    await admin.page.getByRole('button', { name: 'Previous pay period' }).click();
    await expect.poll(() => adminPeriod.textContent()).not.toBe(adminCurrent);
    const row = admin.page.getByTestId('timesheets-row').filter({ hasText: 'Ray Reporter' });
    await row.getByText('Submitted', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Approve timesheet of Ray Reporter' }).click();
    await row.getByText('Approved', { exact: true }).waitFor();

    await approveAndLockPeriod(admin.page);
    await saveScreenshot(admin.page, 'timesheets-locked-desktop');

    await employee.page.reload();
    await employee.page.getByTestId('timesheet-card').waitFor();
    await card.getByRole('button', { name: 'Previous pay period' }).click();
    await expect.poll(() => status.textContent()).toBe('Approved');
    await card.getByText('Locked', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Submit timesheet' }).count()).toBe(0);
    await saveScreenshot(employee.page, 'timesheet-sign-off-approved');

    await admin.page.getByRole('button', { name: 'Reopen period' }).click();
    await expect.poll(() => adminPeriod.textContent()).not.toMatch(/Locked$/);
    await employee.context.close();
    await admin.context.close();
  });
});
