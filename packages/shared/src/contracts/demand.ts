import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { instant, isoDate, text } from './common.ts';
import { positionSchema } from './users.ts';

/*
 * Planning from demand (#31, decision 0048): people needed per interval (typed, imported or
 * computed from workload with Erlang C), a workload forecast, an optimizer that fills a roster
 * week's draft, and coverage: required against scheduled against on the clock.
 */

const clockTime = (message: () => string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: message });

const teamId = z.uuid({ error: () => t`Choose a team` });

/** '' (or left out): the whole team; otherwise one position of it. */
const demandPosition = z.union([z.literal(''), positionSchema]).default('');

export const INTERVAL_MINUTES = [15, 30] as const;

// ---- Settings ------------------------------------------------------------------------------------

const wholeNumber = (label: () => string, min: number, max: number) =>
  z
    .number({ error: () => t`${label()} must be a number` })
    .int({ error: () => t`${label()} must be a whole number` })
    .min(min, { error: () => t`${label()} must be between ${min} and ${max}` })
    .max(max, { error: () => t`${label()} must be between ${min} and ${max}` });

const amount = (label: () => string, max: number) =>
  z
    .number({ error: () => t`${label()} must be a number` })
    .min(0, { error: () => t`${label()} must be between 0 and ${max}` })
    .max(max, { error: () => t`${label()} must be between 0 and ${max}` });

/** A team's demand settings; every team has them (defaults until changed). */
export const demandSettingsSchema = z.object({
  teamId: z.uuid(),
  intervalMinutes: z.union([z.literal(15), z.literal(30)], {
    error: () => t`Choose 15- or 30-minute intervals`,
  }),
  /** Share of contacts answered within `answerSeconds`, in percent (e.g. 80 in 20 s). */
  serviceLevelPercent: amount(() => t`Service level`, 99.9).refine((value) => value > 0, {
    error: () => t`Service level must be between 0 and 99.9`,
  }),
  answerSeconds: wholeNumber(() => t`Answer time`, 1, 3600),
  shrinkagePercent: amount(() => t`Shrinkage`, 90),
  /** Shift lengths the auto-fill may build, in minutes, unpaid lunch included. */
  shiftLengthsMinutes: z
    .array(
      wholeNumber(() => t`Shift length`, 120, 720),
      {
        error: () => t`Give at least one shift length`,
      },
    )
    .min(1, { error: () => t`Give at least one shift length` })
    .max(6, { error: () => t`Give at most 6 shift lengths` }),
  startStepMinutes: z.union([z.literal(15), z.literal(30), z.literal(60)], {
    error: () => t`Shifts start every 15, 30 or 60 minutes`,
  }),
  earliestStart: clockTime(() => t`Earliest start must be a time like 06:00`),
  /** Not after the earliest start: the next day (a team open overnight). */
  latestEnd: clockTime(() => t`Latest end must be a time like 22:00`),
  lunchMinutes: wholeNumber(() => t`Lunch`, 0, 120),
  breakDurationMins: wholeNumber(() => t`Break length`, 0, 120),
  minWeekMinutes: wholeNumber(() => t`Minimum hours a week`, 0, 2880),
  maxWeekMinutes: wholeNumber(() => t`Maximum hours a week`, 0, 2880),
  underCoverHourCost: amount(() => t`Cost of a missing hour`, 100000),
  overCoverHourCost: amount(() => t`Cost of an extra hour`, 100000),
  preferNotCost: amount(() => t`Cost of a “prefer not” shift`, 100000),
});
export type DemandSettings = z.infer<typeof demandSettingsSchema>;

/** PUT /api/demand/settings/:teamId. */
export const demandSettingsInputSchema = demandSettingsSchema
  .omit({ teamId: true })
  .refine((settings) => settings.minWeekMinutes <= settings.maxWeekMinutes, {
    error: () => t`The minimum hours a week must not be above the maximum`,
  });
export type DemandSettingsInput = z.infer<typeof demandSettingsInputSchema>;

// ---- Requirements --------------------------------------------------------------------------------

export const REQUIREMENT_SOURCES = ['typed', 'imported', 'computed'] as const;
export type RequirementSource = (typeof REQUIREMENT_SOURCES)[number];

/** People needed in one interval. */
export const requirementIntervalSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** "HH:mm" business time the interval starts (01:00 twice on the autumn DST day). */
  startTime: z.string(),
  /** Null: nothing set for this interval. */
  required: z.number().nullable(),
  source: z.enum(REQUIREMENT_SOURCES).nullable(),
  /** Computed: the workload it came from and Erlang C's agents before shrinkage. */
  contacts: z.number().nullable(),
  ahtSeconds: z.number().nullable(),
  agents: z.number().int().nullable(),
  /** Computed: the service target cannot be met; `required` is capped. */
  isUnreachable: z.boolean(),
});
export type RequirementInterval = z.infer<typeof requirementIntervalSchema>;

export const requirementDaySchema = z.object({
  date: isoDate,
  intervals: z.array(requirementIntervalSchema),
});

