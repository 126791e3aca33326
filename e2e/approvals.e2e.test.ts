import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const today = toBusinessDate(Date.now(), 'America/Toronto');
const yesterday = shiftDate(today, -1);

describe('corrections, time off and approvals', () => {
  it('a correction approved from /sme changes history and worked hours, keeping the original', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/worked-hours');
    await admin.page.getByLabel('Per').selectOption('day');
    const workedCell = () =>
      admin.page
        .getByTestId('worked-row')
        .filter({ hasText: SEED_USERS.corrector.name })
        .filter({ hasText: yesterday })
        .locator('td')
        .nth(4)
        .textContent();
    const workedBefore = await expect
      .poll(workedCell)
      .not.toBeNull()
      .then(() => workedCell());

    const employee = await newPage(browser);
    await signInAndWait(employee.page, SEED_USERS.corrector);
    await employee.page.goto('/attendance-history');
    await employee.page.getByRole('button', { name: `Show events of ${yesterday}` }).click();
    await employee.page.getByRole('button', { name: 'Request a correction' }).click();
    const dialog = employee.page.getByRole('dialog');
    await dialog.getByLabel('What is wrong?').selectOption('add');
    await dialog.getByLabel('Missed punch').selectOption('clock_out');
    await dialog.getByLabel('Correct time').fill('14:00');
    await dialog.getByLabel('Reason').fill('Forgot to clock out when I left');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await employee.page.getByText('Correction requested').waitFor();

    const sme = await newPage(browser);
    await signInAndWait(sme.page, SEED_USERS.sme);
    await sme.page.goto('/sme');
    const item = sme.page
      .getByTestId('sme-approval')
      .filter({ hasText: SEED_USERS.corrector.name });
    await expect.poll(() => item.count()).toBe(1);
    await saveScreenshot(sme.page, 'sme-dashboard');
    await item.getByRole('button', { name: 'Approve' }).click();
    await sme.page.getByText('Approved 1').waitFor();
    await sme.context.close();

    // The requester hears of it live, and the day now shows the correction and the original.
    await expect
      .poll(() => employee.page.getByText('Request approved').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await employee.page.reload();
    await employee.page.getByRole('button', { name: `Show events of ${yesterday}` }).click();
    await expect
      .poll(() =>
        employee.page
          .getByRole('table')
          .getByText(/Corrected \(add\) — approved by/)
          .count(),
      )
      .toBe(1);
    await expect
      .poll(() =>
        employee.page
          .getByRole('table')
          .getByText(/Original punches: Clocked In/)
          .count(),
      )
      .toBe(1);
    await saveScreenshot(employee.page, 'history-corrected');
    await employee.context.close();

    // The stale day is recalculated in the background; the report follows.
    await expect
      .poll(
        async () => {
          await admin.page.reload();
          await admin.page.getByLabel('Per').selectOption('day');
          return workedCell();
        },
        { timeout: 30_000, interval: 2000 },
      )
      .not.toBe(workedBefore);
    await admin.context.close();
  });

  it('two days off requested, approved by an admin, show on the calendar', async () => {
    const nextWeek = getWeekDates(shiftDate(today, 7));
    const [monday, tuesday] = [nextWeek[1] ?? today, nextWeek[2] ?? today];

    const employee = await newPage(browser);
    await signInAndWait(employee.page, SEED_USERS.corrector);
    await employee.page.goto('/time-off');
    await employee.page.getByLabel('Type').selectOption({ label: 'Unpaid (unpaid)' });
    await employee.page.getByLabel('First day').fill(monday);
    await employee.page.getByLabel('Last day').fill(tuesday);
    await employee.page.getByRole('button', { name: 'Request time off' }).click();
    await employee.page.getByText('Time off requested').waitFor();
    await expect
      .poll(() => employee.page.getByTestId('time-off-request').first().textContent())
      .toContain('pending');
    await saveScreenshot(employee.page, 'time-off');

    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/time-approvals');
    const item = admin.page
      .getByTestId('approval-item')
      .filter({ hasText: SEED_USERS.corrector.name })
      .filter({ hasText: 'Unpaid' });
    await expect.poll(() => item.count()).toBe(1);
    await saveScreenshot(admin.page, 'time-approvals');
    await item.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Approved 1').waitFor();
    await admin.context.close();

    await expect
      .poll(() => employee.page.getByTestId('time-off-request').first().textContent(), {
        timeout: 10_000,
      })
      .toContain('approved');
    await employee.page.goto('/schedules');
    await employee.page.getByRole('button', { name: 'Next week' }).click();
    for (const date of [monday, tuesday]) {
      await expect
        .poll(() =>
          employee.page
            .locator(`[data-date="${date}"]`)
            .getByTestId('time-off-marker')
            .textContent(),
        )
        .toBe('Unpaid');
    }
    await saveScreenshot(employee.page, 'calendar-time-off');
    await employee.context.close();
  });

  it('team leads reach Time Approvals only once an admin lets them approve their team', async () => {
    const lead = await newPage(browser);
    await signInAndWait(lead.page, SEED_USERS.teamLead);
    await lead.page.getByTestId('dashboard-email').waitFor();
    expect(await lead.page.getByRole('link', { name: 'Approvals' }).count()).toBe(0);
    await lead.page.goto('/time-approvals');
    await lead.page.getByText(/Approving time is not switched on for team leads/).waitFor();

    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/time-approvals');
    const toggle = admin.page.getByLabel('Team leads may approve requests from their own team');
    await toggle.click(); // a controlled checkbox: it follows the saved setting
    await expect.poll(() => toggle.isChecked()).toBe(true);

    await lead.page.goto('/dashboard');
    await lead.page.getByRole('link', { name: 'Approvals' }).click();
    await lead.page.waitForURL('**/time-approvals');
    await expect
      .poll(() => lead.page.getByText(/Approving time is not switched on/).count())
      .toBe(0);

    // Back to the default for the other tests.
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await admin.context.close();
    await lead.context.close();
  });
});
