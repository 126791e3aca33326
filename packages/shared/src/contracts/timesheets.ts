import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { PAY_CODES } from '../domain/pay/pay-codes.ts';
import { isoDate, periodDate, text } from './common.ts';

/**
 * GET /api/timesheets (issue #14, item 1, read-only slice): one person's timesheet for the pay
 * period containing a date. Both fields are optional: the caller themself, today.
 */
export const timesheetQuerySchema = z.object({
  userId: z.uuid({ error: () => t`Unknown person` }).optional(),
  date: periodDate().optional(),
});

const dateRangeSchema = z.object({ start: isoDate, end: isoDate });

/** Overtime minutes by pay code ('OT1.5', 'OT2'); codes with no minutes are left out. */
const overtimeSchema = z.record(z.string(), z.number().int());

const paySplitSchema = z.object({
  workedMinutes: z.number().int(),
  regularMinutes: z.number().int(),
  overtime: overtimeSchema,
});

/** Pay codes on a day (docs/decisions/0018): leave by pay code, holiday pay, holiday work. */
const timesheetDayPayFields = {
  /** Approved leave minutes by pay code (VAC, SICK, UNPAID, TOIL-TAKEN). */
  leaveByPayCode: z.record(z.string(), z.number().int()),
  /** Public holiday pay owed on the day, as minutes of pay (ESA: 4 weeks' wages ÷ 20). */
  holidayPayMinutes: z.number().int(),
  /** Worked on a public holiday (flagged: premium pay or a substitute day is owed). */
  workedOnHoliday: z.boolean(),
};

export const timesheetDaySchema = paySplitSchema.extend({
  date: isoDate,
  breakMinutes: z.number().int(),
  lunchMinutes: z.number().int(),
  paidLeaveMinutes: z.number().int(),
  unpaidLeaveMinutes: z.number().int(),
  /** The public holiday's name on this date, or null. */
  holiday: z.string().nullable(),
  /** An approved correction changed this day's punches. */
  isCorrected: z.boolean(),
  /** Overtime banked as time off in lieu (minutes × multiplier) instead of paid (decision 0016). */
  toilEarnedMinutes: z.number().int().optional(),
  /** What the rule set's rounding/grace changed in the paid minutes (raw punches unchanged). */
  roundingMinutes: z.number().int().optional(),
  ...timesheetDayPayFields,
});
export type TimesheetDay = z.infer<typeof timesheetDaySchema>;

/**
 * A work week that shares a day with the period, with the figures of the WHOLE week: the weekly
 * threshold is held against the whole work week, including its days outside the period (which
 * the timesheet's days and totals leave out; the neighbouring period's timesheet shows them).
 */
export const timesheetWeekSchema = paySplitSchema.extend({
  start: isoDate,
  end: isoDate,
  thresholdMinutes: z.number().int(),
  /** Overtime banked as time off in lieu in this week (decision 0016). */
  toilEarnedMinutes: z.number().int().optional(),
  /** The overtime rule set in force on the week's first day; null for the configured default. */
  ruleSet: z.object({ id: z.uuid(), name: z.string() }).nullable().optional(),
});
export type TimesheetWeek = z.infer<typeof timesheetWeekSchema>;

export const timesheetTotalsSchema = paySplitSchema.extend({
  breakMinutes: z.number().int(),
  lunchMinutes: z.number().int(),
  paidLeaveMinutes: z.number().int(),
  unpaidLeaveMinutes: z.number().int(),
  /** Overtime banked as time off in lieu over the period's days (decision 0016). */
  toilEarnedMinutes: z.number().int().optional(),
});

