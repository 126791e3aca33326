import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './support/axe.ts';
import {
  baseUrl,
  launchBrowser,
  newPage,
  saveScreenshot,
  signInAndWait,
} from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A call as another system makes it: only the bearer token, no cookie, no CSRF header. */
function callWithToken(
  secret: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

describe('API tokens (#18 point 2)', () => {
  it('a person makes a token in Account settings, a script punches with it, and it stops when revoked; an admin sees it and punches for them with a service token', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.tokenHolder);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    const dialog = page.getByRole('dialog');
    const form = dialog.getByRole('form', { name: 'Make a token' });
    // Only the scopes an employee can use are offered.
    await form.getByText('punches:write').waitFor();
    expect(await form.getByText('payroll:read').count()).toBe(0);
    await form.getByRole('button', { name: 'Make a token' }).click();
    await dialog.getByText('Name the token').waitFor();
    await form.getByLabel('Token name').fill('Shift script');
    await form.getByRole('checkbox', { name: /punches:write/ }).check();
    await form.getByRole('checkbox', { name: /punches:read/ }).check();
    await form.getByRole('button', { name: 'Make a token' }).click();
    const secret = await dialog.getByLabel('Token “Shift script”').inputValue();
    expect(secret).toMatch(/^pct_[\w-]{43}$/);
    // Email settings sit beside them; this test server has no SMTP, and says so.
    await dialog.getByText('This server does not send email yet', { exact: false }).waitFor();
    await dialog.getByRole('checkbox', { name: 'Reminders to submit my timesheet' }).uncheck();
    await expect
      .poll(() =>
        dialog.getByRole('checkbox', { name: 'Reminders to submit my timesheet' }).isChecked(),
      )
      .toBe(false);
    // The save's answer brings a toast: wait for it, so the accessibility check sees it settled
    // rather than fading in (it failed color-contrast mid-fade once when the answer came late).
    await page.getByText('Email settings saved').waitFor();
    await expectNoViolations(page, 'account dialog with API tokens and email settings');
    await saveScreenshot(page, 'api-token-personal');

    const punch = await callWithToken(secret, '/api/time-events', {
      method: 'POST',
      body: { id: randomUUID(), eventType: 'clock_in' },
    });
    expect(punch.status).toBe(201);
    // The app shows the punch the script made.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByText('Current status: Working').waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    const row = dialog.getByTestId('api-token-row').filter({ hasText: 'Shift script' });
    await row.getByText(/Last used/).waitFor();
    await row.getByRole('button', { name: 'Revoke Shift script' }).click();
    await row.getByText('Revoked').waitFor();
    const afterRevoke = await callWithToken(secret, '/api/time-events/today');
    expect(afterRevoke.status).toBe(401);
    await context.close();

    // The admin sees every token and makes a service token for a badge reader.
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/api-tokens');
    await admin.page.getByRole('heading', { name: 'API Tokens', level: 1 }).waitFor();
    const listed = admin.page.getByTestId('api-token-row').filter({ hasText: 'Shift script' });
    await listed.getByText('Personal: Toby Token').waitFor();
    const serviceForm = admin.page.getByRole('form', { name: 'Make a service token' });
    await serviceForm.getByLabel('Token name').fill('Front door badge reader');
    await serviceForm.getByRole('checkbox', { name: /punches:write/ }).check();
    await serviceForm.getByRole('checkbox', { name: /people:read/ }).check();
    await serviceForm.getByRole('button', { name: 'Make a service token' }).click();
    const serviceSecret = await admin.page
      .getByLabel('Token “Front door badge reader”')
      .inputValue();
    await expectNoViolations(admin.page, 'API tokens page');
    await saveScreenshot(admin.page, 'api-tokens-admin');

    const directory = (await (
      await callWithToken(serviceSecret, '/api/users/directory')
    ).json()) as {
      users: { id: string; email: string }[];
    };
    const toby = directory.users.find((user) => user.email === SEED_USERS.tokenHolder.email);
    expect(toby).toBeDefined();
    const onBehalf = await callWithToken(serviceSecret, `/api/users/${toby?.id}/time-events`, {
      method: 'POST',
      body: { id: randomUUID(), eventType: 'clock_out' },
    });
    expect(onBehalf.status).toBe(201);

    // The audit log names the token.
    await admin.page.goto('/audit-logs');
    await expect
      .poll(() => admin.page.getByText('API token “Front door badge reader”').count())
      .toBeGreaterThan(0);
    await admin.context.close();
  });
});
