import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { punchLocationSchema } from './locations.ts';
import { isoDate } from './common.ts';

const rangeRule = (range: { from: string; to: string }) => range.from <= range.to;
const rangeMessage = () => t`The start date must be on or before the end date`;

export const reportRangeQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
  })
  .refine(rangeRule, { error: rangeMessage });

/** Sums over a set of person-days; percentages only over complete (scored) days. */
export const adherenceFiguresSchema = z.object({
  scheduledDays: z.number().int(),
  completeDays: z.number().int(),
  absentDays: z.number().int(),
  excusedDays: z.number().int(),
  inProgressDays: z.number().int(),
  unscheduledDays: z.number().int(),
  scheduledMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  adherencePct: z.number().nullable(),
  conformancePct: z.number().nullable(),
  lateDays: z.number().int(),
  earlyLeaveDays: z.number().int(),
  overbreakDays: z.number().int(),
  missedClockOuts: z.number().int(),
});
export type AdherenceFigures = z.infer<typeof adherenceFiguresSchema>;

export const adherenceReportSchema = z.object({
  from: isoDate,
  to: isoDate,
  people: z.array(
    adherenceFiguresSchema.extend({
      userId: z.uuid(),
      name: z.string(),
      teamName: z.string().nullable(),
    }),
  ),
  teams: z.array(
    adherenceFiguresSchema.extend({ teamId: z.string().nullable(), teamName: z.string() }),
  ),
  totals: adherenceFiguresSchema,
});
export type AdherenceReport = z.infer<typeof adherenceReportSchema>;

export const dayDetailQuerySchema = z.object({
  userId: z.uuid({ error: () => t`Unknown person` }),
  date: isoDate,
});

export const dayDetailSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  date: isoDate,
  status: z.string(),
  templateName: z.string().nullable(),
  plan: z
    .object({
      start: z.string(),
      end: z.string(),
      lunchStart: z.string().nullable(),
      lunchEnd: z.string().nullable(),
      breakAllowanceMinutes: z.number().int(),
    })
    .nullable(),
  events: z.array(
    z.object({
      eventType: z.string(),
      occurredAt: z.string(),
      /** Arrived late and not reviewed yet (decision 0013): it counts, but is flagged. */
      isUnreviewed: z.boolean(),
      /** Where it was made (describePunchOrigin); null for the person's own screen. */
      origin: z.string().nullable(),
      /** Under a location policy, where it was made: shown to admins only (decision 0028). */
      location: punchLocationSchema.optional(),
    }),
  ),
  metrics: z.object({
    scheduledMinutes: z.number().int(),
    workedMinutes: z.number().int(),
    breakMinutes: z.number().int(),
    lunchMinutes: z.number().int(),
    adherentMinutes: z.number().int(),
    adherencePct: z.number().nullable(),
    conformancePct: z.number().nullable(),
    lateMinutes: z.number().int(),
    earlyLeaveMinutes: z.number().int(),
    overbreakMinutes: z.number().int(),
    unscheduledMinutes: z.number().int(),
    missedClockOut: z.boolean(),
  }),
});
export type DayDetail = z.infer<typeof dayDetailSchema>;

export const WORKED_HOURS_GROUPINGS = ['day', 'week', 'period'] as const;
export const workedHoursQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
    groupBy: z.enum(WORKED_HOURS_GROUPINGS).default('week'),
  })
  .refine(rangeRule, { error: rangeMessage });

/** GET /api/reports/worked-hours/export: the file format, next to the worked-hours query. */
export const exportFormatQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

export const workedHoursRowSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  teamName: z.string().nullable(),
  /** First day of the bucket (the day, the Sunday of the week, or the range start). */
  bucket: isoDate,
  scheduledMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  lunchMinutes: z.number().int(),
  /** Approved time off on the days, paid and unpaid. */
  paidLeaveMinutes: z.number().int(),
  unpaidLeaveMinutes: z.number().int(),
  days: z.number().int(),
  /** Late-arriving punches in the bucket still waiting for review; they count meanwhile. */
  unreviewedPunches: z.number().int(),
});
export type WorkedHoursRow = z.infer<typeof workedHoursRowSchema>;

export const workedHoursReportSchema = z.object({
  rows: z.array(workedHoursRowSchema),
  totals: workedHoursRowSchema.pick({
    scheduledMinutes: true,
    workedMinutes: true,
    overtimeMinutes: true,
    breakMinutes: true,
    lunchMinutes: true,
    paidLeaveMinutes: true,
    unpaidLeaveMinutes: true,
    days: true,
  }),
});
export type WorkedHoursReport = z.infer<typeof workedHoursReportSchema>;

export const analyticsReportSchema = z.object({
  trend: z.array(
    z.object({
      date: isoDate,
      adherencePct: z.number().nullable(),
      conformancePct: z.number().nullable(),
      lateCount: z.number().int(),
      overbreakCount: z.number().int(),
      absentCount: z.number().int(),
      workedHours: z.number(),
    }),
  ),
  /** Late arrivals by weekday (0 = Sunday) and hour of the first clock-in. */
  latenessHeatmap: z.array(
    z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() }),
  ),
  topExceptions: z.array(
    z.object({ type: z.string(), count: z.number().int(), minutes: z.number().int() }),
  ),
  byTeam: z.array(
    z.object({
      teamName: z.string(),
      adherencePct: z.number().nullable(),
      lateCount: z.number().int(),
    }),
  ),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

export const recomputeRequestSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    userIds: z.array(z.uuid()).max(5000).optional(),
  })
  .refine(rangeRule, { error: rangeMessage });

export const recomputeRunSchema = z.object({
  id: z.uuid(),
  fromDate: isoDate,
  toDate: isoDate,
  totalDays: z.number().int(),
  doneDays: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RecomputeRun = z.infer<typeof recomputeRunSchema>;

/** POST /api/reports/recompute (202) and GET /api/reports/recompute/:id. */
export const recomputeRunResponseSchema = z.object({ run: recomputeRunSchema });
/** GET /api/reports/recompute: the recent runs. */
export const recomputeRunsResponseSchema = z.object({ runs: z.array(recomputeRunSchema) });

export const personDaysQuerySchema = z
  .object({ userId: z.uuid({ error: () => t`Unknown person` }), from: isoDate, to: isoDate })
  .refine(rangeRule, { error: rangeMessage });

export const personDaySchema = z.object({
  date: isoDate,
  status: z.string(),
  templateName: z.string().nullable(),
  scheduledMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  adherencePct: z.number().nullable(),
  conformancePct: z.number().nullable(),
  lateMinutes: z.number().int(),
  earlyLeaveMinutes: z.number().int(),
  overbreakMinutes: z.number().int(),
  missedClockOut: z.boolean(),
});
export const personDaysResponseSchema = z.object({ days: z.array(personDaySchema) });
export type PersonDay = z.infer<typeof personDaySchema>;
