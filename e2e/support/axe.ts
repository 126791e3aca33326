import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type * as Axe from 'axe-core';
import type { ImpactValue, Result } from 'axe-core';
import { expect } from 'vitest';
import { phoneLayoutProblems, saveScreenshot } from './browser.ts';

const require = createRequire(import.meta.url);
// axe-core ships its browser bundle as a string; we inject it instead of a Playwright wrapper.
const { source: axeSource } = require('axe-core') as { source: string };

const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  // Evaluated over the DevTools protocol, so the app's Content-Security-Policy does not block it.
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  // Only violations are gathered: passes and incomplete checks are most of axe's time on a large
  // page (the roster board of 200 people), and nothing here reads them.
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof Axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations.filter((violation) => BLOCKING.includes(violation.impact ?? 'minor'));
}

/** One readable block per violation: rule, impact, help and a few offending elements. */
export function describeViolations(where: string, violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 4)
        .map(
          (node) =>
            `      ${node.target.join(' ')}: ${node.html.slice(0, 160)}\n        ${node.failureSummary ?? ''}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > 4 ? `\n      …and ${violation.nodes.length - 4} more` : '';
      return `${where}: [${violation.impact}] ${violation.id} (${violation.nodes.length}) ${violation.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/** Waits until no /api read is in flight (the live stream aside) and nothing is loading. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="card-skeleton"], [data-testid="page-spinner"]') &&
      !document.querySelector('.animate-pulse'),
    undefined,
    { timeout: 15_000 },
  );
  // Let the last responses render and start their entrance transitions (a toast fades in): two
  // animation frames, so styles have been computed once after the last render…
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // …then let every finite animation finish: axe measures contrast mid-fade otherwise (a toast
  // at a third of its opacity failed it once on CI). Spinners loop forever and do not count.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/** Fails the test with a readable list when the page has serious accessibility violations. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  await settle(page);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(where, violations)).toEqual([]);
}

/** The widths every screen is checked at: a phone, then a desktop (where the page is left). */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * The page at phone and desktop width: axe's serious and critical violations and, on the phone,
 * what does not fit; a screenshot at each width (`{prefix}-{width}-{theme}-{name}`). Resizing
 * re-lays the page out (phone cards, drawer) without a reload. Returns what it found.
 */
export async function accessibilityProblems(
  page: Page,
  { prefix, name, theme }: { prefix: string; name: string; theme: string },
): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await settle(page);
    const violations = await seriousViolations(page);
    if (violations.length > 0) {
      found.push(describeViolations(`${name} (${viewport.name}, ${theme})`, violations));
    }
    await saveScreenshot(page, `${prefix}-${viewport.name}-${theme}-${name.replace(/\W+/g, '-')}`);
    if (viewport.name === 'phone') {
      for (const problem of await phoneLayoutProblems(page)) {
        found.push(`${name} (phone, ${theme}): ${problem}`);
      }
    }
  }
  return found;
}
