import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { isoDate, text } from './common.ts';

/*
 * API tokens (#18 point 2, decision 0032): a bearer secret for another system. A personal token
 * acts as the person who made it; a service token, made by an admin, acts with the admin role.
 * Either reaches only the endpoints its scopes name (the catalogue gives each endpoint's scope).
 */

export const API_SCOPES = [
  'punches:read',
  'punches:write',
  'schedules:read',
  'shifts:read',
  'shifts:write',
  'timeoff:read',
  'timesheets:read',
  'reports:read',
  'people:read',
  'payroll:read',
  'scim',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * Scopes only a service token may hold: `scim` lets a directory create, change and suspend
 * people (#33), which is the organisation's doing, never one person's script.
 */
export const SERVICE_ONLY_SCOPES: readonly ApiScope[] = ['scim'];

/** What each scope lets a token do, for the screens that make tokens and the API reference. */
export const API_SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  get 'punches:read'() {
    return t`Read punches, today’s status and correction requests`;
  },
  get 'punches:write'() {
    return t`Record punches (a service token: on behalf of a person)`;
  },
  get 'schedules:read'() {
    return t`Read shifts and schedule templates`;
  },
  get 'shifts:read'() {
    return t`Read the roster: shifts (drafts too), availability and shift trades`;
  },
  get 'shifts:write'() {
    return t`Plan the roster: add, change, delete and publish shifts`;
  },
  get 'timeoff:read'() {
    return t`Read time off requests, types and balances`;
  },
  get 'timesheets:read'() {
    return t`Read timesheets and their sign-off`;
  },
  get 'reports:read'() {
    return t`Read adherence, worked-hours and live attendance reports`;
  },
  get 'people:read'() {
    return t`Read people and teams`;
  },
  get 'payroll:read'() {
    return t`Read and export payroll`;
  },
  get scim() {
    return t`Provision people and groups from a directory (SCIM 2.0): only the /scim/v2 endpoints`;
  },
};

export const API_TOKEN_KINDS = ['personal', 'service'] as const;
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number];

/** The longest a token may live: a year, as most providers allow. */
export const API_TOKEN_MAX_DAYS = 366;

/** Every token starts so, which lets secret scanners and log filters recognise it. */
export const API_TOKEN_PREFIX = 'pct_';

export const apiTokenSchema = z.object({
  id: z.uuid(),
  kind: z.enum(API_TOKEN_KINDS),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The token's first characters, to tell tokens apart; never enough to use. */
  hint: z.string(),
  /** The person a personal token acts as; null for a service token. */
  owner: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
  createdBy: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({
  tokens: z.array(apiTokenSchema),
  /** The scopes a new token made here may have: for a personal token, those the person's role can use. */
  availableScopes: z.array(z.enum(API_SCOPES)),
});
export type ApiTokensResponse = z.infer<typeof apiTokensResponseSchema>;

const tokenNameSchema = text({ error: () => t`Name the token` })
  .min(1, { error: () => t`Name the token` })
  .max(80, { error: () => t`A name has at most 80 characters` });

/** A personal token (Account settings) or a service token (Admin → API Tokens). */
export const createApiTokenRequestSchema = z
  .object({
    name: tokenNameSchema,
    scopes: z
      .array(z.enum(API_SCOPES, { error: () => t`Unknown scope` }), {
        error: () => t`Choose at least one scope`,
      })
      .min(1, { error: () => t`Choose at least one scope` })
      .max(API_SCOPES.length),
    /** The last day the token works (business time zone); it stops at the end of that day. */
    expiresOn: isoDate,
  })
  .strict();

/** The secret is in this answer only: the server keeps its hash. */
export const createApiTokenResponseSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().startsWith(API_TOKEN_PREFIX),
});
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;
