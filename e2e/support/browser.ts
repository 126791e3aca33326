import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core';
import { inject } from 'vitest';
import { E2E_PASSWORD, type SeedUser } from './seed.ts';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export const baseUrl = (): string => inject('baseUrl');

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function newPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    theme?: 'light' | 'dark';
    /**
     * The app's service worker (#17) is blocked unless a test is about it: it would answer page
     * loads from its cache and take requests out of reach of page.route().
     */
    serviceWorkers?: 'allow' | 'block';
    /** The browser's language (navigator.languages, Accept-Language): en-US unless a test says. */
    locale?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    serviceWorkers: options.serviceWorkers ?? 'block',
    locale: options.locale ?? 'en-US',
  });
  if (options.theme === 'dark') {
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  }
  const page = await context.newPage();
  return { context, page };
}

/**
 * Counts the page's API requests still in flight, the never-ending live stream aside. Waiting
 * for zero (after what the page shows is there) waits until the page has sent and heard back
 * everything it was going to, instead of waiting for some time and hoping.
 */
export function apiRequestsInFlight(page: Page): () => number {
  const inFlight = new Set<Request>();
  const isApi = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && pathname !== '/api/live';
  };
  page.on('request', (request) => {
    if (isApi(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return () => inFlight.size;
}

/** Waits until the server has greeted the page's live-updates stream (it will hear the next change). */
export async function liveStreamOpen(page: Page): Promise<void> {
  await page.locator('html[data-live-stream="open"]').waitFor({ state: 'attached' });
}

/** How many runs of a background job have finished so far (the server's metrics). */
export async function jobRuns(job: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/metrics`, {
    headers: { authorization: `Bearer ${inject('metricsToken')}` },
  });
  if (!response.ok) throw new Error(`GET /api/metrics answered ${response.status}`);
  const line = (await response.text())
    .split('\n')
    .find((sample) => sample.startsWith(`punchclock_job_runs_total{job="${job}"} `));
  return line ? Number(line.split(' ').pop()) : 0;
}

/**
 * Every Content-Security-Policy refusal Chromium reports in this context's pages (it logs each
 * one to the console), so a test can prove the app works under the server's policy.
 */
export function collectCspViolations(context: BrowserContext, violations: string[] = []): string[] {
  context.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
    }
  });
  return violations;
}

export async function signIn(page: Page, user: Pick<SeedUser, 'email'>, password = E2E_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInAndWait(page: Page, user: Pick<SeedUser, 'email'>) {
  await signIn(page, user);
  await page.waitForURL('**/dashboard');
}

/** Saved as a test artefact under test-results/screenshots. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * How many pixels the page reaches past the screen's right edge (0: no sideways scrolling).
 * The app shell clips the document and scrolls its main area, so both are measured.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.getElementById('main');
    return Math.max(
      document.documentElement.scrollWidth - window.innerWidth,
      main ? main.scrollWidth - main.clientWidth : 0,
    );
  });
}

/**
 * What does not fit a phone: the page reaching past the screen's edge, and values on phone cards
 * (the dd of a data table's card) wider than their column, which run over the card's edge.
 */
export async function phoneLayoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await sidewaysOverflow(page);
  if (overflow > 0) problems.push(`${overflow}px wider than a phone`);
  const spilled = await page.evaluate(() =>
    Array.from(document.querySelectorAll('#main dd'))
      .filter((value) => value.scrollWidth > value.clientWidth)
      .map((value) => value.textContent?.trim() ?? ''),
  );
  for (const text of spilled) problems.push(`“${text}” runs over its card`);
  return problems;
}

export async function sidebarLabels(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  return (await links.allTextContents()).map((text) => text.trim());
}

/**
 * Moves the capture time of every punch queued offline on this page's device `minutes` back,
 * straight in the IndexedDB queue (features/time-tracking/offline-queue.ts); the page sees it
 * after its next load.
 */
export async function backdateQueuedPunches(page: Page, minutes: number): Promise<number> {
  return page.evaluate(
    (minutesBack) =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('punchclock-offline');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const transaction = opened.result.transaction('queue', 'readwrite');
          const queue = transaction.objectStore('queue');
          const read = queue.get('pending-time-actions');
          let count = 0;
          read.onsuccess = () => {
            const actions = (read.result ?? []) as { capturedAt: string }[];
            const earlier = new Date(Date.now() - minutesBack * 60_000).toISOString();
            count = actions.length;
            queue.put(
              actions.map((action) => ({ ...action, capturedAt: earlier })),
              'pending-time-actions',
            );
          };
          transaction.oncomplete = () => resolve(count);
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    minutes,
  );
}

/**
 * Punches captured on a device earlier and synced now, through the API as the offline queue
 * sends them: each `[eventType, minutes ago]`, in order. Each must be recorded (201).
 */
export async function postPunchesCapturedEarlier(
  page: Page,
  punches: readonly (readonly ['clock_in' | 'break' | 'lunch' | 'clock_out', number])[],
): Promise<void> {
  for (const [eventType, minutesAgo] of punches) {
    const response = await page.request.post('/api/time-events', {
      headers: { 'x-csrf-protection': '1' },
      data: {
        id: randomUUID(),
        eventType,
        capturedOfflineAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      },
    });
    if (response.status() !== 201) {
      throw new Error(
        `${eventType} ${minutesAgo} min ago: ${response.status()} ${await response.text()}`,
      );
    }
  }
}
