import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { expectNoViolations } from './support/axe.ts';
import {
  baseUrl,
  launchBrowser,
  newPage,
  saveScreenshot,
  signInAndWait,
} from './support/browser.ts';
import { writeQrVideo } from './support/fake-camera.ts';
import { E2E_PASSWORD, SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const KIM_PIN = '4827';
const KIT_PIN = '5938';

/** An admin creates a code on Kiosk Devices; the kiosk page redeems it. */
async function enrolKiosk(admin: Page, kiosk: Page, deviceName: string) {
  await admin.goto('/kiosk-devices');
  await admin.getByLabel('Device name').fill(deviceName);
  await admin.getByRole('button', { name: 'Create code' }).click();
  const code = (await admin.getByTestId('enrolment-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  await kiosk.goto('/kiosk');
  await kiosk.getByRole('heading', { name: 'Set up this kiosk' }).waitFor();
  await kiosk.getByLabel('Enrolment code').fill(code.toLowerCase());
  await kiosk.getByRole('button', { name: 'Set up kiosk' }).click();
  await kiosk.getByRole('heading', { name: 'Clock in or out' }).waitFor();
  await kiosk.getByText(deviceName).waitFor();
}

/** How many punches the person has today and yesterday (their own API). */
async function punchCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/time-events/today');
  const { events } = (await response.json()) as { events: unknown[] };
  return events.length;
}

/** Clock in when out, otherwise clock out: what the state machine allows next, either way. */
async function nextPunchFor(page: Page): Promise<'clock_in' | 'clock_out'> {
  const response = await page.request.get('/api/time-events/today');
  const { state } = (await response.json()) as { state: string };
  return state === 'none' || state === 'clock_out' ? 'clock_in' : 'clock_out';
}

async function identify(kiosk: Page, employeeNumber: string, pin: string) {
  await kiosk.getByLabel('Employee number').fill(employeeNumber);
  await kiosk.getByLabel('PIN', { exact: true }).fill(pin);
  await kiosk.getByRole('button', { name: 'Continue' }).click();
}

/** The same with the on-screen PIN pad, as on a tablet. */
async function identifyWithPad(kiosk: Page, employeeNumber: string, pin: string) {
  await kiosk.getByLabel('Employee number').fill(employeeNumber);
  const pad = kiosk.getByRole('group', { name: 'PIN pad' });
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
  await kiosk.getByRole('button', { name: 'Continue' }).click();
}

async function signedIn(user: (typeof SEED_USERS)[keyof typeof SEED_USERS]) {
  const opened = await newPage(browser);
  await signInAndWait(opened.page, user);
  return opened;
}

/** The person sets their kiosk PIN (as in Account settings, through the same API). */
async function setPin(page: Page, pin: string) {
  const response = await page.request.put('/api/me/kiosk-pin', {
    data: { currentPassword: E2E_PASSWORD, pin },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(response.status()).toBe(200);
}

describe('kiosk (#17)', () => {
  it(
    'an admin enrols a device; two people punch there with number and PIN; history says where',
    {
      timeout: 120_000,
    },
    async () => {
      // Kim sets her PIN in Account settings; Kit through the same API.
      const kim = await signedIn(SEED_USERS.kioskFirst);
      await kim.page.getByRole('button', { name: 'Account menu' }).click();
      await kim.page.getByRole('menuitem', { name: 'Account settings' }).click();
      const dialog = kim.page.getByRole('dialog');
      await dialog.getByTestId('kiosk-pin-status').getByText('Not set yet.').waitFor();
      const pinForm = dialog.getByRole('form', { name: 'Kiosk PIN' });
      await pinForm.getByLabel('Your password (to confirm)').fill(E2E_PASSWORD);
      await pinForm.getByLabel('New PIN (4 to 8 digits)').fill('1234');
      await pinForm.getByRole('button', { name: 'Save kiosk PIN' }).click();
      await pinForm.getByText('Choose a PIN that is not one digit repeated').waitFor();
      await pinForm.getByLabel('New PIN (4 to 8 digits)').fill(KIM_PIN);
      await pinForm.getByRole('button', { name: 'Save kiosk PIN' }).click();
      await dialog.getByTestId('kiosk-pin-status').getByText('You have a PIN.').waitFor();
      // The number she types at a kiosk, shown to her (an admin gives it).
      expect(await dialog.getByTestId('my-employee-number').textContent()).toBe('K-101');
      await expectNoViolations(kim.page, 'account dialog with kiosk PIN');
      await saveScreenshot(kim.page, 'account-kiosk-pin');
      await kim.page.keyboard.press('Escape');
      const kimDark = await newPage(browser, { width: 390, height: 844, theme: 'dark' });
      await signInAndWait(kimDark.page, SEED_USERS.kioskFirst);
      await kimDark.page.getByRole('button', { name: 'Account menu' }).click();
      await kimDark.page.getByRole('menuitem', { name: 'Account settings' }).click();
      await kimDark.page
        .getByRole('dialog')
        .getByTestId('my-employee-number')
        .getByText('K-101')
        .waitFor();
      await expectNoViolations(kimDark.page, 'account dialog (phone, dark)');
      await saveScreenshot(kimDark.page, 'account-kiosk-pin-phone-dark');
      await kimDark.context.close();

      const kit = await signedIn(SEED_USERS.kioskSecond);
      await setPin(kit.page, KIT_PIN);

      const admin = await signedIn(SEED_USERS.admin);
      const kiosk = await newPage(browser, { width: 820, height: 1180 });
      await kiosk.page.goto('/kiosk');
      await kiosk.page.getByRole('heading', { name: 'Set up this kiosk' }).waitFor();
      await expectNoViolations(kiosk.page, '/kiosk (not enrolled)');
      await saveScreenshot(kiosk.page, 'kiosk-enrol');
      await enrolKiosk(admin.page, kiosk.page, 'Front door tablet');
      await expectNoViolations(admin.page, '/kiosk-devices');
      await saveScreenshot(admin.page, 'kiosk-devices');
      await expectNoViolations(kiosk.page, '/kiosk');
      await saveScreenshot(kiosk.page, 'kiosk-identify');

      // Kim: identifying shows her name and state and records nothing; Clock In does.
      await identify(kiosk.page, 'k-101', KIM_PIN);
      await kiosk.page.getByRole('heading', { name: 'Hello, Kim Kiosk' }).waitFor();
      expect(await kiosk.page.getByTestId('kiosk-state').textContent()).toBe('Not clocked in');
      const buttons = kiosk.page.getByRole('group', { name: 'Record' });
      expect(await buttons.getByRole('button', { name: 'Break' }).isDisabled()).toBe(true);
      await expectNoViolations(kiosk.page, '/kiosk (identified)');
      await buttons.getByRole('button', { name: 'Clock In' }).click();
      await kiosk.page.getByRole('status').getByText('Clocked In - Working').waitFor();
      expect(await kiosk.page.getByTestId('kiosk-state').textContent()).toMatch(/^Working since /);
      await saveScreenshot(kiosk.page, 'kiosk-punched');
      await kiosk.page.getByRole('button', { name: 'Done' }).click();
      await kiosk.page.getByRole('heading', { name: 'Clock in or out' }).waitFor();
      expect(await kiosk.page.getByLabel('Employee number').inputValue()).toBe('');

      // Kit clocks in and walks away: the screen clears itself.
      await identify(kiosk.page, 'K-102', KIT_PIN);
      await kiosk.page.getByRole('heading', { name: 'Hello, Kit Kiosk' }).waitFor();
      await buttons.getByRole('button', { name: 'Clock In' }).click();
      await kiosk.page.getByRole('status').getByText('Clocked In - Working').waitFor();
      await kiosk.page
        .getByRole('heading', { name: 'Clock in or out' })
        .waitFor({ timeout: 15_000 });
      expect(await kiosk.page.getByText('Kit Kiosk').count()).toBe(0);

      // The punch is Kim's, made at the kiosk, and her own screens say so.
      await kim.page.goto('/attendance-history');
      await kim.page
        .getByRole('button', { name: /^Show events of / })
        .first()
        .click();
      await kim.page.getByText('(kiosk: Front door tablet)').first().waitFor();
      await kim.page.goto('/dashboard');
      await kim.page.getByTestId('current-status').getByText('Working').waitFor();

      for (const opened of [kim, kit, admin, kiosk]) await opened.context.close();
    },
  );

  it(
    'wrong PINs slow that kiosk for that number, saying how long, and lock nobody; the PIN pad types',
    {
      timeout: 120_000,
    },
    async () => {
      const kit = await signedIn(SEED_USERS.kioskSecond);
      await setPin(kit.page, KIT_PIN);
      await kit.context.close();
      const admin = await signedIn(SEED_USERS.admin);
      const kiosk = await newPage(browser, { width: 390, height: 844, theme: 'dark' });
      await enrolKiosk(admin.page, kiosk.page, 'Loading dock');

      // The pad: big labelled buttons; the PIN field asks the tablet for no keyboard.
      const pinField = kiosk.page.getByLabel('PIN', { exact: true });
      expect(await pinField.getAttribute('inputmode')).toBe('none');
      const pad = kiosk.page.getByRole('group', { name: 'PIN pad' });
      for (const digit of '86421')
        await pad.getByRole('button', { name: digit, exact: true }).click();
      expect(await pinField.inputValue()).toBe('86421');
      await pad.getByRole('button', { name: 'Delete the last digit' }).click();
      expect(await pinField.inputValue()).toBe('8642');
      await pad.getByRole('button', { name: 'Clear' }).click();
      expect(await pinField.inputValue()).toBe('');
      // The keyboard still types.
      await pinField.pressSequentially('97');
      expect(await pinField.inputValue()).toBe('97');
      await pad.getByRole('button', { name: 'Clear' }).click();
      // At a phone's width the whole pad and Continue fit without scrolling sideways.
      const continueBox = await kiosk.page.getByRole('button', { name: 'Continue' }).boundingBox();
      expect((continueBox?.x ?? 0) + (continueBox?.width ?? 0)).toBeLessThanOrEqual(390);
      await expectNoViolations(kiosk.page, '/kiosk PIN pad (phone, dark)');

      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await identifyWithPad(kiosk.page, 'K-102', '8642');
        await kiosk.page.getByText('Employee number or PIN is not correct').waitFor();
      }
      // The 4th wrong PIN says what happens next; the next try waits.
      await identifyWithPad(kiosk.page, 'K-102', '8642');
      await kiosk.page
        .getByText('Employee number or PIN is not correct. Wait 15 seconds before the next try.')
        .waitFor();
      await saveScreenshot(kiosk.page, 'kiosk-pin-pad-phone-dark');
      await identifyWithPad(kiosk.page, 'K-102', KIT_PIN);
      await kiosk.page.getByText(/^Wait 1?\d seconds before the next try\.$/).waitFor();

      // Another kiosk is not slowed: Kit is not locked out anywhere.
      const other = await newPage(browser, { width: 390, height: 844 });
      await enrolKiosk(admin.page, other.page, 'Side door');
      await expectNoViolations(other.page, '/kiosk PIN pad (phone, light)');
      await saveScreenshot(other.page, 'kiosk-pin-pad-phone-light');
      await identifyWithPad(other.page, 'K-102', KIT_PIN);
      await other.page.getByRole('heading', { name: 'Hello, Kit Kiosk' }).waitFor();

      // The admin's badge dialog has no lock to lift.
      await admin.page.goto('/users');
      await admin.page.getByRole('button', { name: 'Kiosk badge and PIN of Kit Kiosk' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByText('Set by them.').waitFor();
      await dialog.getByRole('img', { name: 'QR code of employee number K-102' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Unlock PIN' }).count()).toBe(0);
      await expectNoViolations(admin.page, 'kiosk badge dialog');
      await saveScreenshot(admin.page, 'kiosk-badge-dialog');
      for (const opened of [admin, kiosk, other]) await opened.context.close();
    },
  );

  it(
    'revoking a device stops it at once: its next request asks to be set up again',
    {
      timeout: 60_000,
    },
    async () => {
      const admin = await signedIn(SEED_USERS.admin);
      const kiosk = await newPage(browser);
      await enrolKiosk(admin.page, kiosk.page, 'Break room');

      await admin.page.reload();
      const row = admin.page.getByTestId('kiosk-device-row').filter({ hasText: 'Break room' });
      admin.page.once('dialog', (confirm) => void confirm.accept());
      await row.getByRole('button', { name: 'Revoke Break room' }).click();
      await row.getByText(/^Revoked/).waitFor();

      await identify(kiosk.page, 'K-101', KIM_PIN);
      await kiosk.page.getByRole('heading', { name: 'Set up this kiosk' }).waitFor();
      const device = await kiosk.page.request.get('/api/kiosk/device');
      expect(device.status()).toBe(401);
      for (const opened of [admin, kiosk]) await opened.context.close();
    },
  );

  it(
    'offline, keeps a punch on the kiosk (also after a reload) and sends it once when back',
    {
      timeout: 120_000,
    },
    async () => {
      const kim = await signedIn(SEED_USERS.kioskFirst);
      await setPin(kim.page, KIM_PIN);
      const admin = await signedIn(SEED_USERS.admin);
      const kiosk = await newPage(browser, { serviceWorkers: 'allow' });
      await enrolKiosk(admin.page, kiosk.page, 'Parking lot');
      // The kiosk is installed: the service worker controls it, so it opens with no network.
      await expect
        .poll(() => kiosk.page.evaluate(() => navigator.serviceWorker.controller !== null), {
          timeout: 30_000,
        })
        .toBe(true);
      const before = await punchCount(kim.page);

      await kiosk.context.setOffline(true);
      await identify(kiosk.page, 'K-101', KIM_PIN);
      await kiosk.page.getByRole('heading', { name: 'Kiosk offline' }).waitFor();
      await expectNoViolations(kiosk.page, '/kiosk (offline)');
      const choice = (await nextPunchFor(kim.page)) === 'clock_in' ? 'Clock In' : 'Clock Out';
      await kiosk.page
        .getByRole('group', { name: 'Record' })
        .getByRole('button', { name: choice })
        .click();
      await kiosk.page.getByText(/Saved on this kiosk/).waitFor();
      await saveScreenshot(kiosk.page, 'kiosk-offline');
      await kiosk.page.getByText('1 punch waiting to send').waitFor();
      // Nothing reached the server; the PIN is nowhere on the device in the clear.
      expect(await punchCount(kim.page)).toBe(before);
      const stored = await kiosk.page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const request = indexedDB.open('punchclock-kiosk');
            request.onsuccess = () => {
              const read = request.result.transaction('queue').objectStore('queue').getAll();
              read.onsuccess = () => resolve(JSON.stringify(read.result));
            };
          }),
      );
      expect(stored).toContain('K-101');
      expect(stored).not.toContain(KIM_PIN);

      await kiosk.page.reload();
      await kiosk.page.getByRole('heading', { name: 'Clock in or out' }).waitFor();
      await kiosk.page.getByText('1 punch waiting to send').waitFor();

      // Back online, the reloaded kiosk sends at once (not at its next 30 s poll).
      await kiosk.context.setOffline(false);
      await kiosk.page
        .getByText('1 punch waiting to send')
        .waitFor({ state: 'detached', timeout: 8_000 });
      await expect.poll(() => punchCount(kim.page)).toBe(before + 1);
      const today = await kim.page.request.get('/api/time-events/today');
      const { events } = (await today.json()) as { events: { source: string }[] };
      expect(events.at(-1)?.source).toBe('kiosk');
      for (const opened of [kim, admin, kiosk]) await opened.context.close();
    },
  );

  it(
    'reads a QR badge through the camera into the employee number',
    { timeout: 60_000 },
    async () => {
      const video = path.join(mkdtempSync(path.join(tmpdir(), 'punchclock-camera-')), 'badge.y4m');
      writeQrVideo(video, 'K-101');
      const cameraBrowser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
      try {
        const admin = await signedIn(SEED_USERS.admin);
        const context = await cameraBrowser.newContext({
          baseURL: baseUrl(),
          serviceWorkers: 'block',
          permissions: ['camera'],
        });
        const kiosk = await context.newPage();
        await enrolKiosk(admin.page, kiosk, 'Camera kiosk');
        await kiosk.getByRole('button', { name: 'Scan badge' }).click();
        await expect
          .poll(() => kiosk.getByLabel('Employee number').inputValue(), { timeout: 20_000 })
          .toBe('K-101');
        // The camera is off again and the PIN is next.
        expect(await kiosk.getByLabel('Camera preview').count()).toBe(0);
        expect(await kiosk.evaluate(() => document.activeElement?.id)).toBe('kiosk-pin');
        await admin.context.close();
      } finally {
        await cameraBrowser.close();
      }
    },
  );
});
