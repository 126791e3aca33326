import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { text } from './common.ts';

/*
 * Webhooks (#18 point 3, decision 0033): admins register endpoints for event types; each event
 * is delivered the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature).
 */

export const WEBHOOK_EVENT_TYPES = [
  'punch.recorded',
  'correction.decided',
  'timeoff.requested',
  'timeoff.decided',
  'timeoff.cancelled',
  'timesheet.approved',
  'period.locked',
  'user.created',
  'user.updated',
  'user.suspended',
  'user.reinstated',
  'roster.published',
  'shift.traded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  get 'punch.recorded'() {
    return t`Someone clocked in or out, or started or ended a break or lunch`;
  },
  get 'correction.decided'() {
    return t`A correction request was approved or rejected`;
  },
  get 'timeoff.requested'() {
    return t`Someone asked for time off`;
  },
  get 'timeoff.decided'() {
    return t`A time off request was approved or rejected`;
  },
  get 'timeoff.cancelled'() {
    return t`Someone withdrew a time off request still waiting for a decision`;
  },
  get 'timesheet.approved'() {
    return t`A timesheet (or a whole pay period) was approved`;
  },
  get 'period.locked'() {
    return t`A range of days was locked against changes`;
  },
  get 'user.created'() {
    return t`A person was added`;
  },
  get 'user.updated'() {
    return t`A person's name, email or role changed`;
  },
  get 'user.suspended'() {
    return t`A person was suspended`;
  },
  get 'user.reinstated'() {
    return t`A suspended person was reinstated`;
  },
  get 'roster.published'() {
    return t`A week of the roster was published (what changed, for whom)`;
  },
  get 'shift.traded'() {
    return t`An open shift claim, a swap or a dropped shift was approved`;
  },
};

/** How long a delivery is retried (with exponential backoff) before it is given up. */
export const WEBHOOK_RETRY_HOURS = 24;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  allowPrivateNetwork: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When the secret was last replaced; the previous one also signs for a day after. */
  secretRotatedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Deliveries waiting or being retried, and given up in the last 7 days. */
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
});
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponseSchema>;

const webhookUrlSchema = text({ error: () => t`Enter the address to send events to` })
  .min(1, { error: () => t`Enter the address to send events to` })
  .max(2000, { error: () => t`An address has at most 2000 characters` })
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: () => t`Enter a full address, like https://example.com/hooks`,
    }),
  );

export const webhookEndpointInputSchema = z
  .object({
    url: webhookUrlSchema,
    description: text({ error: () => t`Describe the endpoint` })
      .max(200, { error: () => t`A description has at most 200 characters` })
      .default(''),
    eventTypes: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: () => t`Unknown event type` }), {
        error: () => t`Choose at least one event`,
      })
      .min(1, { error: () => t`Choose at least one event` })
      .max(WEBHOOK_EVENT_TYPES.length),
    /** Lets the address be in a private range (an internal system) and use plain http. */
    allowPrivateNetwork: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .strict();
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** The signing secret is in this answer only (and in a rotation's): keep it in the receiver. */
export const webhookSecretResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().startsWith('whsec_'),
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The webhook-id header: the same on every attempt and on a resend, for de-duplication. */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  lastAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  /** The receiver's HTTP status on the last attempt; null when it could not be reached. */
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: () => t`Unknown status` }).optional(),
});

export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;
