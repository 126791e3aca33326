import { useEffect } from 'react';
import type { Locale } from '@punchclock/shared/i18n/locales';
import { activateLocale, activeLocale, personLocale } from '@/lib/i18n';

/**
 * Once the session says who is signed in, the app speaks their language: the one they chose in
 * Account settings (on any device), else their browser's.
 */
export function useLanguageSync(chosen: Locale | null | undefined): void {
  useEffect(() => {
    if (chosen === undefined) return;
    const wanted = personLocale(chosen);
    if (wanted !== activeLocale()) void activateLocale(wanted);
  }, [chosen]);
}
