import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordTokenInfoSchema } from '@punchclock/shared/contracts/users';
import { emailPreferencesSchema, type EmailKind } from '@punchclock/shared/contracts/email';
import {
  kioskPinResponseSchema,
  myKioskPinResponseSchema,
} from '@punchclock/shared/contracts/kiosk';
import { languageResponseSchema } from '@punchclock/shared/contracts/language';
import { pushKeyResponseSchema, testPushResponseSchema } from '@punchclock/shared/contracts/push';
import type { Locale } from '@punchclock/shared/i18n/locales';
import { callEndpoint, type EndpointBody } from '@/lib/call-endpoint';

// The signed-in person's own settings: name, password, language, email, kiosk PIN, reminders.

export function saveMyName(input: EndpointBody<'PUT /api/me/profile'>) {
  return callEndpoint('PUT /api/me/profile', { body: input });
}

export function changeMyPassword(input: EndpointBody<'POST /api/me/password'>) {
  return callEndpoint('POST /api/me/password', { body: input });
}

/** null follows the browser's language. */
export function saveMyLanguage(language: Locale | null) {
  return callEndpoint('PUT /api/me/language', {
    body: { language },
    schema: languageResponseSchema,
  });
}

export const emailPreferencesQueryKey = ['me', 'email-preferences'] as const;

export const emailPreferencesQueryOptions = queryOptions({
  queryKey: emailPreferencesQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/me/email-preferences', { schema: emailPreferencesSchema, signal }),
});

export function saveEmailPreferences(turnedOff: EmailKind[]) {
  return callEndpoint('PUT /api/me/email-preferences', {
    body: { turnedOff },
    schema: emailPreferencesSchema,
  });
}

export const kioskPinStatusQueryKey = ['me', 'kiosk-pin'] as const;

export const kioskPinStatusQueryOptions = queryOptions({
  queryKey: kioskPinStatusQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/me/kiosk-pin', { schema: myKioskPinResponseSchema, signal }),
});

export function setMyKioskPin(input: EndpointBody<'PUT /api/me/kiosk-pin'>) {
  return callEndpoint('PUT /api/me/kiosk-pin', { body: input, schema: kioskPinResponseSchema });
}

/** Whose one-time set-password link `token` is, and what it is for. */
export function passwordLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['password-link', token],
    queryFn: () =>
      callEndpoint('POST /api/auth/password-link', {
        body: { token },
        schema: passwordTokenInfoSchema,
      }),
    retry: false,
  });
}

export function setPasswordWithLink(input: EndpointBody<'POST /api/auth/set-password'>) {
  return callEndpoint('POST /api/auth/set-password', {
    body: input,
    schema: z.object({ email: z.string() }),
  });
}

export async function readPushKey(): Promise<string> {
  const { publicKey } = await callEndpoint('GET /api/push/key', { schema: pushKeyResponseSchema });
  return publicKey;
}

export function savePushSubscription(subscription: PushSubscription) {
  // The browser's JSON types every field as optional; the server's contract checks they are there.
  const body = subscription.toJSON() as EndpointBody<'PUT /api/push/subscription'>;
  return callEndpoint('PUT /api/push/subscription', { body });
}

export function removePushSubscription(endpoint: string) {
  return callEndpoint('DELETE /api/push/subscription', { body: { endpoint } });
}

export function sendTestPush() {
  return callEndpoint('POST /api/push/test', { schema: testPushResponseSchema });
}
