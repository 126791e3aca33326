import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { LEAVE_PAY_CODES } from '../domain/pay/pay-codes.ts';
import { isoDate, pageQueryFields, text } from './common.ts';

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: () => t`Use a time like 13:00` });

export const timeOffTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isPaid: z.boolean(),
  isUnlimited: z.boolean(),
  /** Allowances never go below Ontario's vacation minimum (2 weeks, 3 after 5 years). */
  isStatutoryVacation: z.boolean(),
  isArchived: z.boolean(),
  /** The payroll pay code (VAC, SICK, UNPAID, TOIL-TAKEN); null: paid → VAC, unpaid → UNPAID. */
  payCode: z.enum(LEAVE_PAY_CODES).nullable().optional(),
});
export type TimeOffType = z.infer<typeof timeOffTypeSchema>;

/** GET /api/time-off/types (admin): every type, archived ones too. */
export const timeOffTypesResponseSchema = z.object({ types: z.array(timeOffTypeSchema) });
/** POST /api/time-off/types and PUT /api/time-off/types/:id: the type as saved. */
export const timeOffTypeResponseSchema = z.object({ type: timeOffTypeSchema });

export const timeOffTypeInputSchema = z.object({
  name: text()
    .min(1, { error: () => t`Name is required` })
    .max(60, { error: () => t`Name must be at most 60 characters` }),
  isPaid: z.boolean(),
  isUnlimited: z.boolean(),
  /** Left out: unchanged (false for a new type), so a form that does not show it keeps it. */
  isStatutoryVacation: z.boolean().optional(),
  isArchived: z.boolean().default(false),
  /** Left out: unchanged (none for a new type). */
  payCode: z
    .enum(LEAVE_PAY_CODES, { error: () => t`Choose a pay code: VAC, SICK, UNPAID or TOIL-TAKEN` })
    .nullable()
    .optional(),
});
export type TimeOffTypeInput = z.input<typeof timeOffTypeInputSchema>;

export const TIME_OFF_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;

export const timeOffRequestSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  typeId: z.uuid(),
  typeName: z.string(),
  isPaid: z.boolean(),
  startDate: isoDate,
  endDate: isoDate,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  daysX100: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(TIME_OFF_STATUSES),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  /**
   * Days of a waiting request on which its team's allotment (#30 item 6) is already used up by
   * others' approved or waiting time off: shown to the approver. Only on the approvals queue.
   */
  overAllotment: z
    .array(z.object({ date: isoDate, maxOff: z.number().int(), offCount: z.number().int() }))
    .optional(),
});
export type TimeOffRequest = z.infer<typeof timeOffRequestSchema>;

/** POST /api/time-off: the request just made. */
export const createTimeOffResponseSchema = z.object({ request: timeOffRequestSchema });

export const createTimeOffRequestSchema = z
  .object({
    typeId: z.uuid({ error: () => t`Choose a type of time off` }),
    startDate: isoDate,
    endDate: isoDate,
    /** Both or neither: a part of one day. */
    startTime: clockTime.nullable().default(null),
    endTime: clockTime.nullable().default(null),
    note: text({ multiLine: true })
      .max(500, { error: () => t`Keep the note under 500 characters` })
      .optional(),
  })
  .refine((request) => request.startDate <= request.endDate, {
    error: () => t`The first day must be on or before the last day`,
  })
  .refine((request) => (request.startTime === null) === (request.endTime === null), {
    error: () => t`Give both a start and an end time for part of a day`,
  })
  .refine((request) => request.startTime === null || request.startDate === request.endDate, {
    error: () => t`Part of a day must start and end on the same date`,
  })
  .refine(
    (request) => !request.startTime || !request.endTime || request.startTime < request.endTime,
    {
      error: () => t`The end time must be after the start time`,
    },
  )
  .refine((request) => request.startDate.slice(0, 4) === request.endDate.slice(0, 4), {
    error: () => t`A request cannot cross into the next year; make one for each year`,
  });
