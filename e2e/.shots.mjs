// Temporary screenshot pass (not committed).
import { chromium } from 'playwright-core';
const BASE = process.env.BASE ?? 'http://localhost:3500';
const EMAIL = process.env.EMAIL, PASSWORD = process.env.PASSWORD;
const OUT = '/tmp/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
async function session(width, dark) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 }, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await page.goto(`${BASE}/auth`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/dashboard/);
  if (dark) { await page.evaluate(() => localStorage.setItem('theme', 'dark')); await page.reload(); }
  await page.waitForTimeout(800);
  return { context, page };
}
const csv = 'name,email,role,team,employee_number,hire_date,hourly_rate,language,manager\nNora New,nora.new@example.com,employee,Floor,E-901,2026-01-05,19.50,fr-CA,admin@demo.punchclock.test\nBad Row,not-an-email,boss,,,,abc,,\n';
for (const [tag, width, dark] of [['desk-light', 1280, false], ['desk-dark', 1280, true], ['phone-light', 390, false], ['phone-dark', 390, true]]) {
  const { context, page } = await session(width, dark);
  const shot = (name) => page.screenshot({ path: `${OUT}/${name}-${tag}.png`, fullPage: false });
  await shot('dashboard');
  if (width > 500) {
    await page.keyboard.press('Control+k');
    await page.waitForTimeout(800);
    await page.keyboard.type('time');
    await page.waitForTimeout(400);
    await shot('palette');
    await page.keyboard.press('Escape');
  } else {
    await page.getByRole('button', { name: /menu/i }).first().click().catch(() => {});
    await page.waitForTimeout(600);
    await shot('phone-menu');
    await page.keyboard.press('Escape');
  }
  await page.goto(`${BASE}/my-timesheet`); await page.waitForTimeout(1200); await shot('my-timesheet');
  await page.goto(`${BASE}/users`); await page.waitForTimeout(1200); await shot('users');
  await page.getByRole('button', { name: 'Import people' }).click();
  await page.waitForTimeout(600);
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.waitForTimeout(1500);
  await shot('import-preview');
  await page.keyboard.press('Escape');
  await page.goto(`${BASE}/single-sign-on`); await page.waitForTimeout(1200);
  await page.getByText('Two-step verification').first().scrollIntoViewIfNeeded().catch(() => {});
  await shot('sso-two-step');
  await page.getByText('Directory provisioning (SCIM)').first().scrollIntoViewIfNeeded().catch(() => {});
  await shot('sso-scim');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await page.waitForTimeout(1200);
  await page.getByText('Two-step verification').first().scrollIntoViewIfNeeded().catch(() => {});
  await shot('account-security');
  await page.getByText('Where you’re signed in').first().scrollIntoViewIfNeeded().catch(() => page.getByText("Where you're signed in").first().scrollIntoViewIfNeeded().catch(() => {}));
  await shot('account-sessions');
  await context.close();
}
await browser.close();
console.log('done');
