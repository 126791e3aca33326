import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { SEED_USERS, type SeedUser } from './support/seed.ts';

const TORONTO = 'America/Toronto';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TEAM = [
  SEED_USERS.rosterAda,
  SEED_USERS.rosterBea,
  SEED_USERS.rosterCal,
  SEED_USERS.rosterDee,
  SEED_USERS.rosterEve,
];

/** "Wed, Dec 2", as the board names a day. */
function boardDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "HH:mm" in Toronto of an instant. */
function torontoTime(instant: Date): string {
  return instant.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: TORONTO,
  });
}

async function signedIn(user: SeedUser): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { height: 1000 });
  await signInAndWait(page, user);
  return { page, close: () => context.close() };
}

/** The caller's secret calendar, as a calendar app fetches it. */
async function calendarOf(page: Page): Promise<string> {
  const created = await page.request.post('/api/calendar-feeds', {
    data: {},
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(created.status()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  return feed.text();
}

describe('rosters', () => {
  it(
    'a lead fills and publishes a week for five people from a template; one claims an open shift, two swap, a manager approves; schedules, calendars and adherence follow',
    { timeout: 420_000 },
    async () => {
      const today = toBusinessDate(Date.now(), TORONTO);
      const nextWeek = getWeekDates(shiftDate(getWeekDates(today)[0] ?? today, 7));
      const wednesday = nextWeek[3] ?? today;

      // An open shift starting in a few minutes, claimed first: a trade is only possible before
      // its shift starts, adherence scores a day only once it has; the week is built meanwhile.
      const openStart = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
      const openEnd = new Date(openStart.getTime() + 2 * 60 * 60_000);
      const openDate = toBusinessDate(openStart, TORONTO);

      const lead = await signedIn(SEED_USERS.rosterLead);
      // Added and published through the API the board uses: its week is whichever the clock is in.
      const added = await lead.page.request.post('/api/roster/shifts', {
        headers: { [CSRF_HEADER]: '1' },
        data: {
          userId: null,
          teamId: await teamIdOf(lead.page),
          date: openDate,
          startTime: torontoTime(openStart),
          endTime: torontoTime(openEnd),
          lunchStart: null,
          lunchEnd: null,
          breakDurationMins: 0,
          position: null,
          note: 'Cover the evening rush',
        },
      });
      expect(added.status()).toBe(201);
      const published = await lead.page.request.post('/api/roster/publish', {
        headers: { [CSRF_HEADER]: '1' },
        data: { weekStart: openDate },
      });
      expect(published.status()).toBe(200);

      // ---- Ren claims the open shift; a manager approves -------------------------------
      const ren = await signedIn(SEED_USERS.rosterAda);
      await ren.page.getByRole('link', { name: 'Open Shifts & Swaps' }).click();
      await ren.page.getByRole('button', { name: /^Claim: / }).click();
      await ren.page.getByText('Asked for the shift; a manager decides').waitFor();
      await saveScreenshot(ren.page, 'open-shifts-claimed');

      const sme = await signedIn(SEED_USERS.sme);
      const approve = async (person: SeedUser, screenshot?: string) => {
        await sme.page.goto('/time-approvals');
        const item = sme.page.getByTestId('approval-item').filter({ hasText: person.name });
        await expect.poll(() => item.count()).toBe(1);
        if (screenshot) await saveScreenshot(sme.page, screenshot);
        await item.getByRole('button', { name: 'Approve' }).click();
        await sme.page.getByText('Approved 1').first().waitFor();
      };
      await approve(SEED_USERS.rosterAda);

      // ---- The lead builds next week on the board ----------------------------------------
      await lead.page.getByRole('link', { name: 'Roster' }).click();
      await lead.page.getByRole('button', { name: 'Next week' }).click();
      await lead.page.getByRole('button', { name: 'Fill from template' }).click();
      const fill = lead.page.getByRole('dialog');
      await fill
        .getByLabel('Template')
        .selectOption({ label: 'E2E Weekday shift (9:00 AM–5:00 PM)' });
      // Everyone the lead plans is chosen at first (the lead too): these five only.
      await fill.getByRole('button', { name: 'None' }).click();
      for (const person of TEAM) await fill.getByLabel(person.name).check();
      await fill.getByRole('button', { name: 'Fill the week' }).click();
      await lead.page.getByText('Added 25 shifts').waitFor();

      // Rob keeps his Wednesday free: Rae's shift will be his.
      lead.page.once('dialog', (dialog) => void dialog.accept());
      await lead.page
        .getByRole('button', {
          name: new RegExp(`^Shift actions: ${SEED_USERS.rosterCal.name}, ${boardDay(wednesday)}`),
        })
        .click();
      await lead.page.getByRole('menuitem', { name: 'Delete' }).click();
      await lead.page.getByText('Shift deleted').waitFor();
      const publish = lead.page.getByRole('button', { name: /Publish \(24 unpublished\)/ });
      await publish.waitFor();
      await saveScreenshot(lead.page, 'roster-board-draft');

      await publish.click();
      await lead.page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
      await lead.page.getByText(/Published 24 shifts; told 5 people/).waitFor();
      // The board shows the week as people now see it: nothing left to publish.
      await expect.poll(() => lead.page.getByText('Draft', { exact: true }).count()).toBe(0);
      // Without the toasts: this one is the README's picture of the roster.
      await lead.page.reload();
      await lead.page.getByRole('button', { name: 'Next week' }).click();
      await expect
        .poll(() => lead.page.getByRole('button', { name: /^Shift actions: / }).count())
        .toBe(24);
      await saveScreenshot(lead.page, 'roster-board-published');

      // ---- Rae offers her Wednesday to Rob, who accepts; a manager approves -------------
      const rae = await signedIn(SEED_USERS.rosterBea);
      await rae.page.goto('/open-shifts');
      await rae.page
        .getByRole('button', { name: `Offer to a colleague: ${boardDay(wednesday)}` })
        .click();
      const offer = rae.page.getByRole('dialog');
      await offer.getByLabel('Colleague').selectOption({ label: SEED_USERS.rosterCal.name });
      await offer.getByRole('button', { name: 'Send offer' }).click();
      await rae.page.getByText(`Offered to ${SEED_USERS.rosterCal.name}`).first().waitFor();

      const rob = await signedIn(SEED_USERS.rosterCal);
      await rob.page.goto('/open-shifts');
      await rob.page.getByRole('button', { name: `Accept: ${boardDay(wednesday)}` }).click();
      await rob.page.getByText('You took the shift; a manager decides').waitFor();

      await approve(SEED_USERS.rosterBea, 'approvals-shift-trade');
      await sme.close();

      // ---- Each person's schedule and calendar follow ------------------------------------
      await rob.page.goto('/schedules');
      await rob.page.getByRole('button', { name: 'Next week' }).click();
      await expect
        .poll(() => rob.page.locator(`[data-date="${wednesday}"]`).textContent())
        .toContain('9:00 AM–5:00 PM');
      await rae.page.goto('/schedules');
      await rae.page.getByRole('button', { name: 'Next week' }).click();
      await expect
        .poll(() => rae.page.locator(`[data-date="${wednesday}"]`).textContent())
        .toContain('No schedule');
      await saveScreenshot(rae.page, 'my-schedule-after-swap');

      const compact = wednesday.replaceAll('-', '');
      const shiftStart = `DTSTART;TZID=${TORONTO}:${compact}T090000`;
      expect(await calendarOf(rob.page)).toContain(shiftStart);
      expect(await calendarOf(rae.page)).not.toContain(shiftStart);

      await ren.page.goto('/schedules');
      await expect
        .poll(() => ren.page.locator(`[data-date="${openDate}"]`).textContent())
        .toContain('Cover the evening rush');
      expect(await calendarOf(ren.page)).toContain('Cover the evening rush');

      // ---- Adherence holds Ren to the shift they claimed (they have no other plan today) --
      // Once it has started: a day is only scored from its shift's start.
      const wait = openStart.getTime() + 5_000 - Date.now();
      if (wait > 0) await ren.page.waitForTimeout(wait);
      await ren.page.goto('/dashboard');
      await ren.page.getByRole('button', { name: 'Clock In' }).click();
      await ren.page.getByText('Clocked In - Working').first().waitFor();

      // The punch queues the day for recompute; the report reads the stored figures.
      const admin = await signedIn(SEED_USERS.admin);
      const renFigures = async () => {
        const response = await admin.page.request.get(
          `/api/reports/adherence?from=${openDate}&to=${openDate}`,
        );
        const report = (await response.json()) as {
          people: { name: string; scheduledDays: number; inProgressDays: number }[];
        };
        return report.people.find((person) => person.name === SEED_USERS.rosterAda.name) ?? null;
      };
      await expect
        .poll(renFigures, { timeout: 60_000 })
        .toMatchObject({ scheduledDays: 1, inProgressDays: 1 });
      await admin.page.goto('/reports');
      await admin.page.getByLabel('From', { exact: true }).fill(openDate);
      await admin.page.getByLabel('To', { exact: true }).fill(openDate);
      const row = admin.page
        .getByTestId('adherence-row')
        .filter({ hasText: SEED_USERS.rosterAda.name });
      await expect.poll(() => row.count()).toBe(1);
      await saveScreenshot(admin.page, 'adherence-after-claim');

      for (const session of [admin, ren, rae, rob, lead]) await session.close();
    },
  );
});

/** The lead's team: the one the board plans. */
async function teamIdOf(page: Page): Promise<string> {
  const response = await page.request.get(
    `/api/roster?weekStart=${toBusinessDate(Date.now(), TORONTO)}`,
  );
  const { teams } = (await response.json()) as { teams: { id: string; name: string }[] };
  const team = teams.find((candidate) => candidate.name === 'Roster team');
  if (!team) throw new Error('the lead plans no "Roster team"');
  return team.id;
}