export type CreateTimeOffRequest = z.input<typeof createTimeOffRequestSchema>;

export const balanceSchema = z.object({
  typeId: z.uuid(),
  typeName: z.string(),
  isUnlimited: z.boolean(),
  allowanceX100: z.number().int().nullable(),
  /** The statutory floor included in the allowance (0 for types without one). */
  minimumX100: z.number().int(),
  usedX100: z.number().int(),
  pendingX100: z.number().int(),
  remainingX100: z.number().int().nullable(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** GET /api/time-off?year: the caller's own requests and balances (this year when left out). */
export const myTimeOffQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const myTimeOffResponseSchema = z.object({
  year: z.number().int(),
  balances: z.array(balanceSchema),
  requests: z.array(timeOffRequestSchema),
  types: z.array(timeOffTypeSchema),
});
export type MyTimeOffResponse = z.infer<typeof myTimeOffResponseSchema>;

export const allowanceInputSchema = z
  .object({
    typeId: z.uuid({ error: () => t`Choose a type of time off` }),
    year: z.number().int().min(2000).max(2100),
    userId: z.uuid().nullable().default(null),
    teamId: z.uuid().nullable().default(null),
    days: z
      .number({ error: () => t`Days must be a number` })
      .min(0, { error: () => t`Days cannot be negative` })
      .max(366, { error: () => t`At most 366 days` }),
  })
  .refine((input) => (input.userId === null) !== (input.teamId === null), {
    error: () => t`Set the allowance for one person or for one team`,
  });
export type AllowanceInput = z.input<typeof allowanceInputSchema>;

/**
 * GET /api/time-off/requests: everyone's requests (a team lead: their teams') whose days overlap
 * a period, a page at a time, in a stable order (first day, then when asked). For payroll and HR
 * systems, with the timeoff:read scope.
 */
export const timeOffRequestsQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    status: z.enum(TIME_OFF_STATUSES, { error: () => t`Unknown status` }).optional(),
    userId: z.uuid({ error: () => t`Unknown person` }).optional(),
    ...pageQueryFields(100),
  })
  .refine((query) => query.from <= query.to, {
    error: () => t`The start date must be on or before the end date`,
  });

export const timeOffRequestsResponseSchema = z.object({
  requests: z.array(timeOffRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TimeOffRequestsResponse = z.infer<typeof timeOffRequestsResponseSchema>;

export const allowancesQuerySchema = z.object({
  year: z.coerce
    .number()
    .int()
    .min(2000, { error: () => t`Choose a year from 2000` })
    .max(2100, { error: () => t`Choose a year up to 2100` }),
});

/** One type's allowance for one person: what was set, the floor, and what is in force. */
export const personAllowanceSchema = z.object({
  typeId: z.uuid(),
  /** Set for this person (wins over the team's default); null when not set. */
  ownX100: z.number().int().nullable(),
  /** Their team's default; null when not set. */
  teamX100: z.number().int().nullable(),
  minimumX100: z.number().int(),
  inForceX100: z.number().int(),
});

/** GET /api/time-off/allowances?year (admin): every team's defaults and every person's figures. */
export const allowancesOverviewSchema = z.object({
  year: z.number().int(),
  types: z.array(timeOffTypeSchema),
  teams: z.array(
    z.object({
      teamId: z.uuid(),
      teamName: z.string(),
      /** Days ×100 by type id, for the types with a default set. */
      defaults: z.record(z.string(), z.number().int()),
    }),
  ),
  people: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      teamId: z.uuid().nullable(),
      hireDate: isoDate,
      /** False when the hire date is the day the account was made (none recorded). */
      hireDateIsRecorded: z.boolean(),
      allowances: z.array(personAllowanceSchema),
    }),
  ),
});
export type AllowancesOverview = z.infer<typeof allowancesOverviewSchema>;
