import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { downloadCsv, timesheetHours } from './support/pay-period.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('payroll export', () => {
  it('after an admin locks a period, its CSV totals equal the timesheet shown', async () => {
    const { context, page } = await newPage(browser, { height: 1000 });
    await signInAndWait(page, SEED_USERS.admin);
    // The previous pay period (inside the reporter's seeded history), locked through the API.
    // Today's period as the server's business day has it (the admin's own timesheet).
    const current = await page.request.get('/api/timesheets');
    expect(current.ok()).toBe(true);
    const currentPeriod = ((await current.json()) as { period: { start: string } }).period;
    const previousEnd = shiftDate(currentPeriod.start, -1);
    const previous = await page.request.get(`/api/payroll/preview?date=${previousEnd}`);
    const period = ((await previous.json()) as { period: { start: string; end: string } }).period;
    const locked = await page.request.post('/api/approvals/locks', {
      headers: { [CSRF_HEADER]: '1' },
      data: { fromDate: period.start, toDate: period.end },
    });
    expect(locked.status()).toBe(201);
    const lockId = ((await locked.json()) as { id: string }).id;

    try {
      await page.getByRole('link', { name: 'Payroll' }).click();
      await page.getByRole('heading', { name: 'Payroll export' }).waitFor();
      // This period is not locked: no download, a reason instead.
      await page.getByText('Not locked — preview only').waitFor();
      expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous pay period' }).click();
      await page.getByTestId('payroll-period').getByText('Locked', { exact: true }).waitFor();
      expect(await page.getByTestId('payroll-period').textContent()).toContain(
        `${formatBusinessDateLong(period.start, 'en')} to ${formatBusinessDateLong(period.end, 'en')}`,
      );
      await saveScreenshot(page, 'payroll');

      const [header, ...records] = await downloadCsv(page);
      expect(header).toEqual([
        'Employee number',
        'Name',
        'Pay code',
        'Hours',
        'Minutes',
        'Rate',
        'Amount',
      ]);
      const exported = Object.fromEntries(
        (records ?? [])
          .filter((record) => record[1] === SEED_USERS.reporter.name)
          .map((record) => [record[2], record[3]]),
      );
      expect(exported.REG).toMatch(/^\d+\.\d\d$/);

      // The reporter's own timesheet for that period shows the same hours per pay code.
      const reporter = await newPage(browser, { height: 1000 });
      await signInAndWait(reporter.page, SEED_USERS.reporter);
      await reporter.page.goto('/attendance-history');
      const card = reporter.page.getByTestId('timesheet-card');
      await card.getByRole('button', { name: 'Previous pay period' }).click();
      await expect.poll(() => timesheetHours(reporter.page)).toEqual(exported);
      await reporter.context.close();
    } finally {
      const reopened = await page.request.post(`/api/approvals/locks/${lockId}/reopen`, {
        headers: { [CSRF_HEADER]: '1' },
      });
      expect(reopened.status()).toBe(204);
      await context.close();
    }
  });
});
