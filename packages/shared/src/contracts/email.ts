import { t } from '@lingui/core/macro';
import { z } from 'zod';

/* Email (#18 point 5, decision 0034): what Punchclock may email a person, each kind turned off by them. */

export const EMAIL_KINDS = [
  'password_links',
  'decisions',
  'timesheet_reminders',
  'forgotten_clock_out',
  'schedule_changes',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  get password_links() {
    return t`Links to set my password`;
  },
  get decisions() {
    return t`Decisions on my time off, corrections and timesheets`;
  },
  get timesheet_reminders() {
    return t`Reminders to submit my timesheet`;
  },
  get forgotten_clock_out() {
    return t`When I seem to have forgotten to clock out`;
  },
  get schedule_changes() {
    return t`When my schedule is published or changed`;
  },
};

export const emailPreferencesSchema = z.object({
  /** Whether this server sends email at all (SMTP configured). */
  emailConfigured: z.boolean(),
  kinds: z.array(z.object({ kind: z.enum(EMAIL_KINDS), label: z.string(), enabled: z.boolean() })),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const updateEmailPreferencesSchema = z
  .object({
    /** The kinds the person does not want by email. */
    turnedOff: z
      .array(z.enum(EMAIL_KINDS, { error: () => t`Unknown kind of email` }))
      .max(EMAIL_KINDS.length),
  })
  .strict();
