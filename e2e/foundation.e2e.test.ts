import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  saveScreenshot,
  sidebarLabels,
  signIn,
  signInAndWait,
} from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

// product §2 sidebar table, written out independently of the app's own list, in the sections
// of #33 part 6 (Time, People, Schedules, Pay, Reports, Settings & integrations); issue #30 adds
// everyone's Availability and Open Shifts & Swaps, #31 planners' Demand Planning, #33 everyone's
// My Timesheet.
const EMPLOYEE_ITEMS = [
  'Dashboard',
  'Attendance',
  'Time Off',
  'Schedules',
  'Availability',
  'Open Shifts & Swaps',
  'My Timesheet',
];
const EXPECTED_SIDEBAR = {
  admin: [
    'Dashboard',
    'SME Dashboard',
    'Attendance',
    'Time Off',
    'Time Approvals',
    'Break Monitoring',
    'User Management',
    'Schedules',
    'Availability',
    'Open Shifts & Swaps',
    'Roster',
    'Demand Planning',
    'Schedule Management',
    'Schedule Assignment',
    'My Timesheet',
    'Timesheets',
    'Pay Rules',
    'Payroll',
    'Adherence Reports',
    'Worked Hours Report',
    'Analytics',
    'Audit Logs',
  ],
  // Issues #6 and #7 give team leads User Management and the reports, for their own team;
  // issue #14 their team's Timesheets; issue #30 their team's Roster; #31 its Demand Planning.
  teamLead: [
    'Dashboard',
    'Attendance',
    'Time Off',
    'User Management',
    'Schedules',
    'Availability',
    'Open Shifts & Swaps',
    'Roster',
    'Demand Planning',
    'My Timesheet',
    'Timesheets',
    'Adherence Reports',
    'Worked Hours Report',
    'Analytics',
  ],
  employee: EMPLOYEE_ITEMS,
  sme: ['SME Dashboard', 'Time Approvals', 'Timesheets'],
} as const;

