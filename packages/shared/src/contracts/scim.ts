import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { ROLES } from '../domain/roles.ts';

/*
 * SCIM 2.0 provisioning (RFC 7643/7644; #33, decision 0055). A directory
 * (Entra ID, Okta, …) pushes people and groups to /scim/v2 with a service token of the `scim`
 * scope; an admin maps each pushed group to a team and/or a role.
 */

export const SCIM_BASE_PATH = '/scim/v2';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The media type of SCIM bodies (RFC 7644 §3.1); application/json is accepted too. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** At most this many resources in one page of a list (advertised as filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

// ---- The wire format, for the catalogue and the API reference ---------------------------------
// SCIM bodies are read by the server's own rules (features/scim), which answer SCIM errors;
// these schemas say their shape for the reference and keep every other key.

const scimMeta = z.looseObject({
  resourceType: z.string(),
  created: z.string(),
  lastModified: z.string(),
  location: z.string(),
  version: z.string(),
});

// Only id, schemas and meta are always returned: `attributes` may project the rest away (§3.9).
export const scimUserSchema = z.looseObject({
  schemas: z.array(z.string()),
  id: z.uuid(),
  userName: z.string().optional(),
  active: z.boolean().optional(),
  meta: scimMeta,
});

export const scimGroupSchema = z.looseObject({
  schemas: z.array(z.string()),
  id: z.uuid(),
  displayName: z.string().optional(),
  meta: scimMeta,
});

export const scimListResponseSchema = z.looseObject({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int(),
  Resources: z.array(z.unknown()),
});

export const scimDocumentSchema = z.looseObject({ schemas: z.array(z.string()) });

/** A SCIM resource sent by a directory (POST, PUT): read by the SCIM rules, any other key kept. */
export const scimResourceInputSchema = z.looseObject({});

/** A PATCH request (RFC 7644 §3.5.2); the operations are read one by one by the SCIM rules. */
export const scimPatchInputSchema = z.looseObject({});

/**
 * A list's query string (RFC 7644 §3.4.2): filter, 1-based startIndex, count. Read leniently —
 * SCIM clients send odd values (`count=0`, a startIndex below 1) the RFC says to accept.
 */
export const scimListQuerySchema = z.looseObject({
  filter: z.string().max(2000).optional(),
  startIndex: z.string().max(20).optional(),
  count: z.string().max(20).optional(),
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
});

// ---- The admin's side: pushed groups and what they map to --------------------------------------

export const scimGroupMappingSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  externalId: z.string().nullable(),
  memberCount: z.number().int(),
  teamId: z.uuid().nullable(),
  role: z.enum(ROLES).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ScimGroupMapping = z.infer<typeof scimGroupMappingSchema>;

export const scimGroupMappingsResponseSchema = z.object({
  groups: z.array(scimGroupMappingSchema),
  /** The path a directory is given (the web app prefixes its own origin). */
  basePath: z.literal(SCIM_BASE_PATH),
});
export type ScimGroupMappingsResponse = z.infer<typeof scimGroupMappingsResponseSchema>;

/** What a pushed group gives its members: a team, a role, both or neither. */
export const scimGroupMappingInputSchema = z
  .object({
    teamId: z.uuid({ error: () => t`Unknown team` }).nullable(),
    role: z.enum(ROLES, { error: () => t`Unknown role` }).nullable(),
  })
  .strict();
export type ScimGroupMappingInput = z.infer<typeof scimGroupMappingInputSchema>;

export type ScimUserResource = z.input<typeof scimUserSchema>;
export type ScimGroupResource = z.input<typeof scimGroupSchema>;
export type ScimListResponse = z.input<typeof scimListResponseSchema>;
export type ScimDocument = z.input<typeof scimDocumentSchema>;