/** ESA labour-law findings (packages/shared/src/domain/pay/labour-checks.ts) for the period. */
export const labourFindingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('missing-eating-period'),
    start: z.string(),
    end: z.string(),
    workedMinutes: z.number().int(),
    fiveHoursReachedAt: z.string(),
  }),
  z.object({
    kind: z.literal('short-daily-rest'),
    /** The shift day whose 24-hour "day" (from its scheduled start) is checked. */
    businessDate: isoDate,
    windowStart: z.string(),
    windowEnd: z.string(),
    longestOffMinutes: z.number().int(),
  }),
  z.object({
    kind: z.literal('short-rest-between-shifts'),
    previousShiftEnd: z.string(),
    nextShiftStart: z.string(),
    offMinutes: z.number().int(),
  }),
  z.object({
    kind: z.literal('missing-weekly-rest'),
    periodStartDate: isoDate,
    periodStart: z.string(),
    periodEnd: z.string(),
    requiredOffMinutes: z.number().int(),
    longestOffMinutes: z.number().int(),
  }),
  z.object({
    kind: z.literal('excess-weekly-hours'),
    weekStartDate: isoDate,
    weekStart: z.string(),
    weekEnd: z.string(),
    workedMinutes: z.number().int(),
  }),
]);
export type LabourFinding = z.infer<typeof labourFindingSchema>;

export const timesheetPayLineSchema = z.object({
  code: z.enum(PAY_CODES),
  minutes: z.number().int(),
  /** The person's hourly (base) rate in cents. */
  rateCents: z.number().int().nullable(),
  /** The code's multiple of the base rate: 1, 1.5, 2, or 0 (unpaid, banked). */
  multiplier: z.number(),
  /** The rate the amount was paid at (base × multiplier), exact to the half cent. */
  paidRateCents: z.number().multipleOf(0.5).nullable(),
  amountCents: z.number().int().nullable(),
});
export type TimesheetPayLine = z.infer<typeof timesheetPayLineSchema>;

/** Vacation pay earned on the period's wages (4 %, 6 % from 5 years); null without rates. */
export const vacationPaySchema = z.object({
  percent: z.number().int(),
  wagesCents: z.number().int(),
  amountCents: z.number().int(),
});

