import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  signInSettingsSchema,
  ssoProvidersResponseSchema,
  type PasswordSignInScope,
  type SignInSettings,
  type SsoProvider,
} from '@punchclock/shared/contracts/sso';
import { ROLE_LABELS } from '@punchclock/shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { SsoProviderForm } from './sso-provider-form';

const providersQueryKey = ['admin', 'sso-providers'] as const;
const settingsQueryKey = ['admin', 'sign-in-settings'] as const;

function PasswordSignInCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/sign-in-settings', { schema: signInSettingsSchema, signal }),
  });
  const save = useMutation({
    mutationFn: (passwordSignIn: PasswordSignInScope) =>
      apiRequest('/api/admin/sign-in-settings', {
        method: 'PUT',
        body: { passwordSignIn },
        schema: signInSettingsSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      toast.success('Sign-in settings saved');
    },
    onError: (error) => toast.error(error.message),
  });
  const firstAdminName = (data: SignInSettings) =>
    data.firstAdmin ? (data.firstAdmin.name ?? data.firstAdmin.email) : 'the first admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password sign-in</CardTitle>
        <CardDescription>
          Once everyone signs in through your organization, turn passwords off. The first admin
          keeps theirs, so a broken identity provider cannot lock you out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings}>
          {(data) => (
            <fieldset className="grid gap-2" disabled={save.isPending}>
              <legend className="sr-only">Who may sign in with a password</legend>
              {(
                [
                  ['everyone', 'Everyone may sign in with a password'],
                  [
                    'first_admin_only',
                    `Only ${firstAdminName(data)} (the first admin); everyone else uses single sign-on`,
                  ],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="password-sign-in"
                    className="accent-primary"
                    checked={(save.variables ?? data.passwordSignIn) === value}
                    onChange={() => save.mutate(value)}
                  />
                  {label}
                </label>
              ))}
              <p className="text-sm text-muted-foreground">
                To turn it off for one person, edit them in User Management.
              </p>
            </fieldset>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ProviderCard({ provider }: { provider: SsoProvider }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: providersQueryKey });
  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest(`/api/admin/sso-providers/${provider.id}`, {
        method: 'PUT',
        body: {
          slug: provider.slug,
          name: provider.name,
          issuerUrl: provider.issuerUrl,
          clientId: provider.clientId,
          unknownPeople: provider.unknownPeople,
          trustEmails: provider.trustEmails,
          groupsClaim: provider.groupsClaim,
          groupRoles: provider.groupRoles,
          enabled,
        },
      }),
    onSuccess: () => void refresh(),
    onError: (error) => toast.error(error.message),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest(`/api/admin/sso-providers/${provider.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Provider removed');
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const mappings = Object.entries(provider.groupRoles);
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="sso-provider">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{provider.name}</span>
        <span className="flex gap-2">
          {provider.fromEnvironment && <Badge variant="outline">Set by environment</Badge>}
          <Badge variant={provider.enabled ? 'success' : 'outline'}>
            {provider.enabled ? 'On' : 'Off'}
          </Badge>
        </span>
      </div>
      <dl className="grid gap-1 text-sm md:grid-cols-[max-content_minmax(0,1fr)] md:gap-x-4">
        <dt className="text-muted-foreground">Issuer</dt>
        <dd className="break-all">{provider.issuerUrl}</dd>
        <dt className="text-muted-foreground">Client ID</dt>
        <dd className="break-all">{provider.clientId}</dd>
        <dt className="text-muted-foreground">Redirect URI</dt>
        <dd className="break-all">
          <code>{provider.redirectUri}</code>
        </dd>
        <dt className="text-muted-foreground">Unknown people</dt>
        <dd>{provider.unknownPeople === 'create' ? 'Added as employees' : 'Refused'}</dd>
        {mappings.length > 0 && (
          <>
            <dt className="text-muted-foreground">Groups ({provider.groupsClaim})</dt>
            <dd>{mappings.map(([group, role]) => `${group} → ${ROLE_LABELS[role]}`).join(', ')}</dd>
          </>
        )}
      </dl>
      {provider.fromEnvironment ? (
        <p className="text-sm text-muted-foreground">Change it in the OIDC_* variables.</p>
      ) : editing ? (
        <SsoProviderForm
          provider={provider}
          onSaved={() => {
            setEditing(false);
            toast.success('Provider saved');
            void refresh();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Change
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={setEnabled.isPending}
            onClick={() => setEnabled.mutate(!provider.enabled)}
          >
            {provider.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/** /single-sign-on (admin): OpenID Connect providers, and who may still use a password. */
export default function SingleSignOnPage() {
  const queryClient = useQueryClient();
  const providers = useQuery({
    queryKey: providersQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/sso-providers', { schema: ssoProvidersResponseSchema, signal }),
  });
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold">Single Sign-On</h1>
        <p className="text-sm text-muted-foreground">
          People sign in with your organization’s account (Google Workspace, Microsoft Entra ID,
          Okta, Keycloak or any OpenID Connect provider). Punchclock finds them by their verified
          email.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Providers</CardTitle>
          <CardDescription>
            Register Punchclock at the provider as a web app, with the redirect URI shown here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState query={providers}>
            {(data) =>
              data.providers.length === 0 ? (
                <p className="text-sm text-muted-foreground">No providers yet.</p>
              ) : (
                <ul className="grid gap-3" aria-label="Sign-in providers">
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
          <CardTitle>Add a provider</CardTitle>
        </CardHeader>
        <CardContent>
          <SsoProviderForm
            onSaved={(saved) => {
              toast.success(`${saved.name} added. Register ${saved.redirectUri} at the provider.`);
              void queryClient.invalidateQueries({ queryKey: providersQueryKey });
            }}
          />
        </CardContent>
      </Card>
      <PasswordSignInCard />
    </div>
  );
}
