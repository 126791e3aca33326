import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { isoDate, text } from './common.ts';
import { positionSchema } from './users.ts';
import { shiftTradeSchema, tradeShiftSchema } from './shift-trades.ts';

// Trades' shapes live in their own module: the approvals queue (on the first page's path) reads
// them without the rest of the roster's contracts.
export {
  SHIFT_TRADE_KINDS,
  SHIFT_TRADE_STATUSES,
  shiftTradeSchema,
  tradeShiftSchema,
} from './shift-trades.ts';
export type { ShiftTrade, ShiftTradeKind, ShiftTradeStatus, TradeShift } from './shift-trades.ts';
export { positionSchema } from './users.ts';

/*
 * Rosters (#30, decision 0047): dated shifts planned on a board, published to the people they
 * name, traded through the approvals queue. Templates and their assignments keep working; a
 * published shift on a day takes the place of the person's template shift that day.
 */

const clockTime = (message: () => string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: message });

// ---- Shifts ------------------------------------------------------------------------------------

/** Where a shift stands against publishing: what people see is only ever the published version. */
export const SHIFT_STATES = [
  /** Never published: nobody but planners sees it. */
  'draft',
  /** Published and unchanged since. */
  'published',
  /** Published, then changed: people still see the published version until the next publish. */
  'changed',
  /** Published, then deleted on the board: it goes away for people at the next publish. */
  'deleted',
] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

/** Why a shift breaks (or bends) a rule, shown in its cell and refused by publish and trades. */
export const SHIFT_CONFLICT_CODES = [
  /** Two shifts of one person overlap in time (an overnight one into the next day's). */
  'overlap',
  /** The person has approved time off then. */
  'time_off',
  /** The person asked for time off then and it waits for a decision. */
  'time_off_pending',
  /** The person said they are unavailable then. */
  'unavailable',
  /** The person would rather not work then. */
  'prefer_not',
  /** Fewer than 11 consecutive hours off in the 24 hours from the shift's start day (ESA). */
  'daily_rest',
  /** Fewer than 8 hours between this shift and the one before or after (ESA). */
  'between_shifts',
  /** More than 48 hours in the Sunday-started work week (ESA, without an agreement). */
  'weekly_hours',
  /** Overtime projected under the person's pay rules. */
  'overtime',
  /** The person does not hold the shift's position. */
  'position',
] as const;
export type ShiftConflictCode = (typeof SHIFT_CONFLICT_CODES)[number];

/**
 * `blocking`: publishing and trades refuse it unless a planner gave an override reason (and
 * overlaps and approved time off never pass); `warning`: shown, never refused.
 */
export const shiftConflictSchema = z.object({
  code: z.enum(SHIFT_CONFLICT_CODES),
  severity: z.enum(['blocking', 'warning']),
  /** Whether an override reason lets it pass (availability, rest, weekly hours). */
  isOverridable: z.boolean(),
  /** In the reader's language, e.g. "Only 7 h 30 min off before this shift (8 h needed)". */
  message: z.string(),
});
export type ShiftConflict = z.infer<typeof shiftConflictSchema>;

export const shiftSchema = z.object({
  id: z.uuid(),
  /** Null: an open shift, offered to eligible people of its team. */
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  teamId: z.uuid().nullable(),
  /** The business day the shift starts; an overnight shift belongs to it. */
  date: isoDate,
  /** "HH:mm" business time; an end not after the start is the next day. */
  startTime: z.string(),
  endTime: z.string(),
  lunchStart: z.string().nullable(),
  lunchEnd: z.string().nullable(),
  breakDurationMins: z.number().int(),
  position: z.string().nullable(),
  note: z.string().nullable(),
  /** Why a planner let a blocking conflict pass (employee agreement, asked for it…). */
  overrideReason: z.string().nullable(),
  state: z.enum(SHIFT_STATES),
  /** Paid minutes (the shift less its unpaid lunch). */
  paidMinutes: z.number().int(),
  conflicts: z.array(shiftConflictSchema),
});
export type Shift = z.infer<typeof shiftSchema>;

