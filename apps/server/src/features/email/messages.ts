import type { EmailKind } from '@punchclock/shared/contracts/email';

/** What an email says: plain text, which every mail client shows as written. */
export interface EmailMessage {
  subject: string;
  text: string;
}

/** The kind of email a notification is, by its occasion (null: not emailed). */
export function emailKindOfOccasion(occasionKey: string | null): EmailKind | null {
  if (!occasionKey) return null;
  if (occasionKey.startsWith('decision:') || occasionKey.startsWith('timesheet-decision:')) {
    return 'decisions';
  }
  if (occasionKey.startsWith('forgot_clock_out:')) return 'forgotten_clock_out';
  if (occasionKey.startsWith('timesheet-due:')) return 'timesheet_reminders';
  return null;
}

/** Where in the app each kind of email leads. */
const PAGE_OF: Record<EmailKind, string> = {
  password_links: '/set-password',
  decisions: '/dashboard',
  timesheet_reminders: '/timesheets',
  forgotten_clock_out: '/dashboard',
};

const footer = (publicUrl: string) =>
  `\n\n—\nPunchclock. To stop these emails, open Account settings → Email at ${publicUrl}/dashboard.`;

/** An email for a notification: its title as the subject, its message, and a link to the app. */
export function notificationEmail(
  notification: { title: string; message: string },
  kind: EmailKind,
  publicUrl: string,
): EmailMessage {
  return {
    subject: notification.title,
    text: `${notification.message}\n\nOpen Punchclock: ${publicUrl}${PAGE_OF[kind]}${footer(publicUrl)}`,
  };
}

/** The one-time link to set a password, for a new account or after a reset. */
export function passwordLinkEmail(
  link: { path: string; expiresAt: string },
  purpose: 'invite' | 'reset',
  publicUrl: string,
  expiresText: string,
): EmailMessage {
  const opening =
    purpose === 'invite'
      ? 'An account was made for you in Punchclock, where you clock in and out.'
      : 'An admin reset your Punchclock password.';
  return {
    subject:
      purpose === 'invite' ? 'Set your Punchclock password' : 'Set a new Punchclock password',
    text: `${opening} Choose your password with this link (it works once, until ${expiresText}):\n\n${publicUrl}${link.path}${footer(publicUrl)}`,
  };
}
