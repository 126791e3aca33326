import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRequestsInFlight,
  backdateQueuedPunches,
  launchBrowser,
  liveStreamOpen,
  newPage,
  saveScreenshot,
  sidewaysOverflow,
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

const activityLabels = async (page: Page) =>
  (await page.getByTestId('activity-item').locator('span.font-medium').allTextContents()).map(
    (text) => text.trim(),
  );

async function chooseStatus(page: Page, option: RegExp, toast: string) {
  await page.getByRole('radio', { name: option }).click();
  await page.getByRole('button', { name: 'Update Status' }).click();
  await page.getByText(toast, { exact: true }).first().waitFor();
}

describe('time tracking', () => {
  it('records a full day with toasts, Today’s Activity and Last Action', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.teamLead);
    await page.getByText('No activity recorded yet').waitFor();

    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Clocked In - Working').first().waitFor();
    await expect.poll(() => page.getByTestId('current-status').textContent()).toBe('Working');
    expect(await page.getByRole('button', { name: 'Update Status' }).isDisabled()).toBe(true);

    await chooseStatus(page, /^Break \(15 min paid\)$/, 'On Break');
    await chooseStatus(page, /^Working$/, 'Clocked In - Working');
    await chooseStatus(page, /^Lunch \(30 min unpaid\)$/, 'On Lunch');
    await expect.poll(() => page.getByTestId('current-status').textContent()).toBe('On Lunch');
    await saveScreenshot(page, 'dashboard-at-lunch');

    await page.getByRole('button', { name: 'Clock Out' }).click();
    await page.getByText('Clocked Out', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Clock In' }).waitFor();

    await expect
      .poll(() => activityLabels(page))
      .toEqual(['Clocked In', 'Started Break', 'Back to work', 'Started Lunch', 'Clocked Out']);
    expect(await page.getByTestId('last-action').textContent()).toMatch(
      /Clocked Out at \d{1,2}:\d{2} (AM|PM)/,
    );
    await saveScreenshot(page, 'dashboard-day-done');

    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/attendance-history');
    await page
      .getByRole('button', { name: /Show events of/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('table').getByText('Started Lunch').count()).toBe(1);
    await saveScreenshot(page, 'attendance-history');
    await context.close();
  });

  it('updates a second tab live', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    const second = await context.newPage();
    await second.goto('/dashboard');
    await second.getByRole('button', { name: 'Clock In' }).waitFor();
    // The second tab hears the first's punch only once the server has greeted its live stream.
    await liveStreamOpen(second);

    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Clocked In - Working').first().waitFor();
    await expect
      .poll(() => second.getByTestId('current-status').textContent(), { timeout: 5000 })
      .toBe('Working');
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await expect
      .poll(() => second.getByRole('button', { name: 'Clock In' }).count(), { timeout: 5000 })
      .toBe(1);
    await context.close();
  });

  it('queues a punch offline, keeps it across a reload and syncs it exactly once', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    await page.getByRole('button', { name: 'Clock In' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Saved on this device. It will sync when you are back online.').waitFor();
    await expect.poll(() => page.getByText('Pending sync').count()).toBe(1);
    await saveScreenshot(page, 'offline-pending');
    // Taken 20 minutes ago as far as the server will know: it arrives late and goes to review.
    expect(await backdateQueuedPunches(page, 20)).toBe(1);

    // Back online but the API still unreachable: the action must stay queued through a reload.
    await page.route('**/api/time-events', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    await context.setOffline(false);
    await page.reload();
    await expect.poll(() => page.getByText('Pending sync').count()).toBe(1);

    await page.unroute('**/api/time-events');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => page.getByText('Pending sync').count(), { timeout: 10_000 }).toBe(0);
    await page
      .getByText('A punch saved offline was sent late, so your manager will review it.')
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId('current-status').textContent()).toBe('Working');

    const today = await page.request.get('/api/time-events/today');
    const body = (await today.json()) as { events: { eventType: string; source: string }[] };
    expect(body.events.map((event) => [event.eventType, event.source])).toEqual([
      ['clock_in', 'offline_sync'],
    ]);
    // The day is flagged in the person's history until a manager reviews the punch.
    await page.goto('/attendance-history');
    await expect
      .poll(() => page.getByText('Unreviewed', { exact: true }).count())
      .toBeGreaterThan(0);
    await context.close();
  });

  it('shows the server’s warning about an early clock-in as a toast', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.employee);
    await page.getByRole('button', { name: 'Clock In' }).waitFor();
    // The server decides (API-tested with a fixed clock); here only how the dashboard shows it,
    // so the answer is made up and nothing is recorded.
    const warning = 'You clocked in 3 h 10 min before your shift starts at 9:00 AM';
    await page.route('**/api/time-events', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const { id } = route.request().postDataJSON() as { id: string };
      const now = new Date();
      const date = now.toISOString().slice(0, 10);
      return route.fulfill({
        status: 201,
        json: {
          event: {
            id,
            eventType: 'clock_in',
            occurredAt: now.toISOString(),
            date,
            shiftDate: date,
            source: 'web',
          },
          isReplay: false,
          needsReview: false,
          warning,
        },
      });
    });
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText(warning).first().waitFor();
    await context.close();
  });

  it('reads the session once on a fresh dashboard load', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.keyboard);
    const sessionReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/auth/session') {
        sessionReads.push(request.url());
      }
    });
    const inFlight = apiRequestsInFlight(page);
    await page.goto('/dashboard');
    await page.getByTestId('last-action').waitFor();
    // A duplicate (a second query key, a re-read when the live stream opens) is sent by the time
    // the stream is open and every request the page made has been answered.
    await liveStreamOpen(page);
    await expect.poll(inFlight).toBe(0);
    expect(sessionReads).toHaveLength(1);
    await context.close();
  });

  it('keeps keyboard focus in the tracker after each punch', async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.keyboard);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return element
          ? `${element.getAttribute('role') ?? element.tagName}:${element.textContent?.trim()}`
          : '';
      });

    await page.getByRole('button', { name: 'Clock In' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Clocked In - Working').first().waitFor();
    await expect.poll(focused).toBe('radio:Working');

    await page.getByRole('radio', { name: /^Break/ }).click();
    await page.getByRole('button', { name: 'Update Status' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('current-status').textContent()).toBe('On Break');
    await expect.poll(focused).toMatch(/^radio:Break/);

    await page.getByRole('button', { name: 'Clock Out' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Clocked Out', { exact: true }).first().waitFor();
    await expect.poll(focused).toBe('BUTTON:Clock In');
    await context.close();
  });

  it('leaves the phone top bar and Clock Out uncovered by the offline banner and toasts', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInAndWait(page, SEED_USERS.phone);
    await page.getByRole('button', { name: 'Clock In' }).waitFor();
    /** Whether a real tap at the control's centre reaches it (nothing drawn over it). */
    const isTappable = (locator: Locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && element.contains(hit);
      });
    const topBar = [
      page.getByRole('button', { name: 'Open menu' }),
      page.getByRole('button', { name: /^Notifications/ }),
      page.getByRole('button', { name: /^Switch to (dark|light) theme$/ }),
      page.getByRole('button', { name: 'Account menu' }),
    ];
    const expectUncovered = async (controls: Locator[]) => {
      // Toasts slide in; judge where they come to rest.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
          (toast) => toast.getAnimations().length === 0,
        ),
      );
      for (const control of controls) expect(await isTappable(control)).toBe(true);
    };

    await context.setOffline(true);
    await page.getByText('No internet connection. Some features may be unavailable.').waitFor();
    await expectUncovered(topBar);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Saved on this device. It will sync when you are back online.').waitFor();
    await expectUncovered([...topBar, page.getByRole('button', { name: 'Clock Out' })]);
    await saveScreenshot(page, 'phone-offline-toast');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await expect.poll(() => page.getByText('Pending sync').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await page.getByText('Clocked Out', { exact: true }).first().waitFor();
    await expectUncovered([...topBar, page.getByRole('button', { name: 'Clock In' })]);

    // History on a phone: each day is a card with every figure, no sideways scrolling.
    await page.goto('/attendance-history');
    const days = page.getByRole('list', { name: 'Your days' });
    await days.getByText('Worked', { exact: true }).first().waitFor();
    await days
      .getByRole('button', { name: /Show events of/ })
      .first()
      .click();
    await days.getByText('Clocked Out', { exact: true }).first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await saveScreenshot(page, 'attendance-history-phone');
    await context.close();
  });

  it('raises the break-limit toasts at the limit and beyond', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await signInAndWait(page, SEED_USERS.sme);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Clocked In - Working').first().waitFor();
    await chooseStatus(page, /^Break \(15 min paid\)$/, 'On Break');

    await page.clock.fastForward('15:00');
    await page.clock.runFor(60_000);
    await expect
      .poll(() =>
        page
          .getByText(
            /Break time limit reached \(15 minutes\)|You are 1 minute\(s\) over your break!/,
          )
          .count(),
      )
      .toBe(1);
    await page.clock.runFor(120_000);
    await expect
      .poll(() => page.getByText(/You are \d+ minute\(s\) over your break!/).count())
      .toBe(1);
    await saveScreenshot(page, 'break-over-limit');
    await context.close();
  });
});
