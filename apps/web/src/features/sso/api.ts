import { queryOptions } from '@tanstack/react-query';
import {
  signInSettingsSchema,
  ssoProviderResponseSchema,
  ssoProvidersResponseSchema,
  type PasswordSignInScope,
  type SsoProvider,
} from '@punchclock/shared/contracts/sso';
import { callEndpoint, type EndpointBody } from '@/lib/call-endpoint';

export const ssoProvidersQueryKey = ['admin', 'sso-providers'] as const;
export const signInSettingsQueryKey = ['admin', 'sign-in-settings'] as const;

export const ssoProvidersQueryOptions = queryOptions({
  queryKey: ssoProvidersQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/admin/sso-providers', { schema: ssoProvidersResponseSchema, signal }),
});

export const signInSettingsQueryOptions = queryOptions({
  queryKey: signInSettingsQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/admin/sign-in-settings', { schema: signInSettingsSchema, signal }),
});

export function saveSignInSettings(passwordSignIn: PasswordSignInScope) {
  return callEndpoint('PUT /api/admin/sign-in-settings', {
    body: { passwordSignIn },
    schema: signInSettingsSchema,
  });
}

type ProviderInput = EndpointBody<'POST /api/admin/sso-providers'>;

/** Add a provider (`id` null) or change one (an empty client secret keeps the stored one). */
export function saveSsoProvider(id: string | null, input: ProviderInput) {
  return id
    ? callEndpoint('PUT /api/admin/sso-providers/:id', {
        params: { id },
        body: input,
        schema: ssoProviderResponseSchema,
      })
    : callEndpoint('POST /api/admin/sso-providers', {
        body: input,
        schema: ssoProviderResponseSchema,
      });
}

/** Turn a provider on or off, keeping the rest of it (and its client secret) as it is. */
export function setSsoProviderEnabled(provider: SsoProvider, enabled: boolean) {
  return callEndpoint('PUT /api/admin/sso-providers/:id', {
    params: { id: provider.id },
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
  });
}

export function removeSsoProvider(id: string) {
  return callEndpoint('DELETE /api/admin/sso-providers/:id', { params: { id } });
}
