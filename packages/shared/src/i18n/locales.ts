/**
 * The languages Punchclock speaks (decision 0036). English is the source: the spec's wording,
 * kept in the code. French (Canada) is translated in ../locales/fr-CA/messages.po.
 */
export const LOCALES = ['en', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as language pickers do. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  'fr-CA': 'Français (Canada)',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first supported language in a preference list (a browser's `navigator.languages`, or an
 * Accept-Language header's tags in order): any French is French (Canada), any English is English.
 */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (language === 'fr') return 'fr-CA';
    if (language === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, most wanted first (q=0 dropped). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
