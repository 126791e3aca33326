import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { ROLES } from '../domain/roles.ts';
import { text } from './common.ts';

/* Single sign-on with OpenID Connect (#19 point 1, decision 0035). */

export const UNKNOWN_PEOPLE_POLICIES = ['refuse', 'create'] as const;
export type UnknownPeoplePolicy = (typeof UNKNOWN_PEOPLE_POLICIES)[number];

export {
  firstAdminKeepsPasswordMessage,
  noProviderYetMessage,
  passwordSignInOffMessage,
  SSO_ERROR_MESSAGES,
  SSO_ERRORS,
  ssoErrorMessage,
  type SsoError,
} from './sso-messages.ts';

/** What the sign-in page shows: one button per enabled provider. */
export const ssoButtonsResponseSchema = z.object({
  providers: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type SsoButtons = z.infer<typeof ssoButtonsResponseSchema>;

export const ssoStartQuerySchema = z.object({
  /** The page to land on afterwards; only a path of this site. */
  returnTo: z.string().max(500).optional(),
});

const slugSchema = z
  .string({ error: () => t`Short name is required` })
  .trim()
  .min(2, { error: () => t`Short name must be at least 2 characters` })
  .max(40, { error: () => t`Short name too long` })
  .regex(/^[a-z0-9-]+$/, {
    error: () => t`Short name may hold only lowercase letters, digits and dashes`,
  });

const httpsUrl = z
  .string({ error: () => t`Issuer URL is required` })
  .trim()
  .max(500, { error: () => t`Issuer URL too long` })
  .pipe(z.url({ protocol: /^https?$/, error: () => t`Issuer URL must be an https:// address` }));

/** Group name → role. A person in several mapped groups gets the highest of their roles. */
export const groupRolesSchema = z
  .record(
    text()
      .min(1)
      .max(200, { error: () => t`Group name too long` }),
    z.enum(ROLES, { error: () => t`Unknown role` }),
  )
  .refine((value) => Object.keys(value).length <= 50, {
    error: () => t`At most 50 group mappings`,
  });

export const ssoProviderInputSchema = z
  .object({
    slug: slugSchema,
    name: text({ error: () => t`Name is required` })
      .trim()
      .min(2, { error: () => t`Name must be at least 2 characters` })
      .max(60, { error: () => t`Name too long` }),
    issuerUrl: httpsUrl,
    clientId: text({ error: () => t`Client ID is required` })
      .trim()
      .min(1, { error: () => t`Client ID is required` })
      .max(500, { error: () => t`Client ID too long` }),
    /** Left out on a change: the stored secret stays. */
    clientSecret: text()
      .max(2000, { error: () => t`Client secret too long` })
      .optional(),
    unknownPeople: z.enum(UNKNOWN_PEOPLE_POLICIES).default('refuse'),
    /** Accept the provider's emails without an `email_verified` claim (Entra ID sends none). */
    trustEmails: z.boolean().default(false),
    groupsClaim: text()
      .trim()
      .max(100, { error: () => t`Group claim too long` })
      .nullable()
      .default(null),
    groupRoles: groupRolesSchema.default({}),
    enabled: z.boolean().default(true),
  })
  .strict();
export type SsoProviderInput = z.input<typeof ssoProviderInputSchema>;
export type SsoProviderSettings = z.output<typeof ssoProviderInputSchema>;

export const ssoProviderSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  /** Secrets are never sent back; only whether one is stored. */
  hasClientSecret: z.boolean(),
  unknownPeople: z.enum(UNKNOWN_PEOPLE_POLICIES),
  trustEmails: z.boolean(),
  groupsClaim: z.string().nullable(),
  groupRoles: z.record(z.string(), z.enum(ROLES)),
  enabled: z.boolean(),
  /** Configured by OIDC_* environment variables: shown, not editable here. */
  fromEnvironment: z.boolean(),
  /** The address to register at the provider as the redirect URI. */
  redirectUri: z.string(),
  createdAt: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoProvidersResponseSchema = z.object({ providers: z.array(ssoProviderSchema) });
export const ssoProviderResponseSchema = z.object({ provider: ssoProviderSchema });

export const PASSWORD_SIGN_IN_SCOPES = ['everyone', 'first_admin_only'] as const;
export type PasswordSignInScope = (typeof PASSWORD_SIGN_IN_SCOPES)[number];

/** PUT /api/admin/sign-in-settings */
export const signInSettingsInputSchema = z
  .object({ passwordSignIn: z.enum(PASSWORD_SIGN_IN_SCOPES) })
  .strict();

export const signInSettingsSchema = z.object({
  passwordSignIn: z.enum(PASSWORD_SIGN_IN_SCOPES),
  /** The admin who keeps a password when it is off for everyone else (the earliest admin). */
  firstAdmin: z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable() }).nullable(),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;