const breakMinutes = z
  .number({ error: () => t`Break length must be a number of minutes` })
  .int({ error: () => t`Break length must be whole minutes` })
  .min(0, { error: () => t`Break length must be between 0 and 120 minutes` })
  .max(120, { error: () => t`Break length must be between 0 and 120 minutes` });

/** POST /api/roster/shifts and PUT /api/roster/shifts/:id. */
export const shiftInputSchema = z
  .object({
    userId: z.uuid({ error: () => t`Choose a person, or leave the shift open` }).nullable(),
    /** Left out: the person's team (an open shift needs one). */
    teamId: z
      .uuid({ error: () => t`Unknown team` })
      .nullable()
      .optional(),
    date: isoDate,
    startTime: clockTime(() => t`Start time must be a time like 09:00`),
    endTime: clockTime(() => t`End time must be a time like 09:00`),
    lunchStart: clockTime(() => t`Lunch start must be a time like 09:00`).nullable(),
    lunchEnd: clockTime(() => t`Lunch end must be a time like 09:00`).nullable(),
    breakDurationMins: breakMinutes,
    position: positionSchema.nullable(),
    note: text({ multiLine: true })
      .max(500, { error: () => t`Keep the note under 500 characters` })
      .nullable(),
    overrideReason: text({ multiLine: true })
      .min(3, { error: () => t`Say why (at least 3 characters)` })
      .max(500, { error: () => t`Keep the reason under 500 characters` })
      .nullable()
      .default(null),
  })
  .refine((shift) => shift.startTime !== shift.endTime, {
    error: () => t`The shift must end at a different time than it starts`,
  })
  .refine((shift) => (shift.lunchStart === null) === (shift.lunchEnd === null), {
    error: () => t`Give both a lunch start and a lunch end, or neither`,
  });
export type ShiftInput = z.input<typeof shiftInputSchema>;

/** POST/PUT answer: the shift as saved, with its conflicts. */
export const shiftResponseSchema = z.object({ shift: shiftSchema });

/** A template's shift on a day for a person with an assignment and no roster shift that day. */
export const templateShiftSchema = z.object({
  userId: z.uuid(),
  date: isoDate,
  templateId: z.uuid(),
  templateName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  paidMinutes: z.number().int(),
});
export type TemplateShift = z.infer<typeof templateShiftSchema>;

// ---- Availability ------------------------------------------------------------------------------

export const AVAILABILITY_KINDS = ['available', 'prefer_not', 'unavailable'] as const;
export type AvailabilityKind = (typeof AVAILABILITY_KINDS)[number];

const availabilityKind = z.enum(AVAILABILITY_KINDS, {
  error: () => t`Choose available, prefer not or unavailable`,
});

/** A time range of a day; both null: the whole day. An end not after the start is midnight on. */
const dayRangeFields = {
  startTime: clockTime(() => t`Start time must be a time like 09:00`).nullable(),
  endTime: clockTime(() => t`End time must be a time like 09:00`).nullable(),
};
const wholeDayOrRange = (range: { startTime: string | null; endTime: string | null }) =>
  (range.startTime === null) === (range.endTime === null);
const wholeDayMessage = () => t`Give both a start and an end time, or neither for the whole day`;

export const weeklyAvailabilityRuleSchema = z
  .object({
    /** 0 = Sunday. */
    weekday: z
      .number({ error: () => t`Choose a day of the week` })
      .int()
      .min(0)
      .max(6),
    kind: availabilityKind,
    ...dayRangeFields,
  })
  .refine(wholeDayOrRange, { error: wholeDayMessage });
export type WeeklyAvailabilityRule = z.infer<typeof weeklyAvailabilityRuleSchema>;

export const availabilityExceptionInputSchema = z
  .object({
    date: isoDate,
    kind: availabilityKind,
    ...dayRangeFields,
    note: text({ multiLine: true })
      .max(200, { error: () => t`Keep the note under 200 characters` })
      .nullable()
      .default(null),
  })
  .refine(wholeDayOrRange, { error: wholeDayMessage });
export type AvailabilityExceptionInput = z.input<typeof availabilityExceptionInputSchema>;

