import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { accessibilityProblems } from './support/axe.ts';
import {
  launchBrowser,
  liveStreamOpen,
  newPage,
  saveScreenshot,
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

/** A person of this test's own, added by the admin (so no other test's sessions move). */
async function addPerson(admin: Page): Promise<{ email: string; name: string }> {
  const person = { email: `sessions-${randomUUID().slice(0, 8)}@e2e.test`, name: 'Sasha Sessions' };
  const created = await admin.request.post('/api/users', {
    data: { ...person, role: 'employee', password: E2E_PASSWORD },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(created.status()).toBe(201);
  return person;
}

async function openAccountSettings(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  const section = page.getByTestId('signed-in-sessions');
  await section.getByTestId('signed-in-session').first().waitFor();
  return section;
}

/** axe on what the page shows at phone and desktop width, and nothing wider than a phone. */
async function checkBothWidths(page: Page, theme: 'light' | 'dark') {
  const found = await accessibilityProblems(page, { prefix: 'sessions', name: 'signed-in', theme });
  expect(found.join('\n\n')).toBe('');
}

describe('where you are signed in (#33 part 5)', () => {
  it('a person signed in twice sees both sessions, signs the other out, and that browser is sent to the sign-in page', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    const person = await addPerson(admin.page);

    const first = await newPage(browser);
    await signInAndWait(first.page, person);
    const other = await newPage(browser, { theme: 'dark' });
    await signInAndWait(other.page, person);
    await liveStreamOpen(other.page);

    // The other browser, in the dark theme, sees the two sessions too, itself marked.
    const otherList = await openAccountSettings(other.page);
    await expect.poll(() => otherList.getByTestId('signed-in-session').count()).toBe(2);
    await checkBothWidths(other.page, 'dark');
    await other.page.keyboard.press('Escape');

    const list = await openAccountSettings(first.page);
    await expect.poll(() => list.getByTestId('signed-in-session').count()).toBe(2);
    const mine = list.locator('[data-current="true"]');
    await mine.getByText('This device').waitFor();
    await mine.getByText('Active now').waitFor();
    await mine.getByText(/Chrome \d+ on Linux/).waitFor();
    await mine.getByText(/Password/).waitFor();
    await checkBothWidths(first.page, 'light');
    await list.scrollIntoViewIfNeeded();
    await saveScreenshot(first.page, 'signed-in-sessions');

    await list
      .locator('[data-current="false"]')
      .getByRole('button', { name: /^Sign out / })
      .click();
    await expect.poll(() => list.getByTestId('signed-in-session').count()).toBe(1);
    // The signed-out browser hears of it at once and lands on the sign-in page.
    await other.page.waitForURL('**/auth', { timeout: 15_000 });
    await other.page.getByRole('button', { name: 'Sign In' }).waitFor();
    // This one is still signed in.
    await first.page.reload();
    await first.page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(first.page.url()).not.toContain('/auth');

    await other.context.close();
    await first.context.close();
    await admin.context.close();
  });

  it('signs out all other sessions after confirming; an admin ends all of a person’s sessions', async () => {
    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    const person = await addPerson(admin.page);
    const first = await newPage(browser);
    await signInAndWait(first.page, person);
    const second = await newPage(browser, { width: 390, height: 844 });
    await signInAndWait(second.page, person);
    const third = await newPage(browser);
    await signInAndWait(third.page, person);
    await liveStreamOpen(second.page);
    await liveStreamOpen(third.page);

    const list = await openAccountSettings(first.page);
    await expect.poll(() => list.getByTestId('signed-in-session').count()).toBe(3);
    first.page.once('dialog', (dialog) => void dialog.accept());
    await list.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect.poll(() => list.getByTestId('signed-in-session').count()).toBe(1);
    await second.page.waitForURL('**/auth', { timeout: 15_000 });
    await third.page.waitForURL('**/auth', { timeout: 15_000 });
    await first.page.keyboard.press('Escape');
    await liveStreamOpen(first.page);

    // The admin, in User Management: End all sessions, confirmed.
    await admin.page.goto('/users');
    await admin.page.getByLabel('Search by name or email').fill(person.email);
    const end = admin.page.getByRole('button', { name: `End all sessions of ${person.name}` });
    await expect.poll(() => end.count()).toBe(1);
    admin.page.once('dialog', (dialog) => void dialog.accept());
    await end.click();
    await admin.page.getByText(`${person.name} was signed out everywhere`).waitFor();
    await first.page.waitForURL('**/auth', { timeout: 15_000 });

    for (const each of [admin, first, second, third]) await each.context.close();
  });
});
