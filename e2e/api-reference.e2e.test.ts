import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  collectCspViolations,
  launchBrowser,
  newPage,
  saveScreenshot,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the API reference (#18)', () => {
  it('reads the OpenAPI document at /api/docs, from this server only, under the CSP', async () => {
    const { context, page } = await newPage(browser);
    const violations = collectCspViolations(context);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Punchclock API/ }).waitFor();
    // Tags open on a click; the punch endpoint is under Time tracking, with its body's fields.
    await page.getByRole('heading', { name: 'Time tracking' }).click();
    await page.getByText('Record a punch', { exact: false }).first().click();
    await page.getByText('capturedOfflineAt').first().waitFor();
    await saveScreenshot(page, 'api-reference');
    expect(violations).toEqual([]);
    // Nothing from a CDN: every request went to this server (or is inline data).
    expect(
      requested.filter((url) => !url.startsWith(baseUrl()) && !url.startsWith('data:')),
    ).toEqual([]);
    await context.close();
  });
});