export const availabilityExceptionSchema = z.object({
  id: z.uuid(),
  date: isoDate,
  kind: z.enum(AVAILABILITY_KINDS),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
});
export type AvailabilityException = z.infer<typeof availabilityExceptionSchema>;

/** GET /api/availability: the caller's weekly pattern and their exceptions from today on. */
export const availabilityResponseSchema = z.object({
  weekly: z.array(weeklyAvailabilityRuleSchema),
  exceptions: z.array(availabilityExceptionSchema),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** PUT /api/availability/weekly: replaces the whole pattern (unstated times: available). */
export const weeklyAvailabilityInputSchema = z.object({
  rules: z
    .array(weeklyAvailabilityRuleSchema)
    .max(70, { error: () => t`Give at most 10 ranges a day` }),
});

/** POST /api/availability/exceptions. */
export const availabilityExceptionResponseSchema = z.object({
  exception: availabilityExceptionSchema,
});

/** A person's availability resolved for one day of the board: exceptions replace the pattern. */
export const dayAvailabilitySchema = z.object({
  date: isoDate,
  ranges: z.array(
    z.object({
      kind: z.enum(AVAILABILITY_KINDS),
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
    }),
  ),
});
export type DayAvailability = z.infer<typeof dayAvailabilitySchema>;

// ---- The board ---------------------------------------------------------------------------------

export const rosterQuerySchema = z.object({
  /** Any day of the week wanted; the board shows its Sunday-started week. */
  weekStart: isoDate,
  teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
  position: text().max(60).optional(),
});

export const rosterPersonSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  positions: z.array(z.string()),
  availability: z.array(dayAvailabilitySchema),
  /** Time off in the week, approved or waiting (for the cells' markers). */
  timeOff: z.array(
    z.object({
      date: isoDate,
      status: z.enum(['approved', 'pending']),
      typeName: z.string(),
      /** Null for a whole day. */
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
    }),
  ),
});
export type RosterPerson = z.infer<typeof rosterPersonSchema>;

/** GET /api/roster. */
export const rosterResponseSchema = z.object({
  weekStart: isoDate,
  days: z.array(isoDate).length(7),
  people: z.array(rosterPersonSchema),
  /** Assigned and open shifts of the week, deleted-but-unpublished ones included. */
  shifts: z.array(shiftSchema),
  templateShifts: z.array(templateShiftSchema),
  /** Shifts whose current version people do not see yet. */
  unpublishedCount: z.number().int(),
  /** Teams the caller plans (all for an admin; their own for a lead). */
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  positions: z.array(z.string()),
  /** Per team and day: how many may be off, and how many are (approved or waiting). */
  allotments: z.array(
    z.object({
      teamId: z.uuid(),
      date: isoDate,
      maxOff: z.number().int(),
      offCount: z.number().int(),
    }),
  ),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/** POST /api/roster/copy-week: the planner's shifts of one week into another, as drafts. */
export const copyWeekRequestSchema = z.object({
  fromWeekStart: isoDate,
  toWeekStart: isoDate,
  teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
});

/** POST /api/roster/fill-from-template: a template's working days of a week, for people. */
export const fillFromTemplateRequestSchema = z.object({
  templateId: z.uuid({ error: () => t`Choose a schedule template` }),
  weekStart: isoDate,
  userIds: z
    .array(z.uuid())
    .min(1, { error: () => t`Choose at least one person` })
    .max(500, { error: () => t`Choose at most 500 people` }),
  position: positionSchema.nullable().default(null),
});

/** What a bulk change made: days that already had a shift are skipped, never overwritten. */
export const rosterBulkResponseSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
});

/** POST /api/roster/publish: every unpublished change of a week (of one team, or all planned). */
export const publishRosterRequestSchema = z.object({
  weekStart: isoDate,
  teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
});
export const publishRosterResponseSchema = z.object({
  published: z.number().int(),
  /** People told what changed (in the app, and by email and push where they have them on). */
  notified: z.number().int(),
});

