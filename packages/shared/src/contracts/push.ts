import { z } from 'zod';

/* Web Push reminders on a device (#17 point 4, decision 0029). */

export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

const base64Url = (message: string) =>
  z
    .string({ error: message })
    .min(16, message)
    .max(200, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message);

const endpoint = z
  .url({ error: 'This browser gave no usable push address' })
  .max(1000, 'This browser gave no usable push address');

/** What PushSubscription.toJSON() gives, as the browser sends it. */
export const savePushSubscriptionRequestSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z
    .object({
      p256dh: base64Url('This browser gave no usable push keys'),
      auth: base64Url('This browser gave no usable push keys'),
    })
    .strict(),
});
export type SavePushSubscriptionRequest = z.infer<typeof savePushSubscriptionRequestSchema>;

export const removePushSubscriptionRequestSchema = z.object({ endpoint }).strict();

export const testPushResponseSchema = z.object({ sent: z.number().int() });

/** What a reminder carries to the service worker, which shows it as a notification. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
