import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settle } from './support/axe.ts';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('backups (admin)', () => {
  it('reaches Backups from Admin, backs up now and downloads the snapshot', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin screens' })
      .getByRole('link', { name: /Backups/ })
      .click();
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();

    const rows = page.getByTestId('backup-row');
    const before = await rows.count();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(before + 1);
    // Checked with the success toast showing: its text must be readable too.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Backup taken' }).waitFor();
    await settle(page);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/backups', violations)).toEqual([]);
    // Newest first, with its size.
    await expect.poll(() => rows.first().textContent()).toMatch(/\d+(\.\d)? (MB|KB)/);

    const download = page.waitForEvent('download');
    await rows
      .first()
      .getByRole('link', { name: /Download/ })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^punchclock-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z\.tar\.gz$/,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
    await saveScreenshot(page, 'backups-desktop');
    await context.close();
  });
});
