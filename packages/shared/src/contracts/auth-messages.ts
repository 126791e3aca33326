// The auth messages the web app's first page needs, free of zod (contracts/auth re-exports them).
import { t } from '@lingui/core/macro';

export const SUSPENDED_MESSAGE =
  'Your account has been suspended. Please contact an administrator.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';

/** SUSPENDED_MESSAGE in the reader's language. */
export function suspendedMessage(): string {
  return t`Your account has been suspended. Please contact an administrator.`;
}

/** INVALID_CREDENTIALS_MESSAGE in the reader's language. */
export function invalidCredentialsMessage(): string {
  return t`Invalid login credentials`;
}
