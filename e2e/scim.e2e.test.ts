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

/** A call as a directory makes it: the SCIM token, SCIM's media type, no cookie. */
async function scim(secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('directory provisioning (SCIM, #33)', { timeout: 120_000 }, () => {
  it('an admin makes a SCIM token; the directory pushes a person and a group; the admin maps the group to a role', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.goto('/single-sign-on');
    const section = page.getByRole('heading', { name: 'Directory provisioning (SCIM)' });
    await section.waitFor();
    await expect
      .poll(() => page.getByLabel(/SCIM base URL/).inputValue())
      .toBe(`${baseUrl()}/scim/v2`);

    await page.getByRole('button', { name: 'Create a SCIM token' }).click();
    const secretBox = page.getByLabel(/SCIM token \(Secret Token/);
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^pct_/);
    await page.getByRole('list', { name: 'SCIM tokens' }).getByText('Never used').waitFor();

    const userName = `scim-${randomUUID().slice(0, 8)}@example.com`;
    const user = await scim(secret, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Dana', familyName: 'Directory' },
      active: true,
    });
    expect(user.status).toBe(201);
    const groupName = `Shift leads ${randomUUID().slice(0, 6)}`;
    const group = await scim(secret, 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: groupName,
      members: [{ value: user.body.id }],
    });
    expect(group.status).toBe(201);

    await page.reload();
    const row = page.getByTestId('scim-group').filter({ hasText: groupName });
    await row.getByText('Members: 1').waitFor();
    await row.getByLabel(`Role for ${groupName}`).selectOption('team_lead');
    await page.getByText(`${groupName}: mapping saved and applied to its members`).waitFor();
    await expectNoViolations(page, 'directory provisioning (SCIM)');
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'scim-provisioning');

    // Revoked, the token stops at once.
    await page
      .getByRole('list', { name: 'SCIM tokens' })
      .getByRole('button', { name: /Revoke/ })
      .first()
      .click();
    await page.getByText('SCIM token revoked').waitFor();
    expect((await scim(secret, 'GET', '/Users')).status).toBe(401);
    await context.close();
  });
});
