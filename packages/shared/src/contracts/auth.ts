import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { ROLES } from '../domain/roles.ts';
import { text } from './common.ts';

/** Validation messages are the product's, word for word (product §5). */
export const emailSchema = z
  .string({ error: () => t`Invalid email address` })
  .trim()
  .pipe(
    z.email({ error: () => t`Invalid email address` }).max(255, { error: () => t`Email too long` }),
  );

export const passwordSchema = z
  .string({ error: () => t`Password must be at least 8 characters` })
  .min(8, { error: () => t`Password must be at least 8 characters` })
  .regex(/[A-Z]/, { error: () => t`Password must contain an uppercase letter` })
  .regex(/[0-9]/, { error: () => t`Password must contain a number` })
  // Long enough for passphrases (ASVS asks for >= 64) yet bounded so hashing stays cheap.
  .max(256, { error: () => t`Password too long` });

/**
 * Refuses a new password that is on the list of common / breached passwords (ASVS 6.2.x), in
 * the reader's language (decision 0036). The list (~49k entries, ~380 KB) is checked on the
 * server only, where a password is set, so the browser bundle stays small and sign-in still
 * accepts an old password set before the rule.
 */
export function commonPasswordMessage(): string {
  return t`This password is too common. Choose a less predictable one.`;
}

/** Why a password near a common one, or made of guessable parts, is refused (decision 0040). */
export type WeakPasswordReason =
  | 'common-with-additions'
  | 'common-word'
  | 'keyboard-pattern'
  | 'repeats'
  | 'sequence'
  | 'dates'
  | 'guessable';

/** The refusal of a guessable new password, saying why, in the reader's language. */
export function weakPasswordMessage(reason: WeakPasswordReason): string {
  switch (reason) {
    case 'common-with-additions':
      return t`This password is too common: it is a well-known password with a few characters added. Choose a less predictable one.`;
    case 'common-word':
      return t`This password is too easy to guess: it is mostly a common word or name. Add more words, or characters that are hard to guess.`;
    case 'keyboard-pattern':
      return t`This password is too easy to guess: it follows a keyboard pattern. Choose a less predictable one.`;
    case 'repeats':
      return t`This password is too easy to guess: it repeats characters or words. Choose a less predictable one.`;
    case 'sequence':
      return t`This password is too easy to guess: it contains a sequence such as abc or 123. Choose a less predictable one.`;
    case 'dates':
      return t`This password is too easy to guess: dates and years are among the first things tried. Choose a less predictable one.`;
    case 'guessable':
      return t`This password is too easy to guess. Add more words, or characters that are hard to guess.`;
  }
}

const nameValueSchema = text()
  .min(2, { error: () => t`Name must be at least 2 characters` })
  .max(100, { error: () => t`Name too long` });

/** An empty or blank name counts as "not given". */
export const optionalNameSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  nameValueSchema.optional(),
);

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: optionalNameSchema,
});

export const roleSchema = z.enum(ROLES);

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema.nullable(),
  /** The language chosen in Account settings; null: the browser's (decision 0036). */
  language: z.enum(LOCALES).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * POST /api/auth/sign-in: the person now signed in (the session is in the cookie); or, for a
 * person with two-step verification, no session yet: the second step's choices (the pending
 * sign-in is in a short-lived cookie, POST /api/auth/second-factor finishes it).
 */
export const signInResponseSchema = z.union([
  z.object({
    user: sessionUserSchema,
    /** Present (true) when the session may only set up two-step verification. */
    twoFactorSetupRequired: z.literal(true).optional(),
  }),
  z.object({
    twoFactor: z.object({ methods: z.array(z.enum(['totp', 'recovery', 'passkey'])) }),
  }),
]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** GET /api/auth/session — `user` is null when nobody is signed in. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  /** Present (true) when the session may only set up two-step verification. */
  twoFactorSetupRequired: z.literal(true).optional(),
  idleTimeoutMinutes: z.number().int().positive(),
  /** The business time zone: day boundaries and every displayed time. */
  timeZone: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** The first failing message, in the order the rules are declared — what the sign-in toast shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? t`Invalid request`;
}

export { invalidCredentialsMessage, suspendedMessage } from './auth-messages.ts';
