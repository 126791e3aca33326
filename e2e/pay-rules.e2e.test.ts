import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import {
  launchBrowser,
  newPage,
  phoneLayoutProblems,
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

describe('pay rules', () => {
  it('an admin adds a rule set with a daily 8 h threshold and assigns it to a team', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    // A team of its own (no members), so no other test's timesheet changes.
    const teamName = `Night crew ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/teams', {
      data: { name: teamName, leadUserId: null },
      headers: { [CSRF_HEADER]: '1' },
    });
    expect(created.status()).toBe(201);

    // Reached from the admin home like every admin screen.
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin screens' })
      .getByRole('link', { name: 'Pay Rules' })
      .click();
    await page.getByRole('heading', { name: 'Pay rules', level: 1 }).waitFor();

    const ruleSetName = `Daily eight ${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'New rule set' });
    // A bad threshold is refused next to the form, and nothing is added.
    await form.getByLabel('Name').fill(ruleSetName);
    await form.getByLabel('Weekly threshold (hours)').fill('-1');
    await form.getByRole('button', { name: 'Add rule set' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('The weekly threshold cannot be negative');

    await form.getByLabel('Weekly threshold (hours)').fill('44');
    await form.getByLabel('Daily threshold (hours)', { exact: true }).fill('8');
    await form.getByLabel('Daily overtime rate').selectOption('1.5');
    await form.getByRole('button', { name: 'Add rule set' }).click();
    const ruleSets = page.getByRole('table').first();
    const row = ruleSets.getByRole('row').filter({ hasText: ruleSetName });
    await expect.poll(() => row.textContent()).toContain('1.5× after 8 h a day');
    expect(await row.textContent()).toContain('Not assigned');

    const assign = page.getByRole('form', { name: 'Assign a rule set' });
    await assign.getByLabel('Rule set').selectOption({ label: ruleSetName });
    await assign.getByLabel('Applies to').selectOption('team');
    await assign.getByLabel('Team').selectOption({ label: teamName });
    await assign.getByLabel('From').fill('2026-06-07');
    await assign.getByRole('button', { name: 'Assign' }).click();

    const assignments = page.getByRole('table').nth(1);
    const assigned = assignments.getByRole('row').filter({ hasText: `Team: ${teamName}` });
    await expect.poll(() => assigned.textContent()).toContain(ruleSetName);
    expect(await assigned.textContent()).toContain('2026-06-07');
    await expect.poll(() => row.textContent()).toContain('2026-06-07');

    // The same team on the same date again: the server's message, beside the form.
    await assign.getByLabel('From').fill('2026-06-07');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect
      .poll(() => assign.getByRole('alert').textContent())
      .toBe(`${teamName} already has a rule set from 2026-06-07 ("${ruleSetName}")`);
    await saveScreenshot(page, 'pay-rules');
    await context.close();
  });

  it('an admin chooses 48 h of rest in two weeks and is warned about a 50 h threshold', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/pay-rules');
    await page.getByRole('heading', { name: 'Pay rules', level: 1 }).waitFor();

    const ruleSetName = `Road crew ${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'New rule set' });
    await form.getByLabel('Name').fill(ruleSetName);
    await form.getByLabel('Weekly threshold (hours)').fill('50');
    const weeklyRest = form.getByLabel('Weekly rest');
    expect(await weeklyRest.inputValue()).toBe('weekly_24');
    await weeklyRest.selectOption({ label: '48 hours off in a row in every two work weeks' });
    await form.getByRole('button', { name: 'Add rule set' }).click();

    // Saved all the same, with the warning beside the form and in the list.
    const warning =
      "Overtime after 50h a week is later than Ontario's 44h: only sectors with their own threshold (O. Reg. 285/01) may use it.";
    const status = form.getByRole('status');
    await expect.poll(() => status.textContent()).toContain(`Added ${ruleSetName}, with warnings:`);
    expect(await status.textContent()).toContain(`Warning: ${warning}`);
    const row = page.getByRole('table').first().getByRole('row').filter({ hasText: ruleSetName });
    await expect.poll(() => row.textContent()).toContain(warning);
    expect(await row.textContent()).toContain(
      'Weekly rest: 48 h off in a row in every two work weeks',
    );
    expect(await row.getByText(warning).isVisible()).toBe(true);

    // Choosing it to assign shows the warning there too.
    const assign = page.getByRole('form', { name: 'Assign a rule set' });
    await assign.getByLabel('Rule set').selectOption({ label: ruleSetName });
    expect(await assign.getByText(warning).isVisible()).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'pay-rules-warnings');
    await weeklyRest.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'pay-rules-weekly-rest');
    await context.close();

    // Dark theme at phone width: the warning is readable and nothing runs off the screen.
    const phone = await newPage(browser, { theme: 'dark' });
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await signInAndWait(phone.page, SEED_USERS.admin);
    await phone.page.goto('/pay-rules');
    const phoneRow = phone.page.getByRole('row').filter({ hasText: ruleSetName });
    await expect.poll(() => phoneRow.textContent()).toContain(warning);
    expect(await phoneLayoutProblems(phone.page)).toEqual([]);
    await phoneRow.scrollIntoViewIfNeeded();
    await saveScreenshot(phone.page, 'pay-rules-warnings-phone-dark');
    await phone.context.close();
  });

  it('an admin files an excess-hours agreement, sees it listed, and ends it', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/pay-rules');
    await page.getByRole('heading', { name: 'Agreements on file' }).waitFor();

    // Far in the future, so no other test's timesheet findings change.
    const form = page.getByRole('form', { name: 'Add an agreement' });
    await form.getByLabel('Person').selectOption({ label: SEED_USERS.sme.name });
    await form.getByLabel('From').fill('2031-01-05');
    await form.getByLabel('To (optional)').fill('2031-01-04');
    await form.getByRole('button', { name: 'Add agreement' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('The agreement cannot end before it starts');

    await form.getByLabel('To (optional)').fill('');
    await form.getByLabel('Note (optional)').fill('Signed copy in the HR binder');
    await form.getByRole('button', { name: 'Add agreement' }).click();
    const list = page.getByRole('table', { name: 'Agreements on file' });
    const row = list.getByRole('row').filter({ hasText: SEED_USERS.sme.name });
    await expect.poll(() => row.textContent()).toContain('More than 48 hours a week');
    const text = await row.textContent();
    expect(text).toContain('2031-01-05');
    expect(text).toContain('No end');
    expect(text).toContain('Signed copy in the HR binder');
    expect(text).toContain('Upcoming');

    // The same person again from a date it covers: the server's message, beside the form.
    await form.getByLabel('Person').selectOption({ label: SEED_USERS.sme.name });
    await form.getByLabel('From').fill('2031-06-01');
    await form.getByRole('button', { name: 'Add agreement' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toMatch(/^Sid Expert already has an agreement "More than 48 hours a week" from 2031-01-05/);

    await row.getByLabel(/Last day of Sid Expert/).fill('2031-03-31');
    await row.getByRole('button', { name: 'End' }).click();
    await expect.poll(() => row.textContent()).toContain('2031-03-31');
    expect(await row.textContent()).toContain('End set by Ada Admin');
    await context.close();
  });
});
