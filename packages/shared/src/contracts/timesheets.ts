import { z } from 'zod';
import { PAY_CODES } from '../domain/pay/pay-codes.ts';
import { isoDate } from './common.ts';

/**
 * GET /api/timesheets (issue #14, item 1, read-only slice): one person's timesheet for the pay
 * period containing a date. Both fields are optional: the caller themself, today.
 */
export const timesheetQuerySchema = z.object({
  userId: z.uuid('Unknown person').optional(),
  date: isoDate.optional(),
});
export type TimesheetQuery = z.input<typeof timesheetQuerySchema>;

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
});
export type TimesheetWeek = z.infer<typeof timesheetWeekSchema>;

export const timesheetTotalsSchema = paySplitSchema.extend({
  breakMinutes: z.number().int(),
  lunchMinutes: z.number().int(),
  paidLeaveMinutes: z.number().int(),
  unpaidLeaveMinutes: z.number().int(),
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
  rateCents: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
});
export type TimesheetPayLine = z.infer<typeof timesheetPayLineSchema>;

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
});
export type Timesheet = z.infer<typeof timesheetSchema>;