/** GET /api/roster/projection (pay rules): what the week would cost, per person and day. */
export const rosterProjectionResponseSchema = z.object({
  /** Whether any hourly rates exist (no costs otherwise). */
  hasRates: z.boolean(),
  people: z.array(
    z.object({
      userId: z.uuid(),
      scheduledMinutes: z.number().int(),
      /** Minutes past the person's overtime threshold for the week (their rule set). */
      overtimeMinutes: z.number().int(),
      /** Cents, overtime at its rate; null without a rate. */
      costCents: z.number().int().nullable(),
    }),
  ),
  days: z.array(
    z.object({
      date: isoDate,
      scheduledMinutes: z.number().int(),
      costCents: z.number().int().nullable(),
    }),
  ),
});
export type RosterProjection = z.infer<typeof rosterProjectionResponseSchema>;

/** Per team: claims approved without a manager, and the daily time-off allotment. */
export const teamRosterSettingsSchema = z.object({
  teamId: z.uuid(),
  teamName: z.string(),
  autoApproveClaims: z.boolean(),
  /** How many of the team may be off on one day; null: no limit. */
  maxOffPerDay: z.number().int().nullable(),
});
export type TeamRosterSettings = z.infer<typeof teamRosterSettingsSchema>;

export const rosterSettingsResponseSchema = z.object({
  teams: z.array(teamRosterSettingsSchema),
  /** Days where a team's allotment differs from its usual one (holidays, peak weeks). */
  allotmentDays: z.array(z.object({ teamId: z.uuid(), date: isoDate, maxOff: z.number().int() })),
});

const maxOff = z
  .number({ error: () => t`Give how many people may be off` })
  .int({ error: () => t`Give a whole number of people` })
  .min(0, { error: () => t`Give a number from 0 to 999` })
  .max(999, { error: () => t`Give a number from 0 to 999` });

/** PUT /api/roster/settings/:teamId. */
export const teamRosterSettingsInputSchema = z.object({
  autoApproveClaims: z.boolean(),
  maxOffPerDay: maxOff.nullable(),
});

/** PUT /api/roster/allotment-days: one team's allotment on one day; null goes back to usual. */
export const allotmentDayInputSchema = z.object({
  teamId: z.uuid({ error: () => t`Unknown team` }),
  date: isoDate,
  maxOff: maxOff.nullable(),
});

// ---- Open shifts and trades --------------------------------------------------------------------

/** POST /api/shift-trades. */
export const shiftTradeRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('claim'),
      shiftId: z.uuid({ error: () => t`Choose a shift` }),
      note: text({ multiLine: true }).max(500).nullable().default(null),
    }),
    z.object({
      kind: z.literal('swap'),
      shiftId: z.uuid({ error: () => t`Choose a shift` }),
      colleagueId: z.uuid({ error: () => t`Choose a colleague` }),
      note: text({ multiLine: true }).max(500).nullable().default(null),
    }),
    z.object({
      kind: z.literal('drop'),
      shiftId: z.uuid({ error: () => t`Choose a shift` }),
      note: text({ multiLine: true }).max(500).nullable().default(null),
    }),
  ],
  { error: () => t`Choose claim, swap or drop` },
);
export type ShiftTradeRequest = z.input<typeof shiftTradeRequestSchema>;

export const shiftTradeResponseSchema = z.object({ trade: shiftTradeSchema });

/** GET /api/shift-market: what the caller may pick up, what is offered to them, their own. */
export const shiftMarketResponseSchema = z.object({
  /** Published open shifts of the caller's team from today on, with why one cannot be claimed. */
  openShifts: z.array(tradeShiftSchema.extend({ problems: z.array(z.string()) })),
  /** Swaps offered to the caller and drops of their team they may take. */
  offers: z.array(shiftTradeSchema),
  /** The caller's own trades, newest first. */
  mine: z.array(shiftTradeSchema),
  /** The caller's published shifts from today on that they may offer. */
  myShifts: z.array(tradeShiftSchema),
  /** Colleagues a swap may name (the caller's team). */
  colleagues: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type ShiftMarket = z.infer<typeof shiftMarketResponseSchema>;
