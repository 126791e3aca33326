import { queryOptions } from '@tanstack/react-query';
import {
  myTwoFactorSchema,
  passkeySchema,
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
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

export function startTotpSetup() {
  return callEndpoint('POST /api/me/two-factor/totp', { schema: totpSetupResponseSchema });
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

export function regenerateRecoveryCodes() {
  return callEndpoint('POST /api/me/two-factor/recovery-codes', {
    schema: recoveryCodesResponseSchema,
  });
}

/** Asks the browser for a new passkey (its own dialog), then stores it under `name`. */
export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await callEndpoint('POST /api/me/passkeys/options', {
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
