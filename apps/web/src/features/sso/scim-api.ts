import { queryOptions } from '@tanstack/react-query';
import {
  apiTokensResponseSchema,
  createApiTokenResponseSchema,
} from '@punchclock/shared/contracts/api-tokens';
import {
  scimGroupMappingSchema,
  scimGroupMappingsResponseSchema,
  type ScimGroupMappingInput,
} from '@punchclock/shared/contracts/scim';
import { listTeamsResponseSchema } from '@punchclock/shared/contracts/users';
import { callEndpoint } from '@/lib/call-endpoint';

/* Directory provisioning (SCIM, #33): pushed groups and the service tokens of the scim scope. */

export const scimGroupsQueryKey = ['admin', 'scim-groups'] as const;
/** The API tokens screen's key for every token: a SCIM token made here shows there too. */
export const serviceTokensQueryKey = ['api-tokens', '/api/admin/api-tokens'] as const;

export const scimGroupsQueryOptions = queryOptions({
  queryKey: scimGroupsQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/admin/scim/groups', { schema: scimGroupMappingsResponseSchema, signal }),
});

export const scimTokensQueryOptions = queryOptions({
  queryKey: serviceTokensQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/admin/api-tokens', { schema: apiTokensResponseSchema, signal }),
  select: (data) =>
    data.tokens.filter((token) => token.kind === 'service' && token.scopes.includes('scim')),
});

export const scimTeamsQueryOptions = queryOptions({
  queryKey: ['scim-teams'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/teams', { schema: listTeamsResponseSchema, signal }),
});

/** A service token holding only the scim scope: a directory gets nothing else. */
export function createScimToken(name: string, expiresOn: string) {
  return callEndpoint('POST /api/admin/api-tokens', {
    body: { name, scopes: ['scim'], expiresOn },
    schema: createApiTokenResponseSchema,
  });
}

export function revokeScimToken(id: string) {
  return callEndpoint('DELETE /api/api-tokens/:id', { params: { id } });
}

export function saveScimGroupMapping(id: string, mapping: ScimGroupMappingInput) {
  return callEndpoint('PUT /api/admin/scim/groups/:id', {
    params: { id },
    body: mapping,
    schema: scimGroupMappingSchema,
  });
}
