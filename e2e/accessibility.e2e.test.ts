import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { SCREENS } from '@punchclock/shared/domain/navigation';
import { accessibilityProblems } from './support/axe.ts';
import { collectCspViolations, launchBrowser, newPage, signInAndWait } from './support/browser.ts';
import { SEED_USERS, type SeedUser } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Screens everyone has, checked as an employee who has a schedule and some history. */
const EMPLOYEE_SCREENS = [
  '/dashboard',
  '/attendance-history',
  '/my-timesheet',
  '/schedules',
  '/time-off',
  '/availability',
  '/open-shifts',
];
/** Everything else in the route table, checked as an admin (who sees every team's data). */
const ADMIN_SCREENS = SCREENS.map((screen) => screen.path as string).filter(
  (path) => !EMPLOYEE_SCREENS.includes(path),
);

/** Dialogs opened on a screen (cheap to reach), checked while open. */
const DIALOGS: Record<string, (page: Page) => Promise<void>> = {
  '/users': async (page) => {
    await page.getByRole('button', { name: 'Add person' }).click();
    await page.getByRole('dialog').waitFor();
  },
  // Pay Rules with the averaging, time-off-in-lieu and grace fields the form reveals, and an
  // agreement on file (far in the future, so no timesheet changes; later visits find it filed).
  '/pay-rules': async (page) => {
    const directory = await page.request.get('/api/users/directory');
    const { users } = (await directory.json()) as { users: { id: string; email: string }[] };
    const person = users.find((user) => user.email === SEED_USERS.keyboard.email);
    const filed = await page.request.post('/api/pay-rules/agreements', {
      data: { userId: person?.id, startDate: '2032-01-04' },
      headers: { [CSRF_HEADER]: '1' },
    });
    expect([201, 409]).toContain(filed.status());
    await page.reload();
    // Other browser tests may file agreements too (files run in any order): find this one.
    await page
      .getByRole('table', { name: 'Agreements on file' })
      .getByRole('row')
      .filter({ hasText: SEED_USERS.keyboard.name })
      .getByText('Upcoming')
      .waitFor();
    await page.getByLabel('Average hours over several weeks').check();
    await page.getByLabel(/Bank overtime as time off in lieu/).check();
    await page.getByLabel('Timesheet rounding').selectOption('grace');
    await page.getByLabel('Grace (minutes)').waitFor();
  },
  // The managers' Timesheets screen (in ADMIN_SCREENS from the route table): the previous pay
  // period is over, so an admin can open "Approve and lock period" (opened, never confirmed).
  '/timesheets': async (page) => {
    await page.getByRole('button', { name: 'Previous pay period' }).click();
    await page.getByRole('button', { name: 'Approve and lock period' }).click();
    await page.getByRole('dialog').waitFor();
  },
  // The roster board's shift form, opened on an empty cell (never saved).
  '/roster': async (page) => {
    await page
      .getByRole('button', { name: /^Add a shift for / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
  },
  // Demand Planning (in ADMIN_SCREENS from the route table): its settings form, the section
  // with the most fields (the grid is checked as the screen opens).
  '/demand': async (page) => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
  },
  // The quick search (#33 part 6), opened with its shortcut and narrowed by a word.
  '/my-timesheet': async (page) => {
    await page.getByTestId('quick-search-button').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Go to a screen' }).waitFor();
    await page.getByRole('combobox').fill('time');
    await page.getByRole('option', { name: 'My Timesheet' }).waitFor();
  },
  // Account settings with Where you're signed in (#33 part 5).
  '/attendance-history': async (page) => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.getByTestId('signed-in-session').first().waitFor();
  },
  '/dashboard': async (page) => {
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByRole('menu').waitFor();
  },
};

const THEMES = ['light', 'dark'] as const;

/** Checked before anyone signs in: the sign-in page, an unknown address, the setup page. */
const SIGNED_OUT_SCREENS = ['/auth', '/no-such-screen', '/setup'];

type Theme = (typeof THEMES)[number];

/**
 * One test per screen (and its dialog), so a slow screen has its own time and a failure names it;
 * one signed-in page per person and theme, shared by their screens. A screen takes 1 to 16 s here
 * (the 200-person roster the most); its limit is the whole walk's old one, because CI once saw a
 * walk stall for about two minutes that no run here reproduced.
 */
function checkEveryScreen(
  theme: Theme,
  who: string,
  paths: readonly string[],
  signInAs?: Pick<SeedUser, 'email'>,
) {
  describe(who, () => {
    let context: BrowserContext;
    let page: Page;
    // What the Content-Security-Policy refused since the last screen's check.
    let cspViolations: string[];
    beforeAll(async () => {
      ({ context, page } = await newPage(browser, { theme }));
      cspViolations = collectCspViolations(context);
      if (signInAs) await signInAndWait(page, signInAs);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const path of paths) {
      it(path, { timeout: 180_000 }, async () => {
        cspViolations.length = 0;
        await page.goto(path);
        const found = await accessibilityProblems(page, { prefix: 'a11y', name: path, theme });
        const openDialog = DIALOGS[path];
        if (openDialog) {
          await openDialog(page);
          found.push(
            ...(await accessibilityProblems(page, {
              prefix: 'a11y',
              name: `${path}-dialog`,
              theme,
            })),
          );
          await page.keyboard.press('Escape');
        }
        expect(found.join('\n\n'), 'axe violations').toBe('');
        // The screen works under the Content-Security-Policy: nothing was refused.
        expect(cspViolations, 'CSP violations').toEqual([]);
      });
    }
  });
}

describe('accessibility (axe-core: no serious or critical violations, nothing wider than a phone) under the CSP', () => {
  for (const theme of THEMES) {
    describe(`every screen at phone and desktop width in ${theme} theme`, () => {
      checkEveryScreen(theme, 'signed out', SIGNED_OUT_SCREENS);
      // An employee who has a schedule and some history.
      checkEveryScreen(theme, 'as an employee', EMPLOYEE_SCREENS, SEED_USERS.corrector);
      checkEveryScreen(theme, 'as an admin', ADMIN_SCREENS, SEED_USERS.admin);
    });
  }
});

describe('calendar', () => {
  it('names each day by its plan, not only its date', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.corrector);
    await page.goto('/schedules');
    const today = page.getByRole('gridcell', { name: /Today/ });
    await today.waitFor();
    const name = await today.evaluate(
      (cell) => cell.getAttribute('aria-label') ?? cell.textContent,
    );
    expect(name).toMatch(/^\w+day, \w+ \d{1,2}/);
    await expect
      .poll(() => page.getByRole('gridcell', { name: /Today.*E2E Report shift/ }).count())
      .toBe(1);
    await context.close();
  });
});
