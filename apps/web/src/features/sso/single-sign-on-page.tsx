import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type SignInSettings, type SsoProvider } from '@punchclock/shared/contracts/sso';
import { ROLE_LABELS } from '@punchclock/shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RadioChoices } from '@/components/ui/radio-choices';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import {
  removeSsoProvider,
  saveSignInSettings,
  setSsoProviderEnabled,
  signInSettingsQueryKey,
  signInSettingsQueryOptions,
  ssoProvidersQueryKey,
  ssoProvidersQueryOptions,
} from './api';
import { toast } from '@/lib/toast';
import { ScimProvisioningCard } from './scim-provisioning';
import { SsoProviderForm } from './sso-provider-form';
import { TwoFactorRequirementCard } from './two-factor-requirement-card';

function PasswordSignInCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const settings = useQuery(signInSettingsQueryOptions);
  const save = useMutation({
    mutationFn: saveSignInSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(signInSettingsQueryKey, saved);
      toast.success(t`Sign-in settings saved`);
    },
  });
  const firstAdminName = (data: SignInSettings) =>
    data.firstAdmin ? (data.firstAdmin.name ?? data.firstAdmin.email) : t`the first admin`;
  const firstAdminOnlyLabel = (data: SignInSettings) => {
    const firstAdmin = firstAdminName(data);
    return t`Only ${firstAdmin} (the first admin); everyone else uses single sign-on`;
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Password sign-in</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Once everyone signs in through your organization, turn passwords off. The first admin
            keeps theirs, so a broken identity provider cannot lock you out.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings}>
          {(data) => (
            <RadioChoices
              name="password-sign-in"
              legend={t`Who may sign in with a password`}
              choices={[
                ['everyone', t`Everyone may sign in with a password`],
                ['first_admin_only', firstAdminOnlyLabel(data)],
              ]}
              value={save.variables ?? data.passwordSignIn}
              onChange={(value) => save.mutate(value)}
              disabled={save.isPending}
              hint={<Trans>To turn it off for one person, edit them in User Management.</Trans>}
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ProviderCard({ provider }: { provider: SsoProvider }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ssoProvidersQueryKey });
  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) => setSsoProviderEnabled(provider, enabled),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: () => removeSsoProvider(provider.id),
    onSuccess: () => {
      toast.success(t`Provider removed`);
      void refresh();
    },
  });
  const mappings = Object.entries(provider.groupRoles);
  const groupsClaim = provider.groupsClaim;
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="sso-provider">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{provider.name}</span>
        <span className="flex gap-2">
          {provider.fromEnvironment && (
            <Badge variant="outline">
              <Trans>Set by environment</Trans>
            </Badge>
          )}
          <Badge variant={provider.enabled ? 'success' : 'outline'}>
            {provider.enabled ? t`On` : t`Off`}
          </Badge>
        </span>
      </div>
      <dl className="grid gap-1 text-sm md:grid-cols-[max-content_minmax(0,1fr)] md:gap-x-4">
        <dt className="text-muted-foreground">
          <Trans>Issuer</Trans>
        </dt>
        <dd className="break-all">{provider.issuerUrl}</dd>
        <dt className="text-muted-foreground">
          <Trans>Client ID</Trans>
        </dt>
        <dd className="break-all">{provider.clientId}</dd>
        <dt className="text-muted-foreground">
          <Trans>Redirect URI</Trans>
        </dt>
        <dd className="break-all">
          <code>{provider.redirectUri}</code>
        </dd>
        <dt className="text-muted-foreground">
          <Trans>Unknown people</Trans>
        </dt>
        <dd>{provider.unknownPeople === 'create' ? t`Added as employees` : t`Refused`}</dd>
        {mappings.length > 0 && (
          <>
            <dt className="text-muted-foreground">
              <Trans>Groups ({groupsClaim})</Trans>
            </dt>
            <dd>{mappings.map(([group, role]) => `${group} → ${ROLE_LABELS[role]}`).join(', ')}</dd>
          </>
        )}
      </dl>
      {provider.fromEnvironment ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Change it in the OIDC_* variables.</Trans>
        </p>
      ) : editing ? (
        <SsoProviderForm
          provider={provider}
          onSaved={() => {
            setEditing(false);
            toast.success(t`Provider saved`);
            void refresh();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Trans>Change</Trans>
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={setEnabled.isPending}
            onClick={() => setEnabled.mutate(!provider.enabled)}
          >
            {provider.enabled ? t`Turn off` : t`Turn on`}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <Trans>Remove</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}

/** /single-sign-on (admin): OpenID Connect providers, and who may still use a password. */
export default function SingleSignOnPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const providers = useQuery(ssoProvidersQueryOptions);
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Single Sign-On</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            People sign in with your organization’s account (Google Workspace, Microsoft Entra ID,
            Okta, Keycloak or any OpenID Connect provider). Punchclock finds them by their verified
            email.
          </Trans>
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Providers</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Register Punchclock at the provider as a web app, with the redirect URI shown here.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState query={providers}>
            {(data) =>
              data.providers.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>No providers yet.</Trans>
                </p>
              ) : (
                <ul className="grid gap-3" aria-label={t`Sign-in providers`}>
                  {data.providers.map((provider) => (
                    <ProviderCard key={provider.id} provider={provider} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Add a provider</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <SsoProviderForm
            onSaved={(saved) => {
              const name = saved.name;
              const redirectUri = saved.redirectUri;
              toast.success(t`${name} added. Register ${redirectUri} at the provider.`);
              void queryClient.invalidateQueries({ queryKey: ssoProvidersQueryKey });
            }}
          />
        </CardContent>
      </Card>
      <PasswordSignInCard />
      <TwoFactorRequirementCard />
      <ScimProvisioningCard />
    </div>
  );
}
