import { t } from '@lingui/core/macro';
import { z } from 'zod';

/* Web Push reminders on a device (#17 point 4, decision 0029). */

export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

const base64Url = (message: () => string) =>
  z
    .string({ error: message })
    .min(16, { error: message })
    .max(200, { error: message })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: message });

const endpoint = z
  .url({ error: () => t`This browser gave no usable push address` })
  .max(1000, { error: () => t`This browser gave no usable push address` });

/** What PushSubscription.toJSON() gives, as the browser sends it. */
export const savePushSubscriptionRequestSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z
    .object({
      p256dh: base64Url(() => t`This browser gave no usable push keys`),
      auth: base64Url(() => t`This browser gave no usable push keys`),
    })
    .strict(),
});

export const removePushSubscriptionRequestSchema = z.object({ endpoint }).strict();

export const testPushResponseSchema = z.object({ sent: z.number().int() });

/** What a reminder carries to the service worker, which shows it as a notification. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
