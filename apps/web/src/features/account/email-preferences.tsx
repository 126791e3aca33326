import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EmailKind,
  type EmailPreferences as Preferences,
} from '@punchclock/shared/contracts/email';
import { QueryState } from '@/components/ui/query-state';
import {
  emailPreferencesQueryKey,
  emailPreferencesQueryOptions,
  saveEmailPreferences,
} from './api';
import { toast } from '@/lib/toast';

/** Account settings → Email (decision 0034): which kinds of email the person takes. */
export default function EmailPreferences() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const preferences = useQuery(emailPreferencesQueryOptions);
  // What the boxes show until the server answers. Kept in React state, not the query cache:
  // the cache tells its observers a tick later, and a controlled box would first snap back.
  const [wanted, setWanted] = useState<Partial<Record<EmailKind, boolean>>>({});
  const save = useMutation({
    // One save at a time, in order: a quick second tick must not be overtaken by the first.
    scope: { id: 'email-preferences' },
    mutationFn: saveEmailPreferences,
    onSuccess: (saved) => {
      queryClient.setQueryData(emailPreferencesQueryKey, saved);
      // Forget only the wishes this answer settles; a later tick still in flight keeps its own.
      setWanted((current) => withoutSettled(current, saved));
      toast.success(t`Email settings saved`);
    },
    // After the default toast: show the boxes as the server has them.
    onError: () => {
      setWanted({});
      void queryClient.invalidateQueries({ queryKey: emailPreferencesQueryKey });
    },
  });

  const shown = (data: Preferences) =>
    data.kinds.map((entry) => ({ ...entry, enabled: wanted[entry.kind] ?? entry.enabled }));

  const toggle = (data: Preferences, kind: EmailKind, enabled: boolean) => {
    setWanted((current) => ({ ...current, [kind]: enabled }));
    const kinds = shown(data).map((entry) => (entry.kind === kind ? { ...entry, enabled } : entry));
    save.mutate(kinds.filter((entry) => !entry.enabled).map((entry) => entry.kind));
  };

  return (
    <section className="grid gap-2 border-t pt-4" aria-labelledby="email-preferences-title">
      <h3 id="email-preferences-title" className="font-medium">
        <Trans>Email</Trans>
      </h3>
      <QueryState query={preferences}>
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">
              {data.emailConfigured
                ? t`Punchclock emails you about these. Untick what you do not want.`
                : t`This server does not send email yet; these choices apply once it does.`}
            </p>
            {shown(data).map((entry) => (
              <label key={entry.kind} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="accent-primary"
                  checked={entry.enabled}
                  onChange={(event) => toggle(data, entry.kind, event.target.checked)}
                />
                {entry.label}
              </label>
            ))}
          </>
        )}
      </QueryState>
    </section>
  );
}

function withoutSettled(
  wanted: Partial<Record<EmailKind, boolean>>,
  saved: Preferences,
): Partial<Record<EmailKind, boolean>> {
  const left = { ...wanted };
  for (const entry of saved.kinds) if (left[entry.kind] === entry.enabled) delete left[entry.kind];
  return left;
}