/** GET /api/demand/requirements: a Sunday-started week of intervals. */
export const requirementsQuerySchema = z.object({
  teamId,
  /** Any day of the week wanted. */
  weekStart: isoDate,
  position: demandPosition,
});
export type RequirementsQuery = z.input<typeof requirementsQuerySchema>;

export const requirementsResponseSchema = z.object({
  teamId: z.uuid(),
  position: z.string(),
  weekStart: isoDate,
  intervalMinutes: z.number().int(),
  days: z.array(requirementDaySchema),
  /** Positions that have requirements this week (for the position picker). */
  positions: z.array(z.string()),
});
export type RequirementsResponse = z.infer<typeof requirementsResponseSchema>;

const peopleNeeded = z
  .number({ error: () => t`People needed must be a number` })
  .min(0, { error: () => t`People needed must be between 0 and 1000` })
  .max(1000, { error: () => t`People needed must be between 0 and 1000` });

/** PUT /api/demand/requirements: typed cells of the weekly grid (null clears a cell). */
export const requirementsInputSchema = z.object({
  teamId,
  position: demandPosition,
  cells: z
    .array(
      z.object({
        startsAt: instant({ error: () => t`Choose an interval` }),
        required: peopleNeeded.nullable(),
      }),
    )
    .min(1, { error: () => t`Change at least one interval` })
    .max(7 * 96 * 2, { error: () => t`Change at most two weeks of intervals at once` }),
});
export type RequirementsInput = z.input<typeof requirementsInputSchema>;

/** POST /api/demand/requirements/compute: workload (forecast by default) into people. */
export const computeRequirementsRequestSchema = z.object({
  teamId,
  weekStart: isoDate,
  position: demandPosition,
  /** forecast: from the workload forecast; history: from the week's imported actuals. */
  from: z.enum(['forecast', 'history']).default('forecast'),
});
export type ComputeRequirementsRequest = z.input<typeof computeRequirementsRequestSchema>;

export const computeRequirementsResponseSchema = requirementsResponseSchema.extend({
  computedIntervals: z.number().int(),
  unreachableIntervals: z.number().int(),
});
export type ComputeRequirementsResponse = z.infer<typeof computeRequirementsResponseSchema>;

// ---- Imports -------------------------------------------------------------------------------------

export const IMPORT_KINDS = ['requirements', 'workload'] as const;

/**
 * POST /api/demand/imports: a CSV or XLSX file (base64). Requirements: date, time, required
 * [, position]; workload: date, time, contacts, aht_seconds [, position]. All or nothing;
 * `dryRun` answers what would happen and writes nothing.
 */
export const demandImportRequestSchema = z.object({
  teamId,
  kind: z.enum(IMPORT_KINDS, { error: () => t`Choose what the file holds` }),
  fileName: text()
    .min(1, { error: () => t`Choose a file` })
    .max(200, { error: () => t`Keep the file name under 200 characters` }),
  /** The file's bytes in base64 (at most 2 MB of file). */
  content: z
    .string()
    .min(1, { error: () => t`The file is empty` })
    .max(2_800_000, { error: () => t`The file is too large (2 MB at most)` })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: () => t`The file could not be read` }),
  dryRun: z.boolean().default(false),
});
export type DemandImportRequest = z.input<typeof demandImportRequestSchema>;

export const importRowProblemSchema = z.object({
  /** 1-based, the header being row 1. */
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowProblem = z.infer<typeof importRowProblemSchema>;

export const demandImportResponseSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  rows: z.number().int(),
  /** New and changed intervals (written unless a dry run). */
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  firstDate: isoDate.nullable(),
  lastDate: isoDate.nullable(),
  /** Empty when the import was (or would be) applied; otherwise nothing was written. */
  problems: z.array(importRowProblemSchema),
});
export type DemandImportResponse = z.infer<typeof demandImportResponseSchema>;

// ---- Forecast ------------------------------------------------------------------------------------

/** GET /api/demand/forecast. */
export const forecastQuerySchema = z.object({
  teamId,
  weekStart: isoDate,
  position: demandPosition,
  /** How many recent weeks the averages read. */
  historyWeeks: z.coerce
    .number({ error: () => t`History weeks must be a number` })
    .int()
    .min(1, { error: () => t`Use 1 to 26 weeks of history` })
    .max(26, { error: () => t`Use 1 to 26 weeks of history` })
    .default(8),
});
export type ForecastQuery = z.input<typeof forecastQuerySchema>;

export const forecastIntervalSchema = z.object({
  startsAt: z.string(),
  startTime: z.string(),
  /** Null: no history for this interval. */
  contacts: z.number().nullable(),
  ahtSeconds: z.number().nullable(),
  /** What happened, where imported (past weeks). */
  actualContacts: z.number().nullable(),
  actualAhtSeconds: z.number().nullable(),
});

