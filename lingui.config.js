// @ts-check
/**
 * Message catalogues (decision 0036): English is the source language (the spec's wording, kept
 * in the code); French (Canada) is translated in packages/shared/src/locales/fr-CA/messages.po.
 * `npm run i18n` extracts and compiles; `npm run i18n:check` (part of `npm run lint`) fails on a
 * message missing from a catalogue or a translation missing from French.
 */
import { defineConfig } from '@lingui/conf';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr-CA'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/shared/src/locales/{locale}/messages',
      include: [
        '<rootDir>/apps/web/src',
        '<rootDir>/apps/server/src',
        '<rootDir>/packages/shared/src',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/node_modules/**'],
    },
  ],
  format: 'po',
  formatOptions: { lineNumbers: false },
  orderBy: 'message',
  compileNamespace: 'ts',
  // Macros call our i18n, which the server points at the language of the request it answers.
  runtimeConfigModule: { i18n: ['@punchclock/shared/i18n/runtime', 'i18n'] },
});
