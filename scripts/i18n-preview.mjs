// @ts-check
/**
 * Prints the messages Lingui extracts from the given files, without touching the catalogues:
 * `node scripts/i18n-preview.mjs apps/web/src/features/auth/pages/sign-in-page.tsx`.
 * With --missing, only those not yet translated in fr-CA (and their ids as msgids).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig } from '@lingui/conf';
import babelExtractorModule from '@lingui/cli/api/extractors/babel';

/** @type {import('@lingui/conf').ExtractorType} */
// The package is CommonJS: its default export arrives wrapped.
const babelExtractor = /** @type {any} */ (babelExtractorModule).default ?? babelExtractorModule;

const args = process.argv.slice(2);
const missingOnly = args.includes('--missing');
const files = args.filter((arg) => !arg.startsWith('--'));
const config = getConfig({ cwd: path.resolve(import.meta.dirname, '..') });
const po = readFileSync(
  path.resolve(import.meta.dirname, '../packages/shared/src/locales/fr-CA/messages.po'),
  'utf8',
);
const seen = new Set();
for (const file of files) {
  const filename = path.resolve(file);
  await babelExtractor.extract(
    filename,
    readFileSync(filename, 'utf8'),
    (/** @type {import('@lingui/conf').ExtractedMessage} */ message) => {
      const text = message.message ?? message.id;
      if (seen.has(text)) return;
      seen.add(text);
      const quoted = JSON.stringify(text);
      const translated = new RegExp(`msgid ${escape(quoted)}\\nmsgstr "(?!")`).test(po);
      if (missingOnly && translated) return;
      console.log(quoted);
    },
    { linguiConfig: config },
  );
}

/** @param {string} text */
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
