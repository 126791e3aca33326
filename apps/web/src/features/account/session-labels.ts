import { t } from '@lingui/core/macro';
import type { SignedInSession } from '@punchclock/shared/contracts/signed-in-sessions';

/**
 * A session's device as a person says it: "Chrome 131 on Windows", "Safari on iPhone" (a phone's
 * model stands for its system, and its browser's version is noise there).
 */
export function describeDevice(
  session: Pick<SignedInSession, 'browser' | 'browserVersion' | 'os' | 'device'>,
): string {
  const place = session.device ?? session.os;
  const browser =
    session.browser && session.browserVersion && !session.device
      ? `${session.browser} ${session.browserVersion}`
      : session.browser;
  if (browser && place) return t`${browser} on ${place}`;
  return browser ?? place ?? t`Unknown device`;
}

/** How the session was opened, in words: "Password", "Single sign-on (okta)"… */
export function describeSignInMethod(method: string | null): string {
  if (method === null) return t`Sign-in method not recorded`;
  if (method.startsWith('sso:')) {
    const provider = method.slice('sso:'.length);
    return t`Single sign-on (${provider})`;
  }
  switch (method) {
    case 'password':
      return t`Password`;
    case 'password+totp':
      return t`Password and authenticator code`;
    case 'password+recovery':
      return t`Password and recovery code`;
    case 'password+passkey':
      return t`Password and passkey`;
    case 'password:two-factor-setup':
      return t`Password, setting up two-step verification`;
    case 'passkey':
      return t`Passkey`;
    default:
      return method;
  }
}
