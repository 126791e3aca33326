import { z } from 'zod';
import { LEAVE_PAY_CODES } from '../domain/pay/pay-codes.ts';
import { isoDate, text } from './common.ts';

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 13:00');

export const timeOffTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isPaid: z.boolean(),
  isUnlimited: z.boolean(),
  isArchived: z.boolean(),
  /** The payroll pay code (VAC, SICK, UNPAID, TOIL-TAKEN); null: paid → VAC, unpaid → UNPAID. */
  payCode: z.enum(LEAVE_PAY_CODES).nullable().optional(),
});
export type TimeOffType = z.infer<typeof timeOffTypeSchema>;

export const timeOffTypeInputSchema = z.object({
  name: text().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  isPaid: z.boolean(),
  isUnlimited: z.boolean(),
  isArchived: z.boolean().default(false),
  /** Left out: unchanged (none for a new type). */
  payCode: z
    .enum(LEAVE_PAY_CODES, { error: 'Choose a pay code: VAC, SICK, UNPAID or TOIL-TAKEN' })
    .nullable()
    .optional(),
});

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
});
export type TimeOffRequest = z.infer<typeof timeOffRequestSchema>;

export const createTimeOffRequestSchema = z
  .object({
    typeId: z.uuid('Choose a type of time off'),
    startDate: isoDate,
    endDate: isoDate,
    /** Both or neither: a part of one day. */
    startTime: clockTime.nullable().default(null),
    endTime: clockTime.nullable().default(null),
    note: text({ multiLine: true }).max(500, 'Keep the note under 500 characters').optional(),
  })
  .refine((request) => request.startDate <= request.endDate, {
    message: 'The first day must be on or before the last day',
  })
  .refine((request) => (request.startTime === null) === (request.endTime === null), {
    message: 'Give both a start and an end time for part of a day',
  })
  .refine((request) => request.startTime === null || request.startDate === request.endDate, {
    message: 'Part of a day must start and end on the same date',
  })
  .refine(
    (request) => !request.startTime || !request.endTime || request.startTime < request.endTime,
    {
      message: 'The end time must be after the start time',
    },
  )
  .refine((request) => request.startDate.slice(0, 4) === request.endDate.slice(0, 4), {
    message: 'A request cannot cross into the next year; make one for each year',
  });
export type CreateTimeOffRequest = z.input<typeof createTimeOffRequestSchema>;

export const balanceSchema = z.object({
  typeId: z.uuid(),
  typeName: z.string(),
  isUnlimited: z.boolean(),
  allowanceX100: z.number().int().nullable(),
  usedX100: z.number().int(),
  pendingX100: z.number().int(),
  remainingX100: z.number().int().nullable(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const myTimeOffResponseSchema = z.object({
  year: z.number().int(),
  balances: z.array(balanceSchema),
  requests: z.array(timeOffRequestSchema),
  types: z.array(timeOffTypeSchema),
});
export type MyTimeOffResponse = z.infer<typeof myTimeOffResponseSchema>;

export const allowanceInputSchema = z
  .object({
    typeId: z.uuid('Choose a type of time off'),
    year: z.number().int().min(2000).max(2100),
    userId: z.uuid().nullable().default(null),
    teamId: z.uuid().nullable().default(null),
    days: z
      .number({ error: 'Days must be a number' })
      .min(0, 'Days cannot be negative')
      .max(366, 'At most 366 days'),
  })
  .refine((input) => (input.userId === null) !== (input.teamId === null), {
    message: 'Set the allowance for one person or for one team',
  });
