import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './support/axe.ts';
import {
  baseUrl,
  launchBrowser,
  newPage,
  saveScreenshot,
  signIn,
  signInAndWait,
} from './support/browser.ts';
import { E2E_PASSWORD, SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const person = SEED_USERS.twoStep;

/** A code of the authenticator app, `steps` periods from now (a later one is not yet used). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The admin's "Two-step verification" choice on the Single Sign-On screen. */
async function requireTwoStep(page: Page, label: string) {
  await page.goto('/single-sign-on');
  const card = page.getByRole('group', { name: 'Who must use two-step verification' });
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/two-factor-settings') &&
      response.request().method() === 'PUT',
  );
  // A click, not check(): the radio shows the choice once the save has started (a render later).
  await card.getByLabel(label).click();
  // Saved before going on: the other browser tests sign in with passwords alone.
  expect((await saved).status()).toBe(200);
  await expect.poll(() => card.getByLabel(label).isChecked()).toBe(true);
}

/**
 * Browsers refuse an IP address as a passkey's site: the passkey part runs at
 * http://localhost:<port>, which the server accepts as the same app (features/two-factor/webauthn.ts).
 */
async function newLocalhostPage(options: { width?: number; height?: number } = {}) {
  const context = await browser.newContext({
    baseURL: baseUrl().replace('127.0.0.1', 'localhost'),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    serviceWorkers: 'block',
    locale: 'en-US',
  });
  const page = await context.newPage();
  return { context, page };
}

/** A platform authenticator with user verification, as a phone or laptop has (CDP WebAuthn). */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

describe('two-step verification (#33 part 4)', { timeout: 180_000 }, () => {
  let recoveryCodes: string[] = [];
  let secret = '';

  it('required for everyone: a person sets up an authenticator app, then signs in with password and code', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await requireTwoStep(admin.page, 'Required for everyone');
    await expectNoViolations(admin.page, 'single sign-on with the two-step setting');
    try {
      const { context, page } = await newPage(browser);
      await signIn(page, person);
      await page
        .getByRole('heading', { name: 'Set up two-step verification to continue' })
        .waitFor();
      await expectNoViolations(page, 'two-step setup required');
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      const secretBox = page.getByTestId('totp-secret');
      await secretBox.waitFor();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      await expectNoViolations(page, 'authenticator app set-up');
      await saveScreenshot(page, 'two-factor-setup');
      secret = await secretBox.inputValue();
      await page.getByLabel('Code from the app').fill(await codeAt(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      const codes = page.getByTestId('recovery-codes');
      await codes.waitFor();
      recoveryCodes = (await codes.getByRole('listitem').allTextContents()).map((code) =>
        code.trim(),
      );
      expect(recoveryCodes).toHaveLength(10);
      await expectNoViolations(page, 'recovery codes');
      await page.getByRole('button', { name: 'I have saved them' }).click();
      // The session is whole now: the app opens.
      await page.getByRole('button', { name: 'Clock In' }).waitFor();
      await context.close();
    } finally {
      await requireTwoStep(admin.page, 'Off: each person chooses');
      await admin.context.close();
    }

    // Signing in again: the password, then a code (on a phone, in the dark).
    const phone = await newPage(browser, { width: 390, height: 844, theme: 'dark' });
    await signIn(phone.page, person);
    const code = phone.page.getByLabel('Authentication code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await expectNoViolations(phone.page, 'second step (phone, dark)');
    await saveScreenshot(phone.page, 'two-factor-second-step-phone-dark');
    // The next period's code: the one that turned the app on cannot be used twice.
    await code.fill(await codeAt(secret, 1));
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await phone.page.waitForURL('**/dashboard');
    await phone.page.getByRole('button', { name: 'Clock In' }).waitFor();
    await phone.context.close();
  });

  it('a recovery code signs in once; a passkey is added in Account settings and signs in alone', async () => {
    const { context, page } = await newLocalhostPage();
    await addVirtualAuthenticator(context, page);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await expectNoViolations(page, 'second step with a recovery code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('recovery-codes-left').getByText('9 of 10 left.').waitFor();
    await dialog.getByLabel('Passkey name').fill('Test laptop');
    // Adding a factor asks for the password again (a stolen session alone cannot).
    await dialog.locator('#passkey-add-proof').fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Add passkey' }).click();
    await dialog.getByTestId('passkey').getByText('Test laptop').waitFor();
    await expectNoViolations(page, 'account security with a passkey');
    await saveScreenshot(page, 'two-factor-account-security');
    await page.keyboard.press('Escape');

    // Signed out: the password, then the passkey as its second step.
    await context.clearCookies();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.waitForURL('**/dashboard');

    // Signed out again: the passkey alone signs in (no email, no password).
    await context.clearCookies();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Clock In' }).waitFor();
    await context.close();
  });

  it('the account security section reads well on a phone in the dark', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, theme: 'dark' });
    await signIn(page, person);
    // The passkey and the app are both on: the second step offers them.
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('passkey').getByText('Test laptop').waitFor();
    await expectNoViolations(page, 'account security (phone, dark)');
    await context.close();
  });
});
