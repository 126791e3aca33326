import { queryOptions } from '@tanstack/react-query';
import {
  myTwoFactorSchema,
  passkeySchema,
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
  type ReauthenticationRequest,
  webAuthnOptionsSchema,
} from '@punchclock/shared/contracts/two-factor';
import { callEndpoint, type EndpointBody } from '@/lib/call-endpoint';

// Account → Security: the signed-in person's two-step verification (decision 0056).

export const myTwoFactorQueryKey = ['me', 'two-factor'] as const;

export const myTwoFactorQueryOptions = queryOptions({
  queryKey: myTwoFactorQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/me/two-factor', { schema: myTwoFactorSchema, signal }),
});

/**
 * What the person typed to prove it is them (decision 0056): six digits are a code from the app,
 * anything else the password; nothing, in a setup-only session fresh from its password.
 */
export function reauthenticationOf(proof: string): ReauthenticationRequest {
  if (proof === '') return {};
  const digits = proof.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? { code: digits } : { password: proof };
}

export function startTotpSetup(proof: string) {
  return callEndpoint('POST /api/me/two-factor/totp', {
    body: reauthenticationOf(proof),
    schema: totpSetupResponseSchema,
  });
}

export function confirmTotpSetup(code: string) {
  return callEndpoint('POST /api/me/two-factor/totp/confirm', {
    body: { code },
    schema: recoveryCodesResponseSchema,
  });
}

export function removeTotp(input: EndpointBody<'POST /api/me/two-factor/totp/remove'>) {
  return callEndpoint('POST /api/me/two-factor/totp/remove', { body: input });
}

export function regenerateRecoveryCodes(proof: string) {
  return callEndpoint('POST /api/me/two-factor/recovery-codes', {
    body: reauthenticationOf(proof),
    schema: recoveryCodesResponseSchema,
  });
}

/** Asks the browser for a new passkey (its own dialog), then stores it under `name`. */
export async function addPasskey(name: string, proof: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await callEndpoint('POST /api/me/passkeys/options', {
    body: reauthenticationOf(proof),
    schema: webAuthnOptionsSchema,
  });
  const credential = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return callEndpoint('POST /api/me/passkeys', {
    body: {
      name,
      credential: credential as unknown as EndpointBody<'POST /api/me/passkeys'>['credential'],
    },
    schema: passkeySchema,
  });
}

export function renamePasskey(id: string, name: string) {
  return callEndpoint('PUT /api/me/passkeys/:id', {
    params: { id },
    body: { name },
    schema: passkeySchema,
  });
}

export function removePasskey(id: string) {
  return callEndpoint('DELETE /api/me/passkeys/:id', { params: { id } });
}
