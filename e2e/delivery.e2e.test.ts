import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectCspViolations, launchBrowser, newPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('delivery as a browser sees it (#15)', () => {
  it('sends the sign-in page compressed, hashed assets immutable, the page revalidated', async () => {
    const { context, page } = await newPage(browser);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');

    const document = responses.find((response) => response.request().resourceType() === 'document');
    expect(document?.headers()['cache-control']).toBe('no-cache');

    const scripts = responses.filter((response) => response.request().resourceType() === 'script');
    const hashed = responses.filter((response) =>
      new URL(response.url()).pathname.startsWith('/assets/'),
    );
    expect(hashed.length).toBeGreaterThan(0);
    for (const response of hashed) {
      expect(response.headers()['cache-control'], response.url()).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    let transferred = 0;
    let decoded = 0;
    for (const response of scripts) {
      const isHashed = new URL(response.url()).pathname.startsWith('/assets/');
      if (isHashed) expect(response.headers()['content-encoding'], response.url()).toBe('br');
      transferred += (await response.request().sizes()).responseBodySize;
      decoded += (await response.body()).length;
    }
    // The figures for the closing note: what the sign-in page costs on the wire.
    console.log(
      `sign-in page JavaScript: ${scripts.length} files, ${transferred} bytes transferred, ${decoded} bytes decoded`,
    );
    expect(transferred).toBeGreaterThan(0);
    expect(transferred).toBeLessThan(decoded / 2);
    await context.close();
  });

  it('answers with the security headers a scanner looks for', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/auth');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await context.close();
  });

  it('refuses a script injected into the page (and the test would see it)', async () => {
    const { context, page } = await newPage(browser);
    const violations = collectCspViolations(context);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const ran = await page.evaluate(async () => {
      // An inline script runs (or is refused) as it is appended; the refusal is reported after.
      const refused = new Promise((resolve) =>
        document.addEventListener('securitypolicyviolation', resolve, { once: true }),
      );
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.body.append(script);
      const ran = 'injectedScriptRan' in window;
      if (!ran) await refused; // not run because the policy said no, not for another reason
      return ran;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length, { timeout: 5000 }).toBeGreaterThan(0);
    await context.close();
  });
});
