// @ts-check
/**
 * `npm run i18n:check` (run by `npm run lint`, so by `npm test`): fails when
 * - a message in the code is missing from the catalogues, or one there is no longer used
 *   (the catalogues differ from what `lingui extract` makes of the code), or the compiled
 *   catalogues are stale: run `npm run i18n` and commit;
 * - a French (Canada) translation is missing.
 * It never changes the working tree: the catalogues are put back as they were.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PO from 'pofile';

const root = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(root, 'packages/shared/src/locales');
const saved = mkdtempSync(path.join(tmpdir(), 'punchclock-locales-'));
cpSync(localesDir, saved, { recursive: true });

/** The file without the extraction date, which changes on every run. */
const comparable = (/** @type {string} */ file) =>
  readFileSync(file, 'utf8').replace(/^"POT-Creation-Date: .*\\n"$/m, '');

const problems = [];
try {
  for (const args of [
    ['extract', '--clean'],
    ['compile', '--typescript'],
  ]) {
    const run = spawnSync('npx', ['lingui', ...args], { cwd: root, encoding: 'utf8' });
    if (run.status !== 0) {
      problems.push(`lingui ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
      break;
    }
  }
  for (const locale of readdirSync(saved)) {
    for (const name of readdirSync(path.join(saved, locale))) {
      const before = path.join(saved, locale, name);
      const after = path.join(localesDir, locale, name);
      if (comparable(before) !== comparable(after)) {
        problems.push(
          `packages/shared/src/locales/${locale}/${name} is not what the code says: run \`npm run i18n\`, translate, and commit.`,
        );
      }
    }
  }
} finally {
  cpSync(saved, localesDir, { recursive: true });
  rmSync(saved, { recursive: true, force: true });
}

const french = PO.parse(readFileSync(path.join(localesDir, 'fr-CA/messages.po'), 'utf8'));
const untranslated = french.items.filter((item) => !item.obsolete && !item.msgstr.join('').trim());
if (untranslated.length > 0) {
  problems.push(
    `${untranslated.length} message(s) have no French (Canada) translation in packages/shared/src/locales/fr-CA/messages.po, e.g.:\n` +
      untranslated
        .slice(0, 10)
        .map((item) => `  ${JSON.stringify(item.msgid)}`)
        .join('\n'),
  );
}

if (problems.length > 0) {
  console.error(problems.join('\n\n'));
  process.exit(1);
}
console.log(`Catalogues up to date; ${french.items.length} messages, all translated into French.`);
