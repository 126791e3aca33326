import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations, settle } from './support/axe.ts';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { SEED_USERS } from './support/seed.ts';

/** Toronto City Hall (the allowed place, 100 m) and Union Station, 850 m from its edge. */
const HEAD_OFFICE = { latitude: 43.65344, longitude: -79.38409 };
const UNION_STATION = { latitude: 43.64529, longitude: -79.38064 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('location policy (#17)', () => {
  it(
    '"require" refuses a punch from outside with how far, and accepts one inside',
    {
      timeout: 120_000,
    },
    async () => {
      const admin = await newPage(browser);
      await signInAndWait(admin.page, SEED_USERS.admin);
      await admin.page.goto('/punch-locations');
      const team = admin.page.getByTestId('location-team').filter({ hasText: 'Field team' });
      await team.getByLabel('Location rule').selectOption('require');
      await admin.page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Location rule saved' })
        .waitFor();
      const form = team.getByRole('form', { name: 'Add a place for Field team' });
      await form.getByLabel('Name').fill('Head office');
      await form.getByLabel('Latitude').fill(String(HEAD_OFFICE.latitude));
      await form.getByLabel('Longitude').fill(String(HEAD_OFFICE.longitude));
      await form.getByLabel('Radius (metres)').fill('100');
      await form.getByRole('button', { name: 'Add place' }).click();
      await team
        .getByRole('list', { name: 'Allowed places of Field team' })
        .getByText('Head office')
        .waitFor();
      await settle(admin.page);
      const violations = await seriousViolations(admin.page);
      expect(violations, describeViolations('/punch-locations', violations)).toEqual([]);
      await saveScreenshot(admin.page, 'punch-locations');

      const person = await newPage(browser);
      await person.context.grantPermissions(['geolocation']);
      await person.context.setGeolocation({ ...UNION_STATION, accuracy: 15 });
      await signInAndWait(person.page, SEED_USERS.located);
      await person.page.getByRole('button', { name: 'Clock In' }).click();
      await person.page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'You are 850 m from Head office. Punch from an allowed place.' })
        .waitFor();
      // Nothing was recorded: still not clocked in.
      const before = await person.page.request.get('/api/time-events/today');
      expect(((await before.json()) as { state: string }).state).toBe('none');
      await saveScreenshot(person.page, 'punch-location-refused');

      await person.context.setGeolocation({ ...HEAD_OFFICE, accuracy: 15 });
      await person.page.getByRole('button', { name: 'Clock In' }).click();
      await expect
        .poll(() =>
          person.page
            .getByTestId('current-status')
            .textContent()
            .catch(() => null),
        )
        .toBe('Working');
      await person.page.goto('/attendance-history');
      await person.page
        .getByRole('button', { name: /^Show events of / })
        .first()
        .click();
      await person.page.getByText('(at Head office)').waitFor();

      await person.context.close();
      await admin.context.close();
    },
  );
});
