import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  saveScreenshot,
  sidewaysOverflow,
  signIn,
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

describe('people and accountability', () => {
  it('admin adds a person who signs in; suspending them sends their open tab to /auth; the audit log shows it', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/users');
    await admin.page.getByRole('button', { name: 'Add person' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Quinn Newhire');
    await dialog.getByLabel('Email').fill('quinn@e2e.test');
    await dialog.getByLabel('Initial password (optional)').fill('weak');
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await dialog.getByLabel('Initial password (optional)').fill('Quinn-pass-1');
    await dialog.getByRole('button', { name: 'Add person' }).click();
    await admin.page.getByText('Added Quinn Newhire').waitFor();
    await admin.page.getByLabel('Search by name or email').fill('quinn');
    await expect.poll(() => admin.page.getByTestId('user-row').count()).toBe(1);
    await saveScreenshot(admin.page, 'users-after-add');

    const quinn = await newPage(browser);
    await signIn(quinn.page, { email: 'quinn@e2e.test' }, 'Quinn-pass-1');
    await quinn.page.waitForURL('**/dashboard');

    admin.page.once('dialog', (confirm) => void confirm.accept());
    await admin.page.getByRole('button', { name: 'Suspend Quinn Newhire' }).click();
    await admin.page.getByText('Suspended and signed out everywhere').waitFor();

    // The live channel tells Quinn's tab at once; no reload, no click.
    await quinn.page.waitForURL('**/auth', { timeout: 10_000 });
    await signIn(quinn.page, { email: 'quinn@e2e.test' }, 'Quinn-pass-1');
    await quinn.page
      .getByText('Your account has been suspended. Please contact an administrator.')
      .waitFor();
    await quinn.context.close();

    await admin.page.getByRole('link', { name: 'Audit Logs' }).click();
    const rows = admin.page.getByTestId('audit-row');
    await expect.poll(() => rows.filter({ hasText: 'user.suspend' }).count()).toBeGreaterThan(0);
    await admin.page.getByRole('button', { name: 'Show details of user.suspend' }).first().click();
    const changes = admin.page.getByRole('table', { name: 'Changes' });
    await expect.poll(() => changes.textContent()).toContain('isSuspended');
    expect(await changes.textContent()).toContain('false');
    expect(await changes.textContent()).toContain('true');
    await admin.page.getByLabel('Action').selectOption('user.create');
    await expect.poll(() => rows.filter({ hasText: 'user.create' }).count()).toBeGreaterThan(0);
    expect(await rows.filter({ hasText: 'auth.sign_in' }).count()).toBe(0);
    await saveScreenshot(admin.page, 'audit-logs');
    await admin.context.close();
  });

  it('a team lead sees only their team, read-only', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/users');
    await admin.page.getByRole('button', { name: 'Teams' }).click();
    const teams = admin.page.getByRole('dialog');
    await teams.getByLabel('Team name').fill('Blue team');
    await teams.getByLabel('Team lead').selectOption({ label: SEED_USERS.teamLead.name });
    await teams.getByRole('button', { name: 'Add team' }).click();
    await admin.page.getByText('Saved team Blue team').waitFor();
    await admin.page.keyboard.press('Escape');

    await admin.page.getByLabel('Search by name or email').fill(SEED_USERS.scheduled.email);
    await admin.page.getByRole('button', { name: `Edit ${SEED_USERS.scheduled.name}` }).click();
    await admin.page.getByRole('dialog').getByLabel('Team').selectOption({ label: 'Blue team' });
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByText(`Saved ${SEED_USERS.scheduled.name}`).waitFor();
    await admin.context.close();

    const lead = await newPage(browser);
    await signInAndWait(lead.page, SEED_USERS.teamLead);
    await lead.page.getByRole('link', { name: 'User Management' }).click();
    await lead.page.getByText('The people of your team (read-only).').waitFor();
    await expect.poll(() => lead.page.getByTestId('user-row').count()).toBe(1);
    expect(await lead.page.getByTestId('user-row').textContent()).toContain(
      SEED_USERS.scheduled.name,
    );
    expect(await lead.page.getByRole('button', { name: 'Add person' }).count()).toBe(0);
    await saveScreenshot(lead.page, 'users-team-lead');
    await lead.context.close();
  });

  it('a person changes their own name from the account menu', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('E');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await dialog.getByText('Name must be at least 2 characters').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Emma Renamed');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name saved').waitFor();
    await dialog.getByLabel('Current password').fill('Wrong-password-9');
    await dialog.getByLabel('New password').fill('Brand-new-pass-1');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Your current password is not correct').waitFor();
    await context.close();
  });
});

describe('admin tables on a phone', () => {
  it('show every column of a row, actions included, without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/users');
    // Found by search: how many seeded people come before them alphabetically is not this test's.
    const search = page.getByLabel('Search by name or email');
    await search.fill(SEED_USERS.reporter.email);
    const row = page.getByTestId('user-row').filter({ hasText: SEED_USERS.reporter.email });
    await row.waitFor();
    const text = await row.innerText();
    for (const shown of ['Employee', 'Team', 'Active', 'Role', 'Status'])
      expect(text).toContain(shown);
    const edit = row.getByRole('button', { name: `Edit ${SEED_USERS.reporter.name}` });
    const box = await edit.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await saveScreenshot(page, 'users-phone');

    // Cards have no headings to click: sorting is a select and a direction button.
    await search.fill('');
    const firstName = () => page.getByTestId('user-row').first().locator('p').first().textContent();
    const before = await firstName();
    await page.getByRole('button', { name: 'Ascending, sort descending' }).click();
    await expect.poll(firstName).not.toBe(before);
    await page.getByLabel('Sort by').selectOption('email');
    await page.getByRole('button', { name: 'Ascending, sort descending' }).waitFor();

    for (const [path, testId] of [
      ['/reports', 'adherence-row'],
      ['/worked-hours', 'worked-row'],
      ['/audit-logs', 'audit-row'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).first().waitFor();
      expect(await sidewaysOverflow(page)).toBe(0);
      await saveScreenshot(page, `phone${path.replace('/', '-')}`);
    }
    await context.close();
  });
});
