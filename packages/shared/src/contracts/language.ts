import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';

/** PUT /api/me/language: the language to read Punchclock in; null follows the browser. */
export const updateLanguageRequestSchema = z.object({
  language: z.enum(LOCALES, { error: () => t`Choose English or French (Canada)` }).nullable(),
});

export const languageResponseSchema = z.object({
  language: z.enum(LOCALES).nullable(),
});
export type LanguageResponse = z.infer<typeof languageResponseSchema>;
