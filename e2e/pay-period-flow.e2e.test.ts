import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { approveAndLockPeriod, downloadCsv, timesheetHours } from './support/pay-period.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/*
 * Issue #14's whole pay period, as its people do it: the admin configures a rule set (daily
 * overtime after 8 h) for Flo Flow, who worked five 10-hour days in the previous pay period
 * (seeded); Flo submits; the admin approves, approves and locks the period, and exports it. The
 * export's hours per pay code equal Flo's timesheet: REG 40.00, OT1.5 10.00.
 */
describe('a pay period from rule set to payroll export', () => {
  it('configure, submit, approve, lock, export: the export equals the timesheet', async () => {
    const admin = await newPage(browser, { height: 1000 });
    await signInAndWait(admin.page, SEED_USERS.admin);
    // The previous pay period: the day before the current one starts.
    const mine = await admin.page.request.get('/api/timesheets');
    const current = ((await mine.json()) as { period: { start: string } }).period;
    const directory = await admin.page.request.get('/api/users/directory');
    const { users } = (await directory.json()) as { users: { id: string; email: string }[] };
    const flowId = users.find((user) => user.email === SEED_USERS.flow.email)?.id;
    expect(flowId).toBeDefined();
    const before = await admin.page.request.get(
      `/api/timesheets?userId=${flowId}&date=${shiftDate(current.start, -1)}`,
    );
    const { period } = (await before.json()) as { period: { start: string; end: string } };

    // 1. Configure: a rule set with overtime after 8 hours a day, for Flo from the period start.
    await admin.page.goto('/pay-rules');
    const ruleSetName = `Flow daily eight ${Date.now().toString(36)}`;
    const form = admin.page.getByRole('form', { name: 'New rule set' });
    await form.getByLabel('Name').fill(ruleSetName);
    await form.getByLabel('Weekly threshold (hours)').fill('44');
    await form.getByLabel('Daily threshold (hours)', { exact: true }).fill('8');
    await form.getByLabel('Daily overtime rate').selectOption('1.5');
    await form.getByRole('button', { name: 'Add rule set' }).click();
    await admin.page.getByRole('row').filter({ hasText: ruleSetName }).first().waitFor();
    const assign = admin.page.getByRole('form', { name: 'Assign a rule set' });
    await assign.getByLabel('Rule set').selectOption({ label: ruleSetName });
    await assign.getByLabel('Applies to').selectOption('person');
    await assign.getByLabel('Person').selectOption({ label: SEED_USERS.flow.name });
    await assign.getByLabel('From').fill(period.start);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await admin.page
      .getByRole('row')
      .filter({ hasText: `Person: ${SEED_USERS.flow.name}` })
      .first()
      .waitFor();

    // 2. Flo sees 40 regular hours and 10 at 1.5× on the previous period, and submits it.
    const flow = await newPage(browser, { height: 1000 });
    await signInAndWait(flow.page, SEED_USERS.flow);
    await flow.page.goto('/attendance-history');
    const card = flow.page.getByTestId('timesheet-card');
    const periodLabel = card.getByTestId('timesheet-period');
    await expect.poll(() => periodLabel.textContent()).not.toBe('Loading…');
    const currentLabel = await periodLabel.textContent();
    await card.getByRole('button', { name: 'Previous pay period' }).click();
    await expect.poll(() => periodLabel.textContent()).not.toBe(currentLabel);
    await expect.poll(() => timesheetHours(flow.page)).toEqual({ REG: '40.00', 'OT1.5': '10.00' });
    const timesheet = await timesheetHours(flow.page);
    await card.getByRole('button', { name: 'Submit timesheet' }).click();
    const submit = flow.page.getByRole('dialog', { name: 'Submit timesheet' });
    await submit.getByLabel('I confirm these hours are complete and correct').check();
    await submit.getByRole('button', { name: 'Submit' }).click();
    const status = card.getByTestId('timesheet-sign-off-status');
    await expect.poll(() => status.textContent()).toBe('Submitted');

    // 3. The admin approves Flo's timesheet, then approves and locks the whole period.
    await admin.page.goto('/timesheets');
    const adminPeriod = admin.page.getByTestId('timesheets-period');
    await expect.poll(() => adminPeriod.textContent()).toMatch(/–/);
    const adminCurrent = await adminPeriod.textContent();
    await admin.page.getByRole('button', { name: 'Previous pay period' }).click();
    await expect.poll(() => adminPeriod.textContent()).not.toBe(adminCurrent);
    const row = admin.page.getByTestId('timesheets-row').filter({ hasText: SEED_USERS.flow.name });
    await row.getByRole('button', { name: `Approve timesheet of ${SEED_USERS.flow.name}` }).click();
    await row.getByText('Approved', { exact: true }).waitFor();
    await approveAndLockPeriod(admin.page);

    try {
      // 4. Export the locked period: Flo's rows carry the timesheet's hours, code by code.
      await admin.page.goto('/payroll');
      await admin.page.getByRole('heading', { name: 'Payroll export' }).waitFor();
      await admin.page.getByRole('button', { name: 'Previous pay period' }).click();
      await admin.page.getByTestId('payroll-period').getByText('Locked', { exact: true }).waitFor();
      const records = await downloadCsv(admin.page);
      const exported = Object.fromEntries(
        records
          .filter((record) => record[1] === SEED_USERS.flow.name)
          .map((record) => [record[2], record[3]]),
      );
      expect(exported).toEqual(timesheet);
      await saveScreenshot(admin.page, 'pay-period-flow-export');

      // Flo's timesheet now reads Approved and Locked.
      await flow.page.reload();
      await card.getByRole('button', { name: 'Previous pay period' }).click();
      await expect.poll(() => status.textContent()).toBe('Approved');
    } finally {
      // Reopen, so the other browser tests find the period open (the reopen is audited).
      const locks = await admin.page.request.get('/api/approvals/locks');
      const open = (
        (await locks.json()) as {
          locks: { id: string; fromDate: string; reopenedAt: string | null }[];
        }
      ).locks.find((lock) => lock.fromDate === period.start && lock.reopenedAt === null);
      if (open) {
        const reopened = await admin.page.request.post(`/api/approvals/locks/${open.id}/reopen`, {
          headers: { [CSRF_HEADER]: '1' },
        });
        expect(reopened.status()).toBe(204);
      }
      await flow.context.close();
      await admin.context.close();
    }
  });
});
