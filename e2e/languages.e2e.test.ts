import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import PO from 'pofile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { SCREENS } from '@punchclock/shared/domain/navigation';
import { settle } from './support/axe.ts';
import {
  launchBrowser,
  newPage,
  saveScreenshot,
  phoneLayoutProblems,
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

/**
 * The English messages French (Canada) translates differently: one of these showing on a French
 * screen is a string that missed its translation (rendered outside Lingui, or too early).
 */
const ENGLISH_ONLY = (() => {
  const file = path.resolve(
    import.meta.dirname,
    '../packages/shared/src/locales/fr-CA/messages.po',
  );
  const catalogue = PO.parse(readFileSync(file, 'utf8'));
  return new Set(
    catalogue.items
      .filter((item) => /[a-z]{3}/i.test(item.msgid) && !/[{<]/.test(item.msgid))
      .filter((item) => item.msgstr.join('') && item.msgstr.join('') !== item.msgid)
      .map((item) => item.msgid),
  );
})();

/** Every text node, label and placeholder on the page that is an English-only message. */
async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Identifiers and data are marked translate="no" (HTML's way to say "not words"): audit
      // keys, the payroll file's preview.
      if (node.parentElement?.closest('[translate="no"]')) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of Array.from(
      document.querySelectorAll('[aria-label],[placeholder],[title]'),
    )) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return [...new Set(texts.filter((text) => ENGLISH_ONLY.has(text)))];
}

/** An English clock time ("2:45 PM"): French (Canada) writes 24-hour time. */
const ENGLISH_TIME = /\b\d{1,2}:\d{2}(:\d{2})? ?[AP]M\b/;

/** "Clock In" in French, whichever apostrophe the translation uses. */
const CLOCK_IN_FR = /^Pointer l['’]arrivée$/;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const EMPLOYEE_SCREENS = ['/dashboard', '/attendance-history', '/schedules', '/time-off'];

describe('French (Canada)', () => {
  it(
    'walks every screen in French: no English message, 24-hour times, nothing wider than a phone',
    { timeout: 360_000 },
    async () => {
      const problems: string[] = [];
      const visit = async (page: Page, screen: string) => {
        await page.goto(screen);
        const name = screen.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
        await page.setViewportSize(DESKTOP);
        await settle(page);
        await saveScreenshot(page, `fr-CA/${name}`);
        const left = await englishLeft(page);
        if (left.length > 0)
          problems.push(`${screen}: ${left.map((text) => `“${text}”`).join(', ')}`);
        const body = await page.locator('body').innerText();
        const time = ENGLISH_TIME.exec(body);
        if (time) problems.push(`${screen}: an English time “${time[0]}”`);
        // French runs about a fifth longer than English: on a phone it must still wrap, not
        // push the page sideways (tables scroll inside their own frame).
        await page.setViewportSize(PHONE);
        await settle(page);
        await saveScreenshot(page, `fr-CA/phone-${name}`);
        for (const problem of await phoneLayoutProblems(page))
          problems.push(`${screen}: ${problem}`);
      };

      // A browser that prefers French opens the sign-in page in French, before anyone signs in.
      const visitor = await newPage(browser, { locale: 'fr-CA' });
      await visitor.page.goto('/auth');
      await visitor.page.getByRole('button', { name: 'Se connecter' }).waitFor();
      expect(await visitor.page.getAttribute('html', 'lang')).toBe('fr-CA');
      await visit(visitor.page, '/auth');
      // A shared kiosk not set up yet, and a page that does not exist.
      await visit(visitor.page, '/kiosk');
      await visit(visitor.page, '/no-such-screen');
      await visitor.context.close();

      const employee = await newPage(browser, { locale: 'fr-CA' });
      await employee.page.goto('/auth');
      await employee.page.getByLabel('Courriel').fill(SEED_USERS.corrector.email);
      await employee.page.getByLabel('Mot de passe').fill(E2E_PASSWORD);
      await employee.page.getByRole('button', { name: 'Se connecter' }).click();
      await employee.page.waitForURL('**/dashboard');
      for (const screen of EMPLOYEE_SCREENS) await visit(employee.page, screen);
      await employee.context.close();

      const admin = await newPage(browser, { locale: 'fr-CA' });
      await admin.page.goto('/auth');
      await admin.page.getByLabel('Courriel').fill(SEED_USERS.admin.email);
      await admin.page.getByLabel('Mot de passe').fill(E2E_PASSWORD);
      await admin.page.getByRole('button', { name: 'Se connecter' }).click();
      await admin.page.waitForURL('**/dashboard');
      for (const screen of SCREENS.map((each) => each.path as string)) {
        if (!EMPLOYEE_SCREENS.includes(screen)) await visit(admin.page, screen);
      }
      await admin.context.close();

      expect(problems.join('\n')).toBe('');
    },
  );

  it('follows the person: chosen in Account settings, it comes back on another device', async () => {
    const first = await newPage(browser);
    await signInAndWait(first.page, SEED_USERS.francophone);
    await first.page.getByRole('button', { name: 'Clock In' }).waitFor();
    await first.page.goto('/time-off');
    await first.page.getByText('Vacation', { exact: true }).first().waitFor();
    await first.page.getByRole('button', { name: 'Account menu' }).click();
    await first.page.getByRole('menuitem', { name: 'Account settings' }).click();
    await first.page.getByLabel('Show Punchclock in').selectOption('fr-CA');
    // The whole app switches at once, this dialog's screen included, and what the server named
    // (a leave type Punchclock created) is fetched again in French.
    await first.page.getByRole('heading', { name: 'Congés', exact: true }).waitFor();
    await first.page.getByText('Vacances', { exact: true }).first().waitFor();
    await first.context.close();

    // Another device whose browser prefers English: the profile's choice wins once signed in.
    const second = await newPage(browser, { locale: 'en-US' });
    await signIn(second.page, SEED_USERS.francophone);
    await second.page.waitForURL('**/dashboard');
    await second.page.getByRole('button', { name: CLOCK_IN_FR }).waitFor();
    expect(await second.page.getAttribute('html', 'lang')).toBe('fr-CA');
    await saveScreenshot(second.page, 'fr-CA/chosen-in-account-settings');

    // A refusal made by the server comes back in French too.
    const refused = await second.page.evaluate(async (csrfHeader) => {
      const response = await fetch('/api/me/language', {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          [csrfHeader]: '1',
          'accept-language': 'fr-CA',
        },
        body: JSON.stringify({ language: 'de' }),
      });
      return (await response.json()) as { message: string };
    }, CSRF_HEADER);
    expect(refused.message).toBe('Choisissez l’anglais ou le français (Canada)');
    await second.context.close();
  });
});
