import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems } from './support/axe.ts';
import { collectCspViolations } from './support/browser.ts';

/*
 * The first run (#33 part 1): a server of its own on an empty data folder (the shared one is
 * seeded), the link it prints, and the wizard walked in the browser to a signed-in dashboard.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const LINK_LINE = /Open (http:\/\/\S+\/setup#([\w-]{43})) to set up Punchclock \(one-time link\)/;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

let browser: Browser;
let server: ChildProcess;
let dataDir: string;
let baseUrl: string;
let output = '';

async function waitForOutput(pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = pattern.exec(output);
    if (match) return match;
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not printed: ${pattern.source}\n${output}`);
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-e2e-setup-'));
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    // Every request logged: the link's token must still appear only in the printed line.
    LOG_LEVEL: 'info',
    JOBS_ENABLED: 'false',
  };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  delete env.PAY_PERIOD;
  server = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(repoRoot, 'apps/server/dist/server.js')],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForOutput(LINK_LINE);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function open(theme: 'light' | 'dark') {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
    locale: 'en-US',
  });
  if (theme === 'dark') {
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  }
  const cspViolations = collectCspViolations(context);
  return { context, page: await context.newPage(), cspViolations };
}

/** axe at phone and desktop width, and nothing wider than a phone; returns what it found. */
function checkAccessibility(page: Page, name: string, theme: string): Promise<string[]> {
  return accessibilityProblems(page, { prefix: 'setup', name, theme });
}

const stepHeading = (page: Page) => page.getByTestId('setup-step');

/** Fills the wizard up to its last step (without finishing it), checking each step. */
async function fillWizard(page: Page, theme: string, found: string[]): Promise<void> {
  await expect.poll(() => stepHeading(page).textContent()).toBe('Step 1 of 4: Your organisation');
  await page.getByLabel('Organisation name').fill('Maple Bakery');
  expect(await page.getByLabel('Province rules').inputValue()).toBe('ON');
  found.push(...(await checkAccessibility(page, 'step-1', theme)));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => stepHeading(page).textContent()).toBe('Step 2 of 4: Pay period');
  await page.getByLabel('Weekly', { exact: true }).check();
  // Weekly periods need their start.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Choose the first day of a pay period').waitFor();
  await page.getByLabel('First day of a pay period').fill('2026-01-07');
  found.push(...(await checkAccessibility(page, 'step-2', theme)));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => stepHeading(page).textContent()).toBe('Step 3 of 4: First admin');
  await page.getByLabel('Your name').fill('Olive Owner');
  await page.getByLabel('Email').fill('olive@maple.example');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Password must be at least 8 characters').waitFor();
  await page.getByLabel('Password').fill('Maple-syrup-rises-9');
  // Corrected, the message goes at once (not only on Next).
  await page.getByText('Password must be at least 8 characters').waitFor({ state: 'detached' });
  found.push(...(await checkAccessibility(page, 'step-3', theme)));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect.poll(() => stepHeading(page).textContent()).toBe('Step 4 of 4: Demo data');
  found.push(...(await checkAccessibility(page, 'step-4', theme)));
}

describe('first run in the browser', () => {
  it('the sign-in page and a visit without the link say where the link is (dark theme checked)', async () => {
    const { context, page, cspViolations } = await open('dark');
    const found: string[] = [];
    await page.goto('/auth');
    await page.getByText('Punchclock is not set up yet.').waitFor();
    found.push(...(await checkAccessibility(page, 'sign-in-not-set-up', 'dark')));
    await page.goto('/setup');
    await page
      .getByRole('alert')
      .getByText(/The link is missing, or it has been used/)
      .waitFor();
    found.push(...(await checkAccessibility(page, 'no-link', 'dark')));
    // The wizard's steps in the dark theme too (not finished here).
    const [, link] = LINK_LINE.exec(output) ?? [];
    await page.goto(link ?? '/setup');
    await fillWizard(page, 'dark', found);
    await context.close();
    expect(found.join('\n\n'), 'axe violations').toBe('');
    expect(cspViolations, 'CSP violations').toEqual([]);
  });

  it('walks the link to a signed-in admin on the dashboard; the link then says it is used', async () => {
    const { context, page, cspViolations } = await open('light');
    const found: string[] = [];
    const [, link, token] = LINK_LINE.exec(output) ?? [];
    if (!link || !token) throw new Error(`no link in the output:\n${output}`);
    await page.goto(link);
    await fillWizard(page, 'light', found);
    await page.getByLabel('Add demo data').check();
    await page.getByRole('button', { name: 'Set up Punchclock' }).click();
    await page.waitForURL('**/dashboard', { timeout: 60_000 });

    const session = await page.request.get('/api/auth/session');
    expect(await session.json()).toMatchObject({
      user: { email: 'olive@maple.example', role: 'admin', name: 'Olive Owner' },
    });
    const status = await page.request.get('/api/setup/status');
    expect(await status.json()).toEqual({ needsSetup: false, organisationName: 'Maple Bakery' });
    // The demo's people are there, around Olive as the admin.
    const directory = await page.request.get('/api/users/directory');
    const { users } = (await directory.json()) as { users: { email: string }[] };
    expect(users.map((user) => user.email)).toContain('lead@demo.punchclock.test');
    expect(users.map((user) => user.email)).not.toContain('admin@demo.punchclock.test');

    // The link is spent: the page says so.
    await page.goto(link);
    await page.getByText('Punchclock is already set up. Sign in instead.').waitFor();
    found.push(...(await checkAccessibility(page, 'used-link', 'light')));
    await context.close();

    // A stranger's sign-in page: no setup notice, the organisation's name.
    const stranger = await open('light');
    await stranger.page.goto('/auth');
    await stranger.page.getByTestId('organisation-name').getByText('Maple Bakery').waitFor();
    expect(await stranger.page.getByText('Punchclock is not set up yet.').count()).toBe(0);
    await stranger.context.close();

    expect(found.join('\n\n'), 'axe violations').toBe('');
    expect(cspViolations, 'CSP violations').toEqual([]);
    // The token was printed once, and logged nowhere (it travels in a body, never a URL).
    expect(output.split(token).length - 1).toBe(1);
  }, 120_000);
});
