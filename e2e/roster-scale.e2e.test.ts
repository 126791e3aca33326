import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import {
  businessInstant,
  shiftDate,
  toBusinessDate,
} from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import { launchBrowser, newPage, saveScreenshot, signInAndWait } from './support/browser.ts';
import { E2E_PASSWORD, SEED_USERS } from './support/seed.ts';

/*
 * #32 item 5: the roster board and Demand Planning's coverage chart with a 200-person team and a
 * week of shifts (Monday to Friday, 9 to 5: 1,000 shifts) and a week of requirements. Seeded
 * through the API (the people, the team, the template fill, publishing), as a planner would.
 * The render times are logged, not asserted (the machine is shared; docs/benchmarks.md "Roster
 * at scale"); what the pages show is.
 */
const PEOPLE = Number(process.env.ROSTER_SCALE_PEOPLE ?? 200);
const TORONTO = 'America/Toronto';
/** Required people per half-hour, 9:00 to 17:00 on weekdays (lunches leave gaps under it). */
const REQUIRED = PEOPLE - 10;
const RUNS = 3;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(
  page: Page,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request[method](url, {
    ...(data === undefined ? {} : { data }),
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Scale {
  teamId: string;
  leadEmail: string;
  week: string[];
}

/** The team, its lead, `PEOPLE` people, their week filled from the weekday template and published. */
async function seedScale(page: Page): Promise<Scale> {
  const stamp = Date.now().toString(36);
  const leadEmail = `scale-lead-${stamp}@e2e.test`;
  const teamName = `Scale team ${stamp}`;
  const team = await api<{ team: { id: string } }>(page, 'post', '/api/teams', {
    name: teamName,
    leadUserId: null,
  });
  const teamId = team.team.id;
  const lead = await api<{ user: { id: string } }>(page, 'post', '/api/users', {
    name: 'Sol Scale',
    email: leadEmail,
    role: 'team_lead',
    teamId,
    password: E2E_PASSWORD,
  });
  await api(page, 'put', `/api/teams/${teamId}`, { name: teamName, leadUserId: lead.user.id });

  const userIds: string[] = [];
  const BATCH = 10;
  for (let start = 0; start < PEOPLE; start += BATCH) {
    const created = await Promise.all(
      Array.from({ length: Math.min(BATCH, PEOPLE - start) }, (_, offset) => {
        const n = String(start + offset + 1).padStart(3, '0');
        return api<{ user: { id: string } }>(page, 'post', '/api/users', {
          name: `Scale Person ${n}`,
          email: `scale-${stamp}-${n}@e2e.test`,
          role: 'employee',
          teamId,
        });
      }),
    );
    userIds.push(...created.map((answer) => answer.user.id));
  }

  const today = toBusinessDate(Date.now(), TORONTO);
  const week = getWeekDates(shiftDate(getWeekDates(today)[0] ?? today, 7));
  const weekStart = week[0] ?? today;
  const { templates } = await api<{ templates: { id: string; name: string }[] }>(
    page,
    'get',
    '/api/schedule-templates',
  );
  const template = templates.find((entry) => entry.name === 'E2E Weekday shift');
  expect(template).toBeDefined();
  const filled = await api<{ created: number }>(page, 'post', '/api/roster/fill-from-template', {
    templateId: template?.id,
    weekStart,
    userIds,
  });
  expect(filled.created).toBe(PEOPLE * 5);
  const published = await api<{ published: number }>(page, 'post', '/api/roster/publish', {
    weekStart,
    teamId,
  });
  expect(published.published).toBe(PEOPLE * 5);

  const cells = week.slice(1, 6).flatMap((date) =>
    Array.from({ length: 16 }, (_, index) => {
      const minutes = 9 * 60 + index * 30;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      return { startsAt: businessInstant(date, time, TORONTO).toISOString(), required: REQUIRED };
    }),
  );
  await api(page, 'put', '/api/demand/requirements', { teamId, position: '', cells });
  return { teamId, leadEmail, week };
}

/**
 * Before any script of the page runs: notes (performance.now(), from the navigation's start) the
 * moment the document first holds `count` elements matching `selector`, in window.__complete.
 */
function noteWhenComplete({ selector, count }: { selector: string; count: number }): void {
  const target = window as unknown as { __complete?: number };
  const check = () => {
    if (target.__complete === undefined && document.querySelectorAll(selector).length >= count) {
      target.__complete = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

/** When the page asked its last request to an API path, and when it got the answer (ms). */
function requestTimes(page: Page, path: string): Promise<{ asked: number; answered: number }> {
  return page.evaluate((wanted) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === wanted) as PerformanceResourceTiming[];
    const last = entries.at(-1);
    return { asked: last?.startTime ?? Number.NaN, answered: last?.responseEnd ?? Number.NaN };
  }, path);
}

/** The functions with the most samples of their own in a CPU profile, and where they are. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
}

function logProfile(profile: CpuProfile): void {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/roster-scale.cpuprofile', JSON.stringify(profile));
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const id of profile.samples ?? []) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = profile.samples?.length ?? 0;
  console.log(`  profile: ${total} samples; heaviest (self):`);
  for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`    ${((100 * count) / total).toFixed(1)}% ${key}`);
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

describe(`the roster at scale (#32 item 5): ${PEOPLE} people, a week of shifts`, () => {
  let scale: Scale;

  beforeAll(async () => {
    const { context, page } = await newPage(browser);
    await signInAndWait(page, SEED_USERS.admin);
    const started = performance.now();
    scale = await seedScale(page);
    console.log(
      `seeded ${PEOPLE} people, ${PEOPLE * 5} shifts in ${ms(performance.now() - started)}`,
    );
    await context.close();
  }, 300_000);

  it('the board shows every person and every shift; the time to show it is logged', async () => {
    const { context, page } = await newPage(browser, { height: 1000 });
    await signInAndWait(page, { email: scale.leadEmail });
    // One row per person, their lead's, and the open shifts row.
    const rows = PEOPLE + 2;
    await context.addInitScript(noteWhenComplete, {
      selector: '[data-testid="roster-row"]',
      count: rows,
    });
    const address = `/roster?week=${scale.week[0]}&team=${scale.teamId}`;
    const figures: { complete: number; asked: number; answered: number }[] = [];
    // ROSTER_SCALE_PROFILE=1: a CPU profile of the last run, its heaviest functions logged.
    const profiler = process.env.ROSTER_SCALE_PROFILE ? await context.newCDPSession(page) : null;
    for (let run = 0; run < RUNS; run += 1) {
      if (profiler && run === RUNS - 1) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.send('Profiler.start');
      }
      await page.goto(address);
      await page.waitForFunction(
        () => (window as unknown as { __complete?: number }).__complete !== undefined,
        undefined,
        { timeout: 30_000 },
      );
      const complete = await page.evaluate(
        () => (window as unknown as { __complete: number }).__complete,
      );
      const { asked, answered } = await requestTimes(page, '/api/roster');
      if (profiler && run === RUNS - 1) logProfile((await profiler.send('Profiler.stop')).profile);
      figures.push({ complete, asked, answered });
      console.log(
        `  roster run ${run + 1}: board complete ${ms(complete)} after navigation; ` +
          `GET /api/roster asked at ${ms(asked)}, answered at ${ms(answered)}, ` +
          `so ${ms(complete - answered)} to render`,
      );
    }
    console.log(
      `roster board, ${PEOPLE} people (medians): navigation → complete ` +
        `${ms(median(figures.map((figure) => figure.complete)))}; navigation → GET /api/roster ` +
        `asked ${ms(median(figures.map((figure) => figure.asked)))}, asked → answered ` +
        `${ms(median(figures.map((figure) => figure.answered - figure.asked)))}, answered → ` +
        `complete ${ms(median(figures.map((figure) => figure.complete - figure.answered)))}`,
    );

    // The server's share: the board's two reads, straight from the API.
    for (const path of ['/api/roster', '/api/roster/projection']) {
      const started = performance.now();
      const response = await page.request.get(
        `${path}?weekStart=${scale.week[0]}&teamId=${scale.teamId}`,
      );
      expect(response.status()).toBe(200);
      const body = await response.body();
      console.log(
        `  GET ${path}: ${ms(performance.now() - started)}, ${Math.round(body.length / 1024)} KB`,
      );
    }

    await expect.poll(() => page.getByTestId('roster-row').count()).toBe(rows);
    await expect.poll(() => page.getByTestId('roster-shift').count()).toBe(PEOPLE * 5);
    const last = page
      .getByTestId('roster-row')
      .filter({ hasText: `Scale Person ${String(PEOPLE).padStart(3, '0')}` });
    await expect.poll(() => last.getByTestId('roster-shift').count()).toBe(5);
    await expect.poll(() => last.getByTestId('roster-person-total').textContent()).toMatch(/^37/);
    await saveScreenshot(page, 'roster-scale');
    await last.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'roster-scale-end');
    await context.close();
  });

  it('the coverage chart shows the week’s requirement against 200 people; the time to show it is logged', async () => {
    const { context, page } = await newPage(browser, { height: 1000 });
    await signInAndWait(page, { email: scale.leadEmail });
    await page.goto('/demand');
    await page.getByRole('heading', { name: 'Demand Planning' }).waitFor();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('tab', { name: 'Coverage' }).click();
    const days = page.getByRole('group', { name: 'Coverage day' }).getByRole('button');
    await page.getByTestId('coverage-table').waitFor();

    const figures: number[] = [];
    // Tuesday, Wednesday, Thursday: each a day not shown yet, read and drawn after the click.
    for (const index of [2, 3, 4]) {
      const date = scale.week[index] ?? '';
      // Set up before the click: the day's table and chart are new elements (keyed by day).
      await page.evaluate(
        ({ required }) => {
          const target = window as unknown as { __drawn?: Promise<number> };
          const oldTable = document.querySelector('[data-testid="coverage-table"]');
          target.__drawn = new Promise<number>((resolve) => {
            let started = Number.NaN;
            document.addEventListener('pointerdown', () => (started = performance.now()), {
              once: true,
              capture: true,
            });
            const observer = new MutationObserver(() => {
              const table = document.querySelector('[data-testid="coverage-table"]');
              const bars = document.querySelectorAll('.recharts-bar-rectangle').length;
              if (
                table &&
                table !== oldTable &&
                table.textContent?.includes(required) &&
                bars > 0
              ) {
                observer.disconnect();
                resolve(performance.now() - started);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true });
          });
        },
        { required: String(REQUIRED) },
      );
      await days.nth(index).click();
      const elapsed = await page.evaluate(
        () => (window as unknown as { __drawn: Promise<number> }).__drawn,
      );
      figures.push(elapsed);
      console.log(`  coverage ${date}: click → chart and table drawn ${ms(elapsed)}`);
      const row = page.getByTestId('coverage-table').getByRole('row', { name: /10:00/ });
      await expect
        .poll(async () => (await row.getByRole('cell').allTextContents()).slice(1, 3))
        .toEqual([String(REQUIRED), String(PEOPLE)]);
    }
    console.log(`coverage chart, ${PEOPLE} people: click → drawn median ${ms(median(figures))}`);
    await saveScreenshot(page, 'roster-scale-coverage');
    await context.close();
  });
});
