import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { TIME_EVENT_TYPES } from '../domain/time-state.ts';
import { instant, isoDate, periodDate, text } from './common.ts';
import { shiftTradeSchema } from './shift-trades.ts';
import { timeOffRequestSchema } from './time-off.ts';

const correctionReasonSchema = text({ multiLine: true })
  .min(3, { error: () => t`Say why (at least 3 characters)` })
  .max(500, { error: () => t`Keep the reason under 500 characters` });

export const correctionRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('add'),
    eventType: z.enum(TIME_EVENT_TYPES),
    occurredAt: instant({ error: () => t`Give the time of the missed punch` }),
    reason: correctionReasonSchema,
  }),
  z.object({
    kind: z.literal('move'),
    targetEventId: z.uuid({ error: () => t`Choose the punch to change` }),
    occurredAt: instant({ error: () => t`Give the correct time` }),
    reason: correctionReasonSchema,
  }),
  z.object({
    kind: z.literal('remove'),
    targetEventId: z.uuid({ error: () => t`Choose the punch to remove` }),
    reason: correctionReasonSchema,
  }),
]);
export type CorrectionRequestInput = z.input<typeof correctionRequestSchema>;

export const correctionSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  date: isoDate,
  kind: z.enum(['add', 'move', 'remove']),
  targetEventId: z.string().nullable(),
  /** The punch as it was (move, remove). */
  originalEventType: z.string().nullable(),
  originalOccurredAt: z.string().nullable(),
  eventType: z.string().nullable(),
  occurredAt: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
});
export type CorrectionDto = z.infer<typeof correctionSchema>;

/** GET /api/corrections: the caller's own correction requests, newest first. */
export const correctionsResponseSchema = z.object({ corrections: z.array(correctionSchema) });
/** POST /api/corrections: the request just made. */
export const correctionResponseSchema = z.object({ correction: correctionSchema });

/** A punch that arrived long after its stated time, waiting for review (decision 0013). */
export const latePunchSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  /** The shift day of the punch. */
  date: isoDate,
  timeEventId: z.uuid(),
  eventType: z.string(),
  /** The time the punch states. */
  occurredAt: z.string(),
  /** When it arrived (the queue sorts on it like on any request). */
  requestedAt: z.string(),
  minutesLate: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
});
export type LatePunchDto = z.infer<typeof latePunchSchema>;

export const APPROVAL_ITEM_TYPES = ['time_off', 'correction', 'late_punch', 'shift_trade'] as const;
export type ApprovalItemType = (typeof APPROVAL_ITEM_TYPES)[number];

export const approvalItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('time_off'), request: timeOffRequestSchema }),
  z.object({ type: z.literal('correction'), request: correctionSchema }),
  z.object({ type: z.literal('late_punch'), request: latePunchSchema }),
  /** An open-shift claim, or a swap or drop a colleague took (#30): the manager's step. */
  z.object({ type: z.literal('shift_trade'), request: shiftTradeSchema }),
]);
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

export const approvalsQuerySchema = z.object({
  type: z.enum(APPROVAL_ITEM_TYPES).optional(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']).default('pending'),
  teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const approvalsResponseSchema = z.object({
  items: z.array(approvalItemSchema),
  /** Whether the caller may decide items (and which they may not: their own). */
  canDecide: z.boolean(),
});

export const decisionSchema = z.object({
  items: z
    .array(z.object({ type: z.enum(APPROVAL_ITEM_TYPES), id: z.uuid() }))
    .min(1, { error: () => t`Choose at least one request` })
    .max(200, { error: () => t`Decide at most 200 at once` }),
  decision: z.enum(['approve', 'reject']),
  comment: text({ multiLine: true })
    .max(500, { error: () => t`Keep the comment under 500 characters` })
    .optional(),
});
export type DecisionInput = z.input<typeof decisionSchema>;

export const decisionResultSchema = z.object({
  results: z.array(z.object({ id: z.uuid(), ok: z.boolean(), message: z.string().nullable() })),
});

export const periodLockSchema = z.object({
  id: z.uuid(),
  fromDate: isoDate,
  toDate: isoDate,
  lockedByName: z.string().nullable(),
  lockedAt: z.string(),
  reopenedByName: z.string().nullable(),
  reopenedAt: z.string().nullable(),
});
export type PeriodLock = z.infer<typeof periodLockSchema>;

/** GET /api/approvals/locks. */
export const periodLocksResponseSchema = z.object({ locks: z.array(periodLockSchema) });

export const lockPeriodRequestSchema = z
  .object({ fromDate: periodDate(), toDate: periodDate() })
  .refine((range) => range.fromDate <= range.toDate, {
    error: () => t`The start date must be on or before the end date`,
  });
/** POST /api/approvals/locks: the new lock's id. */
export const lockPeriodResponseSchema = z.object({ id: z.uuid() });

// On the dashboard's path (whether a lead approves), so in a module of its own.
export { approvalSettingsSchema, type ApprovalSettings } from './approval-settings.ts';

export const smeOverviewSchema = z.object({
  pendingCount: z.number().int(),
  /** The pending count by kind of request. */
  pendingByType: z.object({
    time_off: z.number().int(),
    correction: z.number().int(),
    late_punch: z.number().int(),
    shift_trade: z.number().int(),
  }),
  oldestPendingAt: z.string().nullable(),
  attention: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      kind: z.enum(['late', 'overbreak', 'missed_clock_out']),
      detail: z.string(),
    }),
  ),
});
export type SmeOverview = z.infer<typeof smeOverviewSchema>;