/** The sidebar's section titles per role (each a list labelled by its title). */
const EXPECTED_SECTIONS = {
  admin: ['Time', 'People', 'Schedules', 'Pay', 'Reports', 'Settings & integrations'],
  teamLead: ['Time', 'People', 'Schedules', 'Pay', 'Reports'],
  employee: ['Time', 'Schedules', 'Pay'],
  sme: ['Time', 'Pay'],
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in and roles', () => {
  for (const key of ['admin', 'teamLead', 'employee', 'sme'] as const) {
    it(`signs in as ${key} and shows that role's sidebar`, async () => {
      const { context, page } = await newPage(browser);
      await signInAndWait(page, SEED_USERS[key]);
      await expect.poll(() => sidebarLabels(page)).toEqual(EXPECTED_SIDEBAR[key]);
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByTestId('sidebar-section-title').allTextContents()).toEqual(
        EXPECTED_SECTIONS[key],
      );
      // Each section is a list named by its heading.
      await nav
        .getByRole('list', { name: EXPECTED_SECTIONS[key][0] })
        .getByRole('link')
        .first()
        .waitFor();
      if (key !== 'sme') {
        await expect
          .poll(() => page.getByTestId('dashboard-email').textContent())
          .toBe(SEED_USERS[key].email);
      }
      const adminButton = page.getByRole('link', { name: 'Admin', exact: true });
      expect(await adminButton.count()).toBe(key === 'admin' ? 1 : 0);
      await saveScreenshot(page, `dashboard-${key}`);
      await context.close();
    });
  }

  it('shows the first validation message as a toast and stays on /auth', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, SEED_USERS.employee, 'lowercase1');
    await expect
      .poll(() => page.getByText('Password must contain an uppercase letter').count())
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('shows the auth failure and the suspended-account message', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, SEED_USERS.employee, 'Wrong-password-1');
    await expect.poll(() => page.getByText('Invalid login credentials').count()).toBe(1);
    await signIn(page, SEED_USERS.suspended);
    await expect
      .poll(() =>
        page.getByText('Your account has been suspended. Please contact an administrator.').count(),
      )
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('shows "Signing In..." while busy and trims the email', async () => {
    const { context, page } = await newPage(browser);
    // The sign-in answer is held until the test has seen the busy button, then let through.
    let releaseSignIn = () => {};
    const signInReleased = new Promise<void>((resolve) => (releaseSignIn = resolve));
    await page.route('**/api/auth/sign-in', async (route) => {
      await signInReleased;
      await route.continue();
    });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(`  ${SEED_USERS.employee.email}  `);
    await page.getByLabel('Password').fill('E2e-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Signing In...' }).count()).toBe(1);
    releaseSignIn();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('route guard', () => {
  it('sends visitors without a session to /auth, and / to /auth', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await page.goto('/');
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('sends a user without the role to /dashboard; admin and sme pass their guards', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    for (const path of ['/users', '/sme', '/time-approvals', '/admin']) {
      await page.goto(path);
      await page.waitForURL('**/dashboard');
    }
    await page.goto('/schedules');
    await expect.poll(() => page.getByRole('heading', { name: 'Schedules' }).count()).toBe(1);
    await context.close();

    const sme = await newPage(browser);
    await signInAndWait(sme.page, SEED_USERS.sme);
    for (const path of ['/sme', '/time-approvals']) {
      await sme.page.goto(path);
      await expect.poll(() => new URL(sme.page.url()).pathname).toBe(path);
    }
    await sme.page.goto('/users');
    await sme.page.waitForURL('**/dashboard');
    await sme.context.close();

    const admin = await newPage(browser);
    await signInAndWait(admin.page, SEED_USERS.admin);
    await admin.page.goto('/users');
    // More people are seeded than one page holds: find the SME by search.
    await admin.page.getByLabel('Search by name or email').fill(SEED_USERS.sme.email);
    await expect
      .poll(() => admin.page.getByRole('cell', { name: SEED_USERS.sme.email }).count())
      .toBe(1);
    await saveScreenshot(admin.page, 'users-admin');
    await admin.page.goto('/sme');
    await expect
      .poll(() => admin.page.getByRole('heading', { name: 'SME Dashboard' }).count())
      .toBe(1);
    await admin.context.close();
  });

  it('goes straight to /dashboard when /auth is opened with a session', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.teamLead);
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('shell', () => {
  it('shows the 404 page with a way home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Oops! Page not found' }).count())
      .toBe(1);
    await saveScreenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('keeps the dark theme across reloads under localStorage "theme"', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await isDark()).toBe(true);
    await saveScreenshot(page, 'dashboard-dark');
    await context.close();
  });

  it('collapses the sidebar to icons', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    const sidebar = page.getByTestId('sidebar').first();
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
    // The section headings stay for screen readers (a rule shows between sections instead).
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('list').count()).toBe(6);
    await nav
      .getByRole('list', { name: 'Pay' })
      .getByRole('link', { name: 'My Timesheet' })
      .waitFor();
    await saveScreenshot(page, 'sidebar-collapsed');
    await context.close();
  });

  it('logs out with "Logged out successfully" and the session no longer works', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await expect.poll(() => page.getByText('Logged out successfully').count()).toBe(1);
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('opens the menu as a drawer at phone width', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740, theme: 'dark' });
    await signInAndWait(page, SEED_USERS.employee);
    await page.getByTestId('dashboard-email').waitFor();
    await saveScreenshot(page, 'dashboard-phone-dark');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Schedules' }).click();
    await page.waitForURL('**/schedules');
    await context.close();
  });

  it('shows the offline banner, then the back-online banner for 3 seconds', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    const offline = page.getByText('No internet connection. Some features may be unavailable.');
    const online = page.getByText('Back online! All changes will sync automatically.');
    await context.setOffline(true);
    await expect.poll(() => offline.count()).toBe(1);
    await saveScreenshot(page, 'offline-banner');
    await context.setOffline(false);
    await expect.poll(() => online.count()).toBe(1);
    expect(await offline.count()).toBe(0);
    await expect.poll(() => online.count(), { timeout: 6000 }).toBe(0);
    await context.close();
  });

  it('shows the error fallback when a screen fails to load', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.route('**/assets/users-page-*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Something went wrong' }).count())
      .toBe(1);
    await expect
      .poll(() =>
        page
          .getByText('We encountered an unexpected error. Please try refreshing the page.')
          .count(),
      )
      .toBe(1);
    await saveScreenshot(page, 'error-fallback');
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('session timeout', () => {
  it('warns at 55 idle minutes with an m:ss countdown and signs out at 60', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await signInAndWait(page, SEED_USERS.employee);
    // The shell (and its idle timer) must be mounted before time jumps.
    await page.getByTestId('dashboard-email').waitFor();
    await page.clock.fastForward('55:00');
    await page.clock.runFor(1000);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await page.getByTestId('countdown').textContent()).toMatch(/^[45]:\d\d$/);
    await saveScreenshot(page, 'session-timeout');

    await page.getByRole('button', { name: 'Stay Logged In' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.clock.fastForward('54:00');
    await page.clock.runFor(1000);
    expect(await dialog.count()).toBe(0);
    await page.clock.fastForward('06:30');
    await page.clock.runFor(2000);
    await page.waitForURL('**/auth');
    await context.close();
  });
});