export const timesheetSchema = z.object({
  period: dateRangeSchema,
  person: z.object({ id: z.uuid(), name: z.string().nullable() }),
  /** Every date of the period, in order (days without work have zeros). */
  days: z.array(timesheetDaySchema),
  weeks: z.array(timesheetWeekSchema),
  /** The period's days summed (not the weeks: those reach outside the period). */
  totals: timesheetTotalsSchema,
  findings: z.array(labourFindingSchema),
  /**
   * Minutes per pay code (REG, OT1.5, …), one line per code and rate. Rates and amounts are
   * null without a known rate, and for everyone but admins and the person themself.
   */
  payLines: z.array(timesheetPayLineSchema),
  vacationPay: vacationPaySchema.nullable(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/*
 * Timesheet sign-off (issue #14, item 1; docs/decisions/0017): the person submits their
 * timesheet for a period, an approver approves or returns it, an admin approves and locks a
 * whole period.
 */

export const TIMESHEET_SIGN_OFF_STATUSES = [
  'not_submitted',
  'submitted',
  'approved',
  'returned',
] as const;
export type TimesheetSignOffStatus = (typeof TIMESHEET_SIGN_OFF_STATUSES)[number];

/** The figures a person signs: compared with today's to tell "changed since submitted". */
export const signedTotalsSchema = z.object({
  workedMinutes: z.number().int(),
  regularMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  paidLeaveMinutes: z.number().int(),
  unpaidLeaveMinutes: z.number().int(),
  findingsCount: z.number().int(),
});
export type SignedTotals = z.infer<typeof signedTotalsSchema>;

export const timesheetSignOffSchema = z.object({
  status: z.enum(TIMESHEET_SIGN_OFF_STATUSES),
  /** The approver's comment (always given when returned). */
  comment: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  /** The hours differ from those submitted (a correction since): the sign-off needs redoing. */
  changedSinceSubmission: z.boolean(),
  /** The period is locked: nothing about it changes until an admin reopens it. */
  locked: z.boolean(),
  /** The person may submit now (the period has reached its last day, not locked, …). */
  canSubmit: z.boolean(),
  canWithdraw: z.boolean(),
});
export type TimesheetSignOff = z.infer<typeof timesheetSignOffSchema>;

/** GET /api/timesheets answers the timesheet with its sign-off. */
export const timesheetWithSignOffSchema = timesheetSchema.extend({
  signOff: timesheetSignOffSchema,
});
export type TimesheetWithSignOff = z.infer<typeof timesheetWithSignOffSchema>;

/** POST /api/timesheets/submit: the caller's own timesheet of the period containing `date`. */
export const submitTimesheetSchema = z.object({
  date: periodDate(),
  /** Refused when given: a person signs only their own timesheet. */
  userId: z.never({ error: () => t`You can submit only your own timesheet` }).optional(),
  confirm: z.literal(true, { error: () => t`Confirm that these hours are complete and correct` }),
});

/** POST /api/timesheets/withdraw: take back one's own submission before it is decided. */
export const withdrawTimesheetSchema = z.object({ date: periodDate() });

/** POST /api/timesheets/decide: approve, or return with a comment, one person's timesheet. */
export const decideTimesheetSchema = z
  .object({
    userId: z.uuid({ error: () => t`Unknown person` }),
    date: periodDate(),
    decision: z.enum(['approve', 'return'], { error: () => t`Choose approve or return` }),
    comment: text({ multiLine: true })
      .max(500, { error: () => t`Keep the comment under 500 characters` })
      .optional(),
  })
  .refine((input) => input.decision !== 'return' || (input.comment ?? '').length > 0, {
    error: () => t`Say why the timesheet is returned`,
    path: ['comment'],
  });
export type DecideTimesheetInput = z.input<typeof decideTimesheetSchema>;

/** GET /api/timesheets/period?date: every person the caller sees, with their sign-off. */
export const timesheetPeriodQuerySchema = z.object({ date: periodDate().optional() });

export const timesheetPeriodRowSchema = z.object({
  person: z.object({ id: z.uuid(), name: z.string().nullable() }),
  teamName: z.string().nullable(),
  signOff: timesheetSignOffSchema.omit({ canSubmit: true, canWithdraw: true, locked: true }),
  totals: signedTotalsSchema,
  /** The caller may approve or return this one now. */
  canDecide: z.boolean(),
});
export type TimesheetPeriodRow = z.infer<typeof timesheetPeriodRowSchema>;

export const timesheetPeriodSchema = z.object({
  period: dateRangeSchema,
  locked: z.boolean(),
  /** The active lock's id, for the admin's reopen (null when not locked). */
  lockId: z.uuid().nullable(),
  /** Admins only, once the period has reached its last day and is not locked. */
  canApprovePeriod: z.boolean(),
  people: z.array(timesheetPeriodRowSchema),
});
export type TimesheetPeriod = z.infer<typeof timesheetPeriodSchema>;

/**
 * POST /api/timesheets/period/approve (admin): approve every submitted timesheet of the period
 * and lock it. Refused while any timesheet is not approved unless `force` (the clerk confirmed
 * locking with those people missing).
 */
export const approvePeriodSchema = z.object({
  date: periodDate(),
  force: z.boolean().default(false),
});
export type ApprovePeriodInput = z.input<typeof approvePeriodSchema>;

export const approvePeriodResultSchema = z.object({
  period: dateRangeSchema,
  lockId: z.uuid(),
  approved: z.array(z.object({ id: z.uuid(), name: z.string().nullable() })),
  missing: z.array(
    z.object({
      id: z.uuid(),
      name: z.string().nullable(),
      status: z.enum(TIMESHEET_SIGN_OFF_STATUSES),
    }),
  ),
});
export type ApprovePeriodResult = z.infer<typeof approvePeriodResultSchema>;
