import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { firstIssueMessage } from '@punchclock/shared/contracts/auth';
import {
  ssoProviderInputSchema,
  type SsoProvider,
  type SsoProviderInput,
} from '@punchclock/shared/contracts/sso';
import { ROLE_LABELS, ROLES, type Role } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { saveSsoProvider } from './api';

/** "Group = role" lines, as the admin types them, to the mapping the server keeps. */
export function parseGroupRoles(value: string): Record<string, string> | string {
  const mapping: Record<string, string> = {};
  for (const line of value.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.lastIndexOf('=');
    const group = line.slice(0, at).trim();
    const role = line.slice(at + 1).trim();
    if (at < 0 || group === '' || !(ROLES as readonly string[]).includes(role)) {
      const roles = ROLES.join(', ');
      return translate`Write each mapping as “Group name = role”, the role one of: ${roles}`;
    }
    mapping[group] = role;
  }
  return mapping;
}

const formatGroupRoles = (mapping: Record<string, Role>) =>
  Object.entries(mapping)
    .map(([group, role]) => `${group} = ${role}`)
    .join('\n');

/** Add a provider, or change one (then an empty client secret keeps the stored one). */
export function SsoProviderForm({
  provider,
  onSaved,
  onCancel,
}: {
  provider?: SsoProvider;
  onSaved: (saved: SsoProvider) => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const idPrefix = provider ? `sso-${provider.id}` : 'sso-new';
  const [name, setName] = useState(provider?.name ?? '');
  const [slug, setSlug] = useState(provider?.slug ?? '');
  const [issuerUrl, setIssuerUrl] = useState(provider?.issuerUrl ?? '');
  const [clientId, setClientId] = useState(provider?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [unknownPeople, setUnknownPeople] = useState(provider?.unknownPeople ?? 'refuse');
  const [trustEmails, setTrustEmails] = useState(provider?.trustEmails ?? false);
  const [groupsClaim, setGroupsClaim] = useState(provider?.groupsClaim ?? '');
  const [groupRoles, setGroupRoles] = useState(formatGroupRoles(provider?.groupRoles ?? {}));
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: SsoProviderInput) => saveSsoProvider(provider?.id ?? null, input),
    onSuccess: ({ provider: saved }) => {
      if (!provider) {
        setName('');
        setSlug('');
        setIssuerUrl('');
        setClientId('');
        setGroupsClaim('');
        setGroupRoles('');
      }
      setClientSecret('');
      onSaved(saved);
    },
    onError: (failure) => setError(failure.message),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const mapping = parseGroupRoles(groupRoles);
    if (typeof mapping === 'string') return setError(mapping);
    const parsed = ssoProviderInputSchema.safeParse({
      name,
      slug,
      issuerUrl,
      clientId,
      clientSecret: clientSecret || undefined,
      unknownPeople,
      trustEmails,
      groupsClaim: groupsClaim.trim() || null,
      groupRoles: mapping,
      enabled: provider?.enabled ?? true,
    });
    if (!parsed.success) return setError(firstIssueMessage(parsed.error));
    setError(undefined);
    save.mutate(parsed.data);
  };

  const providerName = provider?.name;
  const label = provider ? t`Change ${providerName}` : t`Add a provider`;
  const roleList = ROLES.map((role) => `${role}: ${ROLE_LABELS[role]}`).join(', ');
  const googleIssuer = 'https://accounts.google.com';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL to copy
  const microsoftIssuer = 'https://login.microsoftonline.com/<tenant>/v2.0';
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label={label}>
      <div className="grid gap-3 md:grid-cols-2">
        <Field
          id={`${idPrefix}-name`}
          label={t`Button label`}
          hint={t`People see “Sign in with …” this.`}
        >
          <Input
            value={name}
            // eslint-disable-next-line lingui/no-unlocalized-strings -- an example provider name
            placeholder="Acme Google"
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field
          id={`${idPrefix}-slug`}
          label={t`Short name`}
          hint={t`In the redirect URI: lowercase letters, digits, dashes.`}
        >
          <Input
            value={slug}
            placeholder="google"
            autoComplete="off"
            onChange={(e) => setSlug(e.target.value)}
          />
        </Field>
      </div>
      <Field
        id={`${idPrefix}-issuer`}
        label={t`Issuer URL`}
        hint={t`From the provider, e.g. ${googleIssuer} or ${microsoftIssuer}`}
      >
        <Input
          type="url"
          value={issuerUrl}
          placeholder="https://accounts.google.com"
          autoComplete="off"
          onChange={(e) => setIssuerUrl(e.target.value)}
        />
      </Field>
      <div className="grid gap-3 md:grid-cols-2">
        <Field id={`${idPrefix}-client-id`} label={t`Client ID`}>
          <Input
            value={clientId}
            autoComplete="off"
            onChange={(e) => setClientId(e.target.value)}
          />
        </Field>
        <Field
          id={`${idPrefix}-client-secret`}
          label={t`Client secret`}
          hint={provider ? t`Leave empty to keep the one stored.` : undefined}
        >
          <Input
            type="password"
            value={clientSecret}
            autoComplete="new-password"
            onChange={(e) => setClientSecret(e.target.value)}
          />
        </Field>
      </div>
      <Field id={`${idPrefix}-unknown`} label={t`People without a Punchclock account`}>
        <Select
          value={unknownPeople}
          onChange={(e) => setUnknownPeople(e.target.value as 'refuse' | 'create')}
        >
          <option value="refuse">{t`Refuse them (an admin adds people first)`}</option>
          <option value="create">{t`Add them as employees when they first sign in`}</option>
        </Select>
      </Field>
      <label className="flex cursor-pointer items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 accent-primary"
          checked={trustEmails}
          onChange={(e) => setTrustEmails(e.target.checked)}
        />
        <span>
          <Trans>Trust this provider’s email addresses</Trans>
          <span className="block text-muted-foreground">
            <Trans>
              For providers that do not say an email is verified (Microsoft Entra ID). Only for a
              provider where people cannot choose their own address.
            </Trans>
          </span>
        </span>
      </label>
      <div className="grid gap-3 md:grid-cols-[1fr_2fr]">
        <Field
          id={`${idPrefix}-groups-claim`}
          label={t`Group claim (optional)`}
          hint={t`e.g. groups`}
          className="grid content-start gap-1"
        >
          <Input
            value={groupsClaim}
            autoComplete="off"
            onChange={(e) => setGroupsClaim(e.target.value)}
          />
        </Field>
        <Field
          id={`${idPrefix}-group-roles`}
          label={t`Groups to roles (optional)`}
          className="grid content-start gap-1"
          hint={t`One per line, “Group name = role” (${roleList}). Each sign-in sets the strongest mapped role; someone in no mapped group any more loses a role the mapping gives.`}
        >
          <textarea
            className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm"
            value={groupRoles}
            // eslint-disable-next-line lingui/no-unlocalized-strings -- example group names and role keys
            placeholder={'Punchclock Admins = admin\nShift Leads = team_lead'}
            onChange={(e) => setGroupRoles(e.target.value)}
          />
        </Field>
      </div>
      <FieldError id={`${idPrefix}-error`} message={error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {provider ? t`Save changes` : t`Add provider`}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
