import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { TIME_EVENT_TYPES } from '../domain/time-state.ts';
import { instant, isoDate, pageQueryFields } from './common.ts';
import { locationModeSchema, punchLocationSchema, punchPositionSchema } from './locations.ts';

export const timeEventTypeSchema = z.enum(TIME_EVENT_TYPES);
export const timeStateSchema = z.enum(['none', ...TIME_EVENT_TYPES]);
/** 'api': recorded with an API token (#18 point 2): another clock, a badge system, a script. */
export const TIME_EVENT_SOURCES = [
  'web',
  'offline_sync',
  'admin_correction',
  'kiosk',
  'api',
] as const;
export const timeEventSourceSchema = z.enum(TIME_EVENT_SOURCES);

export const timeEventSchema = z.object({
  id: z.uuid(),
  eventType: timeEventTypeSchema,
  occurredAt: z.string(),
  date: isoDate,
  /** The business day of the shift it belongs to (a night shift's punches after midnight too). */
  shiftDate: isoDate,
  source: timeEventSourceSchema,
  /** The kiosk it was punched at (source 'kiosk'; given in history). */
  kioskName: z.string().optional(),
  /** Where it was made, under a location policy: to the person and admins only. */
  location: punchLocationSchema.optional(),
});
export type TimeEvent = z.infer<typeof timeEventSchema>;

/**
 * POST /api/time-events. The client makes `id` (a UUID per action) so a retry is recognised.
 * `occurredAt` is only for actions captured offline; live actions take the server's clock.
 */
export const recordTimeEventRequestSchema = z.object({
  id: z.uuid({ error: () => t`Invalid event id` }),
  eventType: timeEventTypeSchema,
  capturedOfflineAt: instant({ error: () => t`Invalid time` }).optional(),
  /** Where the punch was made, when the person's team has a location policy (decision 0028). */
  position: punchPositionSchema.optional(),
});
export type RecordTimeEventRequest = z.infer<typeof recordTimeEventRequestSchema>;

export const recordTimeEventResponseSchema = z.object({
  event: timeEventSchema,
  /** True when this id had been recorded before: nothing new was written. */
  isReplay: z.boolean(),
  /** True when the punch arrived so long after its time that an approver will review it. */
  needsReview: z.boolean(),
  /** Something the person should know about a punch that was recorded (shown as a toast). */
  warning: z.string().nullable(),
});
export type RecordTimeEventResponse = z.infer<typeof recordTimeEventResponseSchema>;

/** GET /api/time-events/today: everything the dashboard needs in one read. */
export const todayResponseSchema = z.object({
  date: isoDate,
  timeZone: z.string(),
  state: timeStateSchema,
  /** Today's events, oldest first. */
  events: z.array(timeEventSchema),
  /** When the current state began (a night shift's clock-in may be yesterday's). */
  stateSince: z.string().nullable(),
  shiftStartedAt: z.string().nullable(),
  breakLimitMinutes: z.number().int().nonnegative(),
  lunchLimitMinutes: z.number().int().nonnegative(),
  /** The person's team's location policy: anything but 'off' sends the position with a punch. */
  locationMode: locationModeSchema.default('off'),
  /**
   * Today's plan, if any: the published roster shift (named after its position), else the
   * template assigned today; `isWorkingDay` is false on the template's days off.
   */
  todayShift: z
    .object({
      templateName: z.string(),
      workStart: z.string(),
      workEnd: z.string(),
      lunchStart: z.string().nullable(),
      lunchEnd: z.string().nullable(),
      isWorkingDay: z.boolean(),
    })
    .nullable(),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

/**
 * GET /api/punches: every person's punches and approved corrections, oldest change first, for
 * systems that keep a copy (punches:read scope). A punch changes once, when the server records
 * it; a correction (a layer over the punches, never an edit of them) when it is approved. Start
 * with `changedSince`, then pass `nextCursor` back while `hasMore`; keep the last one for the
 * next sync.
 */
export const punchChangesQuerySchema = z.object({
  changedSince: instant({
    error: () => t`Use a date and time with an offset, such as 2026-01-31T09:00:00Z`,
  }).optional(),
  cursor: z
    .string()
    .max(200, { error: () => t`This cursor is not one Punchclock gave` })
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: () => t`Limit must be from 1 to 1000` })
    .max(1000, { error: () => t`Limit must be from 1 to 1000` })
    .default(500),
});

const changeFields = {
  id: z.uuid(),
  userId: z.uuid(),
  /** When the server recorded the punch, or approved the correction. */
  changedAt: z.string(),
};

export const punchChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('punch'),
    ...changeFields,
    eventType: timeEventTypeSchema,
    occurredAt: z.string(),
    date: isoDate,
    shiftDate: isoDate,
    source: timeEventSourceSchema,
  }),
  z.object({
    kind: z.literal('correction'),
    ...changeFields,
    /** add a missed punch, move one (targetEventId) to a new time, or remove one. */
    correction: z.enum(['add', 'move', 'remove']),
    targetEventId: z.uuid().nullable(),
    eventType: timeEventTypeSchema.nullable(),
    occurredAt: z.string().nullable(),
    date: isoDate,
  }),
]);
export type PunchChange = z.infer<typeof punchChangeSchema>;

export const punchChangesResponseSchema = z.object({
  changes: z.array(punchChangeSchema),
  /** Pass as `cursor` for the changes after these (keep it for the next sync, too). */
  nextCursor: z.string(),
  /** More changes are already waiting after this page. */
  hasMore: z.boolean(),
});
export type PunchChangesResponse = z.infer<typeof punchChangesResponseSchema>;

export const historyQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    ...pageQueryFields(14),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: () => t`The start date must be on or before the end date`,
  });

export const historyDaySchema = z.object({
  date: isoDate,
  firstClockIn: z.string().nullable(),
  lastClockOut: z.string().nullable(),
  workedMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  lunchMinutes: z.number().int(),
  isOpen: z.boolean(),
  /** The day as it counts: raw punches with approved corrections applied. */
  events: z.array(timeEventSchema),
  isCorrected: z.boolean(),
  /** Punches of the day that arrived late and wait for an approver (decision 0013). */
  unreviewedEventIds: z.array(z.string()),
  /** The raw punches, when corrections changed the day (the original stays visible). */
  originalEvents: z.array(timeEventSchema).nullable(),
  corrections: z.array(
    z.object({
      kind: z.enum(['add', 'move', 'remove']),
      reason: z.string(),
      decidedByName: z.string().nullable(),
      decidedAt: z.string().nullable(),
    }),
  ),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

export const historyResponseSchema = z.object({
  days: z.array(historyDaySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalDays: z.number().int(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
