import { i18n } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  isLocale,
  negotiateLocale,
  type Locale,
} from '@punchclock/shared/i18n/locales';

/**
 * The app's language (decision 0036). English messages are compiled into the code at build time,
 * so English needs nothing more; another language's catalogue is fetched the first time it is
 * chosen. The choice is remembered on this device (so the next visit opens in it at once) and
 * on the person's profile (so it follows them), which wins once they are signed in.
 */
const STORAGE_KEY = 'language';

i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });
// Messages compiled at build time are arrays; a rare plain string (e.g. a validation message
// looked up by its English text) needs no compiling, and Lingui would otherwise warn about it.
if (import.meta.env.PROD) i18n.setMessagesCompiler((message) => [message]);

const loaded = new Set<Locale>();
const catalogues: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: object }>> = {
  'fr-CA': () => import('@punchclock/shared/locales/fr-CA/messages'),
};

/** The language remembered on this device, else the browser's. */
export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be off (private mode): the browser's language still applies.
  }
  return browserLocale();
}

/** The first language the browser prefers that Punchclock speaks. */
export function browserLocale(): Locale {
  return negotiateLocale(navigator.languages ?? [navigator.language]);
}

/** A signed-in person's language: their choice, else the browser's (not another person's). */
export function personLocale(chosen: Locale | null): Locale {
  return chosen ?? browserLocale();
}

/** Switches every message, date and number to `locale`, fetching its catalogue if needed. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== 'en' && !loaded.has(locale)) {
    // Form checks a contract words no message for speak the reader's language too (decision
    // 0043). Fetched with the catalogue, not on the first page: English readers keep zod's own
    // English wording there, which is all the map would give them.
    const [{ messages }, zodMessages] = await Promise.all([
      catalogues[locale](),
      import('@punchclock/shared/contracts/zod-messages'),
    ]);
    zodMessages.installLocalizedZodMessages();
    i18n.load(locale, messages as Record<string, never>);
    loaded.add(locale);
  }
  i18n.activate(locale);
  document.documentElement.lang = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered on this device; the profile still has it.
  }
}
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
