import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The "By pay code" rows of the timesheet on screen: code → decimal hours. */
export async function timesheetHours(page: Page): Promise<Record<string, string>> {
  const lines = page.getByTestId('timesheet-pay-line');
  await expect.poll(() => lines.count()).toBeGreaterThan(0);
  const rows = await lines.evaluateAll((elements) =>
    elements.map((row) =>
      Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? ''),
    ),
  );
  return Object.fromEntries(rows.map(([code, hours]) => [code ?? '', hours ?? '']));
}

/**
 * On the Timesheets screen at a period that is over: "Approve and lock period", confirming
 * "Lock without them" when others with time in it have not signed, until it reads Locked.
 */
export async function approveAndLockPeriod(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Approve and lock period' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve and lock' }).click();
  const without = dialog.getByRole('button', { name: 'Lock without them' });
  // Approving a period reads every timesheet in it: give a busy machine time.
  await expect
    .poll(async () => (await dialog.count()) === 0 || (await without.count()) > 0, {
      timeout: 20_000,
    })
    .toBe(true);
  if ((await dialog.count()) > 0) {
    await dialog.getByRole('alert').waitFor();
    await without.click();
  }
  await expect
    .poll(() => page.getByTestId('timesheets-period').textContent(), { timeout: 20_000 })
    .toMatch(/Locked$/);
}

/** Clicks the Payroll screen's Download CSV and returns its lines split into cells. */
export async function downloadCsv(page: Page): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByTestId('download-csv').click();
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}
