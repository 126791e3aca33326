import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { emailSchema, passwordSchema, sessionUserSchema } from './auth.ts';
import { periodDate, text } from './common.ts';

/*
 * The first run in the browser (#33 part 1, decision 0053): on an empty
 * database the server prints a one-time link; whoever opens it names the organisation, its pay
 * period and province rules, and the first admin.
 */

/** The pay periods the setup offers (monthly stays an environment-only choice). */
export const SETUP_PAY_PERIODS = ['weekly', 'biweekly', 'semimonthly'] as const;
export type SetupPayPeriod = (typeof SETUP_PAY_PERIODS)[number];

/** The provinces whose rules Punchclock knows; only Ontario for now. */
export const PROVINCES = ['ON'] as const;
export type Province = (typeof PROVINCES)[number];

/** GET /api/setup/status: whether the instance still waits for its first admin. */
export const setupStatusResponseSchema = z.object({
  needsSetup: z.boolean(),
  /** The organisation's name from the setup; null before it (or when set up without it). */
  organisationName: z.string().nullable(),
});
export type SetupStatus = z.infer<typeof setupStatusResponseSchema>;

/** POST /api/setup/link: whether a setup link is usable (POST keeps the token out of URLs). */
export const setupLinkRequestSchema = z.object({ token: z.string().max(200).default('') });

const linkTokenSchema = z
  .string({ error: () => t`This setup link is not valid` })
  .min(1, { error: () => t`This setup link is not valid` })
  .max(200, { error: () => t`This setup link is not valid` });

export const organisationNameSchema = text({ error: () => t`Enter the organisation's name` })
  .min(2, { error: () => t`Name must be at least 2 characters` })
  .max(100, { error: () => t`Name too long` });

const adminNameSchema = text({ error: () => t`Enter your name` })
  .min(2, { error: () => t`Name must be at least 2 characters` })
  .max(100, { error: () => t`Name too long` });

const setupFields = {
  organisationName: organisationNameSchema,
  payPeriod: z.enum(SETUP_PAY_PERIODS, { error: () => t`Choose a pay period` }),
  /** The first day of any one pay period: weekly and bi-weekly only (semi-monthly is fixed). */
  payPeriodStart: z.preprocess(
    (value) => (value === '' ? null : value),
    periodDate().nullable().default(null),
  ),
  province: z.enum(PROVINCES, { error: () => t`Choose the province whose rules apply` }),
  name: adminNameSchema,
  email: emailSchema,
  password: passwordSchema,
  demoData: z.boolean().default(false),
};

/** Weekly and bi-weekly periods need their start (the form checks it on its own step too). */
export function missingPeriodStartMessage(): string {
  return t`Choose the first day of a pay period`;
}

function requirePeriodStart(
  value: { payPeriod: SetupPayPeriod; payPeriodStart: string | null },
  context: z.RefinementCtx,
): void {
  if (value.payPeriod !== 'semimonthly' && value.payPeriodStart === null) {
    context.addIssue({
      code: 'custom',
      path: ['payPeriodStart'],
      message: missingPeriodStartMessage(),
    });
  }
}

/** The wizard's fields, without the link's token (the web form's schema). */
export const setupFormSchema = z.object(setupFields).superRefine(requirePeriodStart);
export type SetupForm = z.input<typeof setupFormSchema>;

/** POST /api/setup: completes the setup and signs the new admin in (session cookie). */
export const completeSetupRequestSchema = z
  .object({ token: linkTokenSchema, ...setupFields })
  .superRefine(requirePeriodStart);
export type CompleteSetupRequest = z.infer<typeof completeSetupRequestSchema>;

export function setupLinkInvalidMessage(): string {
  return t`This setup link is not valid. Open the link printed on the server's console, or restart the server for a new one.`;
}

export function alreadySetUpMessage(): string {
  return t`Punchclock is already set up. Sign in instead.`;
}

/** POST /api/setup: the new admin, signed in (the session cookie is set). */
export const setupDoneResponseSchema = z.object({ user: sessionUserSchema });
