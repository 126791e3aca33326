import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../apps/server/src/test/oidc-provider.ts';
import { passwordSignInOffMessage } from '@punchclock/shared/contracts/sso-messages';
import { expectNoViolations } from './support/axe.ts';
import {
  baseUrl,
  launchBrowser,
  newPage,
  saveScreenshot,
  sidebarLabels,
  signIn,
  signInAndWait,
} from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

const SLUG = 'company';

let browser: Browser;
let idp: TestOidcProvider;
beforeAll(async () => {
  browser = await launchBrowser();
  idp = await startTestOidcProvider({
    redirectUris: [`${baseUrl()}/api/auth/sso/${SLUG}/callback`],
  });
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
});

/** From the sign-in page, through the provider's own page, back to Punchclock. */
async function signInThroughProvider(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Sign in with Company Login' }).click();
  await page.getByRole('heading', { name: 'Test identity provider' }).waitFor();
  expect(new URL(page.url()).origin).toBe(idp.issuer);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

// Two sites and three people in one test: roomier than the suite's default.
describe('single sign-on (#19 point 1)', { timeout: 120_000 }, () => {
  it('an admin adds the provider; people sign in through it to their role’s screens; a suspended person is turned away', async () => {
    idp.setAccount(SEED_USERS.ssoGrouped.email, { groups: ['Shift Leads'] });

    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/admin');
    await admin.page.getByRole('link', { name: /Single Sign-On/ }).click();
    await admin.page.getByRole('heading', { name: 'Single Sign-On', level: 1 }).waitFor();
    const form = admin.page.getByRole('form', { name: 'Add a provider' });
    await form.getByLabel('Button label').fill('Company Login');
    await form.getByLabel('Short name').fill(SLUG);
    await form.getByLabel('Issuer URL').fill(idp.issuer);
    await form.getByLabel('Client ID').fill(idp.clientId);
    await form.getByLabel('Client secret').fill(idp.clientSecret);
    await form.getByLabel('Group claim (optional)').fill('groups');
    await form.getByLabel('Groups to roles (optional)').fill('Shift Leads = team_lead');
    await form.getByRole('button', { name: 'Add provider' }).click();
    const card = admin.page.getByTestId('sso-provider').filter({ hasText: 'Company Login' });
    await card.getByText(`${baseUrl()}/api/auth/sso/${SLUG}/callback`).waitFor();
    await expect.poll(() => card.getByText('Shift Leads → Team Lead').count()).toBe(1);
    await expectNoViolations(admin.page, 'single sign-on settings');
    await saveScreenshot(admin.page, 'single-sign-on-admin');

    try {
      const phone = await newPage(browser, { width: 390, height: 844, theme: 'dark' });
      await phone.page.goto('/auth?sso_error=unknown_person');
      await phone.page.getByRole('link', { name: 'Sign in with Company Login' }).waitFor();
      await saveScreenshot(phone.page, 'review-sign-in-phone-dark');
      await phone.context.close();
      // An employee: the sign-in page offers the provider; they land on their dashboard.
      const employee = await newPage(browser);
      await signInThroughProvider(employee.page, SEED_USERS.ssoPerson.email);
      await employee.page.waitForURL('**/dashboard');
      await employee.page.getByRole('button', { name: 'Clock In' }).waitFor();
      const employeeLinks = await sidebarLabels(employee.page);
      expect(employeeLinks).toContain('Dashboard');
      expect(employeeLinks).not.toContain('Adherence Reports');
      expect(employeeLinks).not.toContain('Audit Logs');
      await employee.context.close();

      // In the provider's "Shift Leads" group: a team lead from this sign-in on.
      const grouped = await newPage(browser);
      await signInThroughProvider(grouped.page, SEED_USERS.ssoGrouped.email);
      await grouped.page.waitForURL('**/dashboard');
      await expect.poll(() => sidebarLabels(grouped.page)).toContain('Adherence Reports');
      expect(await sidebarLabels(grouped.page)).not.toContain('Audit Logs');
      await grouped.context.close();

      // Suspended: back on the sign-in page with why, and no session.
      const suspended = await newPage(browser);
      await signInThroughProvider(suspended.page, SEED_USERS.suspended.email);
      await suspended.page.waitForURL('**/auth?sso_error=suspended');
      await suspended.page
        .getByRole('alert')
        .getByText('Your account has been suspended. Please contact an administrator.')
        .waitFor();
      await expectNoViolations(suspended.page, 'sign-in page with a provider and a refusal');
      await saveScreenshot(suspended.page, 'single-sign-on-refused');
      await suspended.page.goto('/dashboard');
      await suspended.page.waitForURL('**/auth');
      await suspended.context.close();
    } finally {
      // Other browser tests expect the plain sign-in page.
      await card.getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => card.count()).toBe(0);
      await admin.context.close();
    }
  });

  it('an admin turns password sign-in off for one person, whose password is then refused with why', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/users');
    await admin.page.getByLabel('Search by name or email').fill(SEED_USERS.ssoPerson.email);
    await admin.page.getByRole('button', { name: `Edit ${SEED_USERS.ssoPerson.name}` }).click();
    await admin.page
      .getByRole('dialog')
      .getByRole('checkbox', { name: /Sign in only with single sign-on/ })
      .check();
    await saveScreenshot(admin.page, 'review-user-dialog');
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByTestId('user-row').getByText('SSO only').waitFor();
    await saveScreenshot(admin.page, 'review-users-badge');
    const withPassword = await newPage(browser);
    await signIn(withPassword.page, SEED_USERS.ssoPerson);
    await withPassword.page.getByText(passwordSignInOffMessage()).waitFor();
    expect(new URL(withPassword.page.url()).pathname).toBe('/auth');
    await withPassword.context.close();

    await admin.context.close();
  });
});
