// The second step of a password sign-in and passkey sign-in; loaded only when one is used, with
// @simplewebauthn/browser and zod (the sign-in page itself stays lean).
import { sessionUserSchema } from '@punchclock/shared/contracts/auth';
import { webAuthnOptionsSchema } from '@punchclock/shared/contracts/two-factor';
import { z } from 'zod';
import { callEndpoint } from '@/lib/call-endpoint';
import type { startAuthentication as startAuthenticationType } from '@simplewebauthn/browser';

const signedInSchema = z.object({ user: sessionUserSchema });

type AssertionOptions = Parameters<typeof startAuthenticationType>[0]['optionsJSON'];

async function askForPasskey(options: unknown) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as AssertionOptions });
}

export function finishWithCode(code: string) {
  return callEndpoint('POST /api/auth/second-factor', { body: { code }, schema: signedInSchema });
}

export function finishWithRecoveryCode(recoveryCode: string) {
  return callEndpoint('POST /api/auth/second-factor', {
    body: { recoveryCode },
    schema: signedInSchema,
  });
}

export async function finishWithPasskey() {
  const options = await callEndpoint('POST /api/auth/second-factor/passkey-options', {
    schema: webAuthnOptionsSchema,
  });
  const passkey = await askForPasskey(options);
  return callEndpoint('POST /api/auth/second-factor', {
    body: { passkey: passkey as never },
    schema: signedInSchema,
  });
}

/** "Continue with a passkey": no email, no password; the browser offers the person's passkeys. */
export async function signInWithPasskey() {
  const options = await callEndpoint('POST /api/auth/passkey-options', {
    schema: webAuthnOptionsSchema,
  });
  const passkey = await askForPasskey(options);
  return callEndpoint('POST /api/auth/passkey', {
    body: { passkey: passkey as never },
    schema: signedInSchema,
  });
}
