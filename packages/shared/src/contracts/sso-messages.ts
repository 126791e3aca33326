// Single sign-on messages the sign-in page needs, free of zod (contracts/sso re-exports them).
import { t } from '@lingui/core/macro';
import { suspendedMessage } from './auth-messages.ts';

/** Why a sign-in through a provider ended back on the sign-in page (`/auth?sso_error=`). */
export const SSO_ERRORS = [
  'failed',
  'unknown_person',
  'email_unverified',
  'suspended',
  'disabled',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export const SSO_ERROR_MESSAGES: Record<SsoError, string> = {
  get failed() {
    return t`Signing in with your organization did not complete. Please try again.`;
  },
  get unknown_person() {
    return t`There is no Punchclock account for that email. Ask an admin to add you.`;
  },
  get email_unverified() {
    return t`Your identity provider did not confirm your email address.`;
  },
  get suspended() {
    return suspendedMessage();
  },
  get disabled() {
    return t`This sign-in method is turned off.`;
  },
};

/**
 * Shown when the right password is typed for someone who must sign in through their
 * organization, in the reader's language (decision 0036).
 */
export function passwordSignInOffMessage(): string {
  return t`Password sign-in is turned off for your account. Sign in with your organization instead.`;
}

/** In the reader's language (decision 0036). */
export function firstAdminKeepsPasswordMessage(): string {
  return t`The first admin always keeps password sign-in, so nobody is ever locked out`;
}

/** The message for `/auth?sso_error=<value>`, or null when the value is not one of ours. */
export function ssoErrorMessage(value: string | null): string | null {
  return value !== null && (SSO_ERRORS as readonly string[]).includes(value)
    ? SSO_ERROR_MESSAGES[value as SsoError]
    : null;
}

/** In the reader's language (decision 0036). */
export function noProviderYetMessage(): string {
  return t`Turn on a single sign-on provider first: without one, only the first admin could sign in`;
}
