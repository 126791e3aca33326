import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems } from './support/axe.ts';
import { launchBrowser, newPage, signInAndWait } from './support/browser.ts';
import { E2E_PASSWORD, SEED_USERS } from './support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HEADER = 'name,email,role,team,employee_number,hire_date,hourly_rate,language,manager';

async function chooseFile(page: Page, name: string, lines: string[]): Promise<void> {
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...lines].join('\n')),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
}

describe('importing people (#33 part 2)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(
      `an admin previews a file, sees a refused cell, fixes it and imports (${theme})`,
      { timeout: 180_000 },
      async () => {
        const tag = randomBytes(3).toString('hex');
        const lead = `import-lead-${tag}@e2e.test`;
        const worker = `import-worker-${tag}@e2e.test`;
        const team = `Imported ${tag}`;
        const { context, page } = await newPage(browser, { theme });
        const found: string[] = [];
        try {
          await signInAndWait(page, SEED_USERS.admin);
          await page.goto('/users');
          await page.getByRole('button', { name: 'Import people' }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('heading', { name: 'Import people' }).waitFor();
          found.push(
            ...(await accessibilityProblems(page, {
              prefix: 'people-import',
              name: 'empty',
              theme,
            })),
          );

          // A bad date: the row is refused, with the reason under its cell, and nothing can be imported.
          await chooseFile(page, 'people.csv', [
            `Lena Lead ${tag},${lead},team_lead,${team},,2025-02-30,,en,`,
            `Walt Worker ${tag},${worker},employee,${team},,2025-03-01,"18,50",fr,${lead}`,
          ]);
          const rows = dialog.getByTestId('people-import-row');
          await rows.filter({ hasText: 'Refused' }).waitFor();
          await expect
            .poll(() => dialog.getByTestId('people-import-counts').innerText())
            .toMatch(/Refused\s*1/);
          expect(await dialog.getByText(/Hire date:/).count()).toBeGreaterThan(0);
          expect(await dialog.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
          found.push(
            ...(await accessibilityProblems(page, {
              prefix: 'people-import',
              name: 'refused',
              theme,
            })),
          );

          // Fixed: two new people and a new team; import them without invitations.
          await chooseFile(page, 'people.csv', [
            `Lena Lead ${tag},${lead},team_lead,${team},,2025-02-28,,en,`,
            `Walt Worker ${tag},${worker},employee,${team},,2025-03-01,"18,50",fr,${lead}`,
          ]);
          await dialog.getByText(`New teams: ${team}`).waitFor();
          await expect.poll(() => rows.count()).toBe(2);
          expect(await rows.filter({ hasText: 'New' }).count()).toBe(2);
          found.push(
            ...(await accessibilityProblems(page, {
              prefix: 'people-import',
              name: 'preview',
              theme,
            })),
          );
          await page.setViewportSize({ width: 1280, height: 900 });
          await dialog.getByLabel('Invite the new people').selectOption('none');
          await dialog.getByRole('button', { name: 'Import 2 people' }).click();
          await page.getByText('People imported: 2 added, 0 updated').waitFor();
          await dialog.waitFor({ state: 'detached' });

          // They are in the list, in their team.
          await page.getByLabel('Search by name or email').fill(tag);
          const listed = page.getByTestId('user-row');
          await listed.filter({ hasText: `Walt Worker ${tag}` }).waitFor();
          // Lena's own row, and Walt's, who reports to her.
          await expect.poll(() => listed.filter({ hasText: `Lena Lead ${tag}` }).count()).toBe(2);
          expect(await listed.filter({ hasText: team }).count()).toBe(2);
          expect(found).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  }

  it('in French: the dialog, its columns and its reasons', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, { locale: 'fr-CA' });
    try {
      await page.goto('/auth');
      await page.getByLabel('Courriel').fill(SEED_USERS.admin.email);
      await page.getByLabel('Mot de passe').fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL('**/dashboard');
      await page.goto('/users');
      // The button's French arrives with this change's catalogue entries (fr/import.json).
      await page.getByRole('button', { name: /^(Importer des personnes|Import people)$/ }).click();
      const dialog = page.getByRole('dialog');
      await page.getByLabel('Fichier', { exact: true }).setInputFiles({
        name: 'personnes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Nom;Courriel\nSans Courriel;pas-un-courriel\n'),
      });
      await page.getByRole('button', { name: 'Aperçu' }).click();
      // The server's reason and the cell's column, in French.
      await dialog.getByText('Adresse courriel non valide').waitFor();
      expect(await dialog.getByText('Courriel:').count()).toBe(1);
      expect(await dialog.getByRole('columnheader', { name: 'Ligne' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
