import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { text } from './common.ts';

/* Two-step verification for password sign-in (#33 part 4; decision 0056). */

export const TWO_FACTOR_REQUIREMENTS = ['off', 'admins', 'everyone'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The code a session still setting up two-step verification gets from every other route. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

export function twoFactorSetupRequiredMessage(): string {
  return t`Set up two-step verification to continue`;
}

/** A six-digit code from an authenticator app (spaces allowed, as apps show "123 456"). */
export const totpCodeSchema = z
  .string({ error: () => t`Enter the 6-digit code from your authenticator app` })
  .max(20, { error: () => t`Enter the 6-digit code from your authenticator app` })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{6}$/, { error: () => t`Enter the 6-digit code from your authenticator app` }),
  );

export const recoveryCodeSchema = z
  .string({ error: () => t`Enter one of your recovery codes` })
  .max(40, { error: () => t`Enter one of your recovery codes` })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: () => t`Enter one of your recovery codes` }));

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** What the browser's navigator.credentials.create() gave (@simplewebauthn/browser's JSON). */
export const passkeyRegistrationSchema = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** What navigator.credentials.get() gave. */
export const passkeyAssertionSchema = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    // ML-DSA-87 (post-quantum, offered first on Node 24) signs in 4,627 bytes: 6,170 characters
    signature: base64url(8000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** POST /api/auth/second-factor: one of the three. */
export const secondFactorRequestSchema = z.union(
  [
    z.strictObject({ code: totpCodeSchema }),
    z.strictObject({ recoveryCode: recoveryCodeSchema }),
    z.strictObject({ passkey: passkeyAssertionSchema }),
  ],
  { error: () => t`Enter the 6-digit code from your authenticator app` },
);

/** Options for navigator.credentials.get()/create(), passed on as the server made them. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeySignInRequestSchema = z.object({ passkey: passkeyAssertionSchema });

const passkeyNameSchema = text()
  .min(1, { error: () => t`Name the passkey` })
  .max(60, { error: () => t`Passkey name too long` });

export const addPasskeyRequestSchema = z.object({
  name: passkeyNameSchema,
  credential: passkeyRegistrationSchema,
});
export const renamePasskeyRequestSchema = z.object({ name: passkeyNameSchema });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between devices (a password manager, a phone's cloud keychain). */
  isSynced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/me/two-factor: the caller's factors, never their secrets. */
export const myTwoFactorSchema = z.object({
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySchema),
  /** The company requires two-step verification of this person. */
  isRequired: z.boolean(),
});
export type MyTwoFactor = z.infer<typeof myTwoFactorSchema>;

/** POST /api/me/two-factor/totp: a new secret to scan, confirmed by the next call. */
export const totpSetupResponseSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The otpauth:// URI as a QR code, an SVG data URL. */
  qrCode: z.string(),
});
export const confirmTotpRequestSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Removing the app needs the password or a current code. */
export const removeTotpRequestSchema = z.union(
  [
    z.strictObject({ password: z.string().min(1).max(256) }),
    z.strictObject({ code: totpCodeSchema }),
  ],
  { error: () => t`Enter your password or a current code` },
);

/**
 * Adding a factor or new recovery codes: the password again, or a current code from the app
 * (someone with one), so a stolen session alone cannot plant a factor. A setup-only session
 * fresh from its password may send neither (decision 0056).
 */
export const reauthenticationRequestSchema = z.strictObject(
  {
    password: z.string().min(1).max(256).optional(),
    code: totpCodeSchema.optional(),
  },
  { error: () => t`Enter your password or a current code` },
);
export type ReauthenticationRequest = z.infer<typeof reauthenticationRequestSchema>;
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

export const twoFactorSettingsSchema = z.object({
  required: z.enum(TWO_FACTOR_REQUIREMENTS, {
    error: () => t`Choose who must use two-step verification`,
  }),
});
export type TwoFactorSettings = z.infer<typeof twoFactorSettingsSchema>;

export function wrongCodeMessage(): string {
  return t`That code is not right. Try again.`;
}
export function secondFactorExpiredMessage(): string {
  return t`Your sign-in took too long. Enter your email and password again.`;
}
export function lastFactorRequiredMessage(): string {
  return t`Two-step verification is required for you: add another method before removing this one.`;
}
export function wrongPasskeyMessage(): string {
  return t`This passkey could not be checked. Try again, or sign in with your email and password.`;
}
