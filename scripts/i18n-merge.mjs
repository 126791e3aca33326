// @ts-check
/**
 * Fills French (Canada) translations into the catalogue from JSON files of
 * `{ "English message": "French message" }` (as `scripts/i18n-preview.mjs` prints the English;
 * a message with a context is keyed `"context\u0004English"`), later files winning:
 * `node scripts/i18n-merge.mjs translations.json …`. Run `npm run i18n` before (so every message
 * is in the catalogue) and after (to compile). Prints what is still untranslated.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';

const file = path.resolve(import.meta.dirname, '../packages/shared/src/locales/fr-CA/messages.po');
const catalogue = PO.parse(readFileSync(file, 'utf8'));
/** @type {Record<string, string>} */
const translations = {};
for (const source of process.argv.slice(2)) {
  Object.assign(translations, JSON.parse(readFileSync(source, 'utf8')));
}
let filled = 0;
for (const item of catalogue.items) {
  // A message with a context ("verb" for a button's "End") is keyed "context\u0004message".
  const french =
    (item.msgctxt ? translations[`${item.msgctxt}\u0004${item.msgid}`] : undefined) ??
    translations[item.msgid];
  if (typeof french === 'string' && french.trim()) {
    item.msgstr = [french];
    filled += 1;
  }
}
writeFileSync(file, `${catalogue.toString().trimEnd()}\n`);
const missing = catalogue.items.filter((item) => !item.msgstr.join('').trim());
console.log(`Filled ${filled}; ${missing.length} still untranslated.`);
for (const item of missing) console.log(JSON.stringify(item.msgid));
