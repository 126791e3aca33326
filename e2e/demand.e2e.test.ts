import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

const TORONTO = 'America/Toronto';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Four weeks of weekday workload before this week: 5 contacts of 3 minutes each per half-hour
 * from 09:00 to 17:00. At 80 % in 20 s that is 2 people (Erlang C), 2.9 with 30 % shrinkage.
 */
function workloadHistoryCsv(thisSunday: string): string {
  const lines = ['date,time,contacts,aht_seconds'];
  for (let day = -28; day < 0; day += 1) {
    const date = shiftDate(thisSunday, day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let half = 18; half < 34; half += 1) {
      const time = `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;
      lines.push(`${date},${time},5,180`);
    }
  }
  return `${lines.join('\n')}\n`;
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

describe('planning from demand', () => {
  it(
    'a lead imports workload, computes requirements, auto-fills next week, publishes it and sees the coverage',
    { timeout: 300_000 },
    async () => {
      const today = toBusinessDate(Date.now(), TORONTO);
      const thisSunday = getWeekDates(today)[0] ?? today;
      const nextWeek = getWeekDates(shiftDate(thisSunday, 7));
      const { context, page } = await newPage(browser, { height: 1100 });
      try {
        await signInAndWait(page, SEED_USERS.demandLead);
        await page.goto('/demand');
        await page.getByRole('heading', { name: 'Demand Planning' }).waitFor();

        // Import: preview writes nothing and says what would happen; then the import.
        await openTab(page, 'Import');
        await page.getByLabel('The file holds').selectOption('workload');
        await page.getByLabel('File', { exact: true }).setInputFiles({
          name: 'workload.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(workloadHistoryCsv(thisSunday)),
        });
        await page.getByRole('button', { name: 'Preview' }).click();
        const outcome = page.getByTestId('import-outcome');
        await outcome.getByText(/The file can be imported/).waitFor();
        await expect.poll(() => outcome.textContent()).toContain('320');
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await outcome.getByText(/^Imported/).waitFor();

        // Next week's requirement from the forecast (the same weekday averaged over 4 weeks).
        await page.getByRole('button', { name: 'Next week' }).click();
        await openTab(page, 'Forecast');
        await page.getByRole('button', { name: 'Compute from the forecast' }).click();
        await page.getByText(/Computed 80 intervals; 0 unreachable/).waitFor();
        await openTab(page, 'Requirements');
        await expect
          .poll(async () => (await page.getByLabel(/People needed, .* at 9:00/).all()).length)
          .toBeGreaterThan(0);
        const monday = page.getByLabel(/People needed, .* at 9:00/).nth(1);
        await expect.poll(() => monday.inputValue()).toBe('2.9');
        await saveScreenshot(page, 'demand-requirements');

        // Auto-fill the week: the lead and four people, weekday demand; drafts on the board.
        await openTab(page, 'Auto-fill');
        await page.getByLabel('Time limit (seconds)').fill('10');
        await page.getByRole('button', { name: 'Auto-fill week' }).click();
        await page.getByText('Shifts added as drafts').waitFor({ timeout: 120_000 });
        await saveScreenshot(page, 'demand-autofill-result');

        // The planner reviews the drafts on the roster and publishes them the usual way: the
        // board's own rules find nothing blocking in what the solver chose.
        await page.getByRole('link', { name: 'Review on the roster' }).click();
        const publish = page.getByRole('button', { name: /Publish \(\d+ unpublished\)/ });
        await publish.waitFor();
        await publish.click();
        await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
        await page.getByText(/Published \d+ shifts; told 5 people/).waitFor();
        await saveScreenshot(page, 'demand-roster-published');

        // Coverage on next Wednesday: the published roster now covers the requirement.
        await page.goto('/demand');
        await page.getByRole('heading', { name: 'Demand Planning' }).waitFor();
        await page.getByRole('button', { name: 'Next week' }).click();
        await openTab(page, 'Coverage');
        await page.getByRole('group', { name: 'Coverage day' }).getByRole('button').nth(3).click();
        const wednesday = nextWeek[3] ?? today;
        const table = page.getByTestId('coverage-table');
        const tenOClock = table.getByRole('row', { name: /10:00/ });
        await expect
          .poll(async () => (await tenOClock.getByRole('cell').allTextContents()).slice(1, 3))
          .toEqual(['2.9', expect.stringMatching(/^[1-9]/)]);
        expect(wednesday > today).toBe(true);
        await saveScreenshot(page, 'demand-coverage');
      } finally {
        await context.close();
      }
    },
  );
});
