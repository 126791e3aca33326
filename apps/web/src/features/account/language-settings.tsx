import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@punchclock/shared/contracts/auth';
import { isLocale, LANGUAGE_NAMES, LOCALES } from '@punchclock/shared/i18n/locales';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { saveMyLanguage } from './api';
import { activateLocale, browserLocale } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { sessionQueryKey } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

const FOLLOW_BROWSER = 'browser';

/**
 * Account settings → Language (decision 0036): English, French (Canada), or whatever the browser
 * prefers. Kept on the profile, so it follows the person to other devices and sets the language
 * of the emails and notifications Punchclock makes for them.
 */
export function LanguageSettings() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const session = useSession();
  const chosen = session.user?.language ?? null;
  const save = useMutation({
    mutationFn: saveMyLanguage,
    onSuccess: async ({ language }) => {
      const previous = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
      if (previous?.user) {
        queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
          ...previous,
          user: { ...previous.user, language },
        });
      }
      await activateLocale(language ?? browserLocale());
      toast.success(t`Language saved`);
    },
  });

  return (
    <section className="grid gap-2 border-t pt-4" aria-labelledby="language-settings-title">
      <h3 id="language-settings-title" className="font-medium">
        <Trans>Language</Trans>
      </h3>
      <Field id="language" label={t`Show Punchclock in`} className="grid gap-1">
        <Select
          value={chosen ?? FOLLOW_BROWSER}
          disabled={save.isPending}
          onChange={(event) => {
            const value = event.target.value;
            save.mutate(isLocale(value) ? value : null);
          }}
        >
          <option value={FOLLOW_BROWSER}>{t`My browser’s language`}</option>
          {LOCALES.map((locale) => (
            // Each language is named in itself, so a person can find theirs whatever is shown.
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </Select>
      </Field>
    </section>
  );
}
