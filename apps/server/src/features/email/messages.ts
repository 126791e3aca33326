import { t } from '@lingui/core/macro';
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
  // A published roster, and the steps of shift trades (#30).
  if (occasionKey.startsWith('roster:') || occasionKey.startsWith('shift_trade:')) {
    return 'schedule_changes';
  }
  return null;
}

/** Where in the app each kind of email leads. */
const PAGE_OF: Record<EmailKind, string> = {
  password_links: '/set-password',
  decisions: '/dashboard',
  timesheet_reminders: '/timesheets',
  forgotten_clock_out: '/dashboard',
  schedule_changes: '/schedules',
};

/** Written in the current language: render each email inside `withLocale(recipient's language)`. */
const footer = (publicUrl: string) => {
  const dashboardUrl = `${publicUrl}/dashboard`;
  const line = t`Punchclock. To stop these emails, open Account settings → Email at ${dashboardUrl}.`;
  return `\n\n—\n${line}`;
};

function openPunchclock(pageUrl: string): string {
  return t`Open Punchclock: ${pageUrl}`;
}

/** An email for a notification: its title as the subject, its message, and a link to the app. */
export function notificationEmail(
  notification: { title: string; message: string },
  kind: EmailKind,
  publicUrl: string,
): EmailMessage {
  return {
    subject: notification.title,
    text: `${notification.message}\n\n${openPunchclock(`${publicUrl}${PAGE_OF[kind]}`)}${footer(publicUrl)}`,
  };
}

/** The one-time link to set a password, for a new account or after a reset. */
export function passwordLinkEmail(
  link: { path: string; expiresAt: string },
  purpose: 'invite' | 'reset',
  publicUrl: string,
  expiresText: string,
): EmailMessage {
  const intro =
    purpose === 'invite'
      ? t`An account was made for you in Punchclock, where you clock in and out. Choose your password with this link (it works once, until ${expiresText}):`
      : t`An admin reset your Punchclock password. Choose your password with this link (it works once, until ${expiresText}):`;
  return {
    subject:
      purpose === 'invite' ? t`Set your Punchclock password` : t`Set a new Punchclock password`,
    text: `${intro}\n\n${publicUrl}${link.path}${footer(publicUrl)}`,
  };
}

/** An invitation to sign in through the organisation's single sign-on (a people import, #33). */
export function ssoInvitationEmail(publicUrl: string): EmailMessage {
  const signInUrl = `${publicUrl}/auth`;
  return {
    subject: t`You can now sign in to Punchclock`,
    text: `${t`An account was made for you in Punchclock, where you clock in and out. Sign in with your organisation’s single sign-on (the button on the sign-in page):`}\n\n${signInUrl}${footer(publicUrl)}`,
  };
}
