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
const week = getWeekDates(today);

describe('schedules', () => {
  it('admin creates a template and assigns it to an employee for this week', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/schedule-management');
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('E2E Day');
    await dialog.getByLabel('Start', { exact: true }).fill('09:00');
    await dialog.getByLabel('End', { exact: true }).fill('17:00');
    await dialog.getByLabel('Lunch start (optional)').fill('12:00');
    await dialog.getByLabel('Lunch end (optional)').fill('12:30');
    await dialog.getByLabel('Break allowance (minutes, paid)').fill('10');
    for (const day of ['Sun', 'Sat']) await dialog.getByLabel(day).check();
    // A lunch outside the shift is refused with the rule's message, and nothing is saved.
    await dialog.getByLabel('Lunch start (optional)').fill('18:00');
    await dialog.getByLabel('Lunch end (optional)').fill('18:30');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await dialog.getByText('Lunch must be inside the shift').waitFor();
    await dialog.getByLabel('Lunch start (optional)').fill('12:00');
    await dialog.getByLabel('Lunch end (optional)').fill('12:30');
    await saveScreenshot(page, 'schedule-template-form');
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await page.getByText('Created "E2E Day"').waitFor();
    await expect
      .poll(() => page.getByTestId('template-card').filter({ hasText: 'E2E Day' }).count())
      .toBe(1);
    await saveScreenshot(page, 'schedule-management');

    await page.getByRole('link', { name: 'Schedule Assignment' }).click();
    await page.getByLabel('Search people').fill('shift@e2e');
    await page.getByLabel(`Select ${SEED_USERS.scheduled.name}`).check();
    await page.getByLabel('Template').selectOption({ label: 'E2E Day (9:00 AM–5:00 PM)' });
    await page.getByLabel('First day').fill(week[0] ?? today);
    await page.getByLabel('Last day').fill(week[6] ?? today);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('Assigned 1 person').waitFor();
    await expect
      .poll(() =>
        page.getByRole('list', { name: `Schedules of ${SEED_USERS.scheduled.name}` }).textContent(),
      )
      .toContain('E2E Day');

    // Assigning again over the same week is refused with a message naming the clash.
    await page.getByLabel(`Select ${SEED_USERS.scheduled.name}`).check();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'already has E2E Day' }).count())
      .toBe(1);
    await saveScreenshot(page, 'schedule-assignment-clash');
    await context.close();
  });

  it('the employee sees the shift on the calendar and the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.scheduled);
    await expect
      .poll(() => page.getByTestId('today-shift').textContent())
      .toBe('Today: E2E Day 9:00 AM–5:00 PM');
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Clocked In - Working').first().waitFor();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Break (10 min paid)' }).count())
      .toBe(1);
    await expect.poll(() => page.getByTestId('live-timer').textContent()).toContain('Working');

    await page.goto('/schedules');
    const todayCell = page.locator(`[data-date="${today}"]`);
    await expect.poll(() => todayCell.textContent()).toContain('Today');
    expect(await todayCell.textContent()).toContain('E2E Day');
    expect(await todayCell.textContent()).toContain('9:00 AM–5:00 PM');
    await saveScreenshot(page, 'my-schedule-week');

    await page.getByRole('button', { name: 'Next week' }).click();
    const nextWeekCell = page.locator(`[data-date="${shiftDate(week[0] ?? today, 7)}"]`);
    await expect.poll(() => nextWeekCell.textContent()).toContain('No schedule');

    await page.getByRole('button', { name: 'Back to today' }).click();
    await page.getByRole('button', { name: 'Month' }).click();
    await expect
      .poll(() => page.locator(`[data-date="${today}"]`).textContent())
      .toContain('E2E Day');
    const outsideWeek = shiftDate(week[0] ?? today, -1);
    if (outsideWeek.slice(0, 7) === today.slice(0, 7)) {
      expect(await page.locator(`[data-date="${outsideWeek}"]`).textContent()).toContain(
        'No schedule',
      );
    }
    await saveScreenshot(page, 'my-schedule-month');

    // The shifts reach the person's own calendar app through a private address (#18).
    await page.getByRole('button', { name: 'Make an address: My shifts' }).click();
    const address = await page.getByLabel('Address for My shifts').inputValue();
    expect(address).toMatch(/\/api\/calendar-feeds\/[\w-]{43}\.ics$/);
    // Fetched as a calendar app does: no session, the address is the key.
    const feed = await fetch(address);
    expect(feed.status).toBe(200);
    const calendar = await feed.text();
    expect(calendar).toContain('SUMMARY:E2E Day');
    expect(calendar).toContain(`DTSTART;TZID=America/Toronto:${today.replaceAll('-', '')}T090000`);
    await saveScreenshot(page, 'calendar-feed-address');
    await context.close();
  });
});
