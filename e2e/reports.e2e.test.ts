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

describe('reports', () => {
  it('adherence report lists people with figures and drills into a day', async () => {
    const { context, page } = await newPage(browser, { height: 1000 });
    await signInAndWait(page, SEED_USERS.admin);
    await page.getByRole('link', { name: 'Adherence Reports' }).click();
    const row = page.getByTestId('adherence-row').filter({ hasText: SEED_USERS.reporter.name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/\d+\.\d%/);
    await page.getByRole('button', { name: `Show days of ${SEED_USERS.reporter.name}` }).click();
    await page
      .getByRole('button', { name: /\d{4}-\d{2}-\d{2}\s*Complete/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('scheduled-bar').waitFor();
    expect(await dialog.getByTestId('actual-bar').locator('div').count()).toBeGreaterThan(0);
    expect(await dialog.textContent()).toContain('Adherence');
    await saveScreenshot(page, 'report-day-drilldown');
    await page.keyboard.press('Escape');

    // A range without data says so instead of showing 0 %.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByText('No scheduled or worked days in this range.').waitFor();
    await context.close();
  });

  it('worked hours groups by week and exports CSV', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/worked-hours');
    const rows = page.getByTestId('worked-row').filter({ hasText: SEED_USERS.reporter.name });
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.getByLabel('Per').selectOption('period');
    await expect.poll(() => rows.count()).toBe(1);
    await saveScreenshot(page, 'worked-hours');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'CSV' }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\n')[0]).toContain('Worked hours');
    expect(csv).toContain(SEED_USERS.reporter.name);
    await context.close();
  });

  it('analytics draws its charts', async () => {
    const { context, page } = await newPage(browser, { height: 1100, theme: 'dark' });
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/analytics');
    for (const chart of ['chart-adherence', 'chart-exceptions', 'chart-hours', 'chart-teams']) {
      await expect.poll(() => page.getByTestId(chart).locator('svg').count()).toBeGreaterThan(0);
    }
    await page.getByRole('table', { name: /Late arrivals/ }).waitFor();
    // Adherence cannot exceed 100 %, so its axis stops there (conformance may go beyond).
    const highestAdherenceTick = async () => {
      const ticks = await page
        .getByTestId('chart-adherence')
        .locator('.recharts-cartesian-axis-tick-value[orientation="left"]')
        .allTextContents();
      return Math.max(...ticks.map((tick) => Number.parseFloat(tick)));
    };
    await expect.poll(highestAdherenceTick).toBe(100);
    await saveScreenshot(page, 'analytics-dark');
    await context.close();
  });

  it('an admin recalculates a range and sees it finish', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/calculate-adherence');
    await page.getByRole('button', { name: 'Recalculate' }).click();
    const run = page.getByTestId('recompute-run').first();
    await expect.poll(() => run.textContent(), { timeout: 20_000 }).toContain('Done');
    expect(await run.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await context.close();
  });
});