export const forecastResponseSchema = z.object({
  teamId: z.uuid(),
  position: z.string(),
  weekStart: isoDate,
  historyWeeks: z.number().int(),
  /** How many of those weeks had any workload. */
  weeksWithData: z.number().int(),
  days: z.array(
    z.object({
      date: isoDate,
      /** A public holiday: left out of the averages, and its own forecast marked. */
      holidayName: z.string().nullable(),
      intervals: z.array(forecastIntervalSchema),
    }),
  ),
  /** Weighted absolute percentage error against actuals, where the week has them. */
  wape: z.number().nullable(),
});
export type ForecastResponse = z.infer<typeof forecastResponseSchema>;

// ---- Auto-fill (solver runs) ---------------------------------------------------------------------

export const SOLVER_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type SolverRunStatus = (typeof SOLVER_RUN_STATUSES)[number];

/** How the solver ended: proven optimal (within the gap asked), or the best found in time. */
export const SOLVER_OUTCOMES = ['optimal', 'time_limit', 'cancelled', 'nothing_to_fill'] as const;

export const solverResultSchema = z.object({
  outcome: z.enum(SOLVER_OUTCOMES),
  shiftsAdded: z.number().int(),
  /** Person-hours over the week. */
  requiredHours: z.number(),
  coveredHours: z.number(),
  shortfallHours: z.number(),
  overHours: z.number(),
  /** Share of the required person-hours covered (1 when nothing was required). */
  coverage: z.number(),
  cost: z.object({
    labour: z.number(),
    overtime: z.number(),
    underCoverage: z.number(),
    overCoverage: z.number(),
    preferences: z.number(),
    total: z.number(),
  }),
  /** Relative optimality gap (0.01 = 1 %); null if the solver proved nothing. */
  gap: z.number().nullable(),
  seconds: z.number(),
  people: z.number().int(),
  candidateShifts: z.number().int(),
  /** Solved in this many parts (large teams are decomposed). */
  parts: z.number().int(),
  /** Things the planner should know: a person whose minimum hours cannot be met, and so on. */
  notes: z.array(z.string()),
});
export type SolverResult = z.infer<typeof solverResultSchema>;

export const solverRunSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  weekStart: isoDate,
  status: z.enum(SOLVER_RUN_STATUSES),
  timeLimitSeconds: z.number().int(),
  progressPercent: z.number().int(),
  gap: z.number().nullable(),
  result: solverResultSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SolverRun = z.infer<typeof solverRunSchema>;

/** POST /api/demand/solver-runs: fill a roster week's open days (existing shifts stay). */
export const solverRunRequestSchema = z.object({
  teamId,
  weekStart: isoDate,
  timeLimitSeconds: wholeNumber(() => t`Time limit`, 5, 600).default(30),
});
export type SolverRunRequest = z.input<typeof solverRunRequestSchema>;

export const solverRunResponseSchema = z.object({ run: solverRunSchema });

export const solverRunsQuerySchema = z.object({ teamId, weekStart: isoDate });
export const solverRunsResponseSchema = z.object({ runs: z.array(solverRunSchema) });

// ---- Coverage ------------------------------------------------------------------------------------

/** GET /api/demand/coverage: one business day. */
export const coverageQuerySchema = z.object({
  teamId,
  date: isoDate,
  position: demandPosition,
});
export type CoverageQuery = z.input<typeof coverageQuerySchema>;

export const coverageIntervalSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  startTime: z.string(),
  required: z.number().nullable(),
  /** People on published shifts (less lunch), as people see the roster. */
  scheduled: z.number(),
  /** People on the board, drafts included: what publishing would make it. */
  planned: z.number(),
  /** People clocked in and working (not on break or lunch); null for intervals not yet begun. */
  onClock: z.number().nullable(),
});
export type CoverageInterval = z.infer<typeof coverageIntervalSchema>;

export const coverageResponseSchema = z.object({
  teamId: z.uuid(),
  position: z.string(),
  date: isoDate,
  intervalMinutes: z.number().int(),
  intervals: z.array(coverageIntervalSchema),
  /** Person-hours short of the requirement: by the published roster, and by the clock so far. */
  scheduledShortfallHours: z.number(),
  onClockShortfallHours: z.number().nullable(),
  asOf: z.string(),
});
export type CoverageResponse = z.infer<typeof coverageResponseSchema>;

/** POST /api/demand/coverage/open-shifts: post a gap as published open shifts of the team. */
export const postGapRequestSchema = z
  .object({
    teamId,
    date: isoDate,
    startTime: clockTime(() => t`Start time must be a time like 09:00`),
    endTime: clockTime(() => t`End time must be a time like 09:00`),
    position: positionSchema.nullable().default(null),
    count: wholeNumber(() => t`Number of shifts`, 1, 20).default(1),
    note: text({ multiLine: true })
      .max(500, { error: () => t`Keep the note under 500 characters` })
      .nullable()
      .default(null),
    /**
     * Made by the client once per post: a retry with the same id answers the first post's
     * shifts instead of posting them again.
     */
    requestId: z.uuid({ error: () => t`The request id must be a UUID` }).optional(),
  })
  .refine((gap) => gap.startTime !== gap.endTime, {
    error: () => t`The shift must end at a different time than it starts`,
  });
export type PostGapRequest = z.input<typeof postGapRequestSchema>;

export const postGapResponseSchema = z.object({ shiftIds: z.array(z.uuid()) });
