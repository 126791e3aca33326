// The auth messages the web app's first page needs, free of zod (contracts/auth re-exports them).
import { t } from '@lingui/core/macro';

/** In the reader's language (decision 0036). */
export function suspendedMessage(): string {
  return t`Your account has been suspended. Please contact an administrator.`;
}

/** In the reader's language (decision 0036). */
export function invalidCredentialsMessage(): string {
  return t`Invalid login credentials`;
}
