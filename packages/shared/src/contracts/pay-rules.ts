import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { WEEKLY_REST_RULES } from '../domain/pay/labour-checks.ts';
import { validateOvertimeRules } from '../domain/pay/overtime.ts';
import { OVERTIME_MULTIPLIERS, overtimeMultiplierMessage } from '../domain/pay/pay-codes.ts';
import { validatePayRounding } from '../domain/pay/rounding.ts';
import { isoDate, text } from './common.ts';

/**
 * Overtime rule sets and their effective-dated assignments (issue #14, item 2; docs/decisions/
 * 0016). Admin only. A rule set is the overtime engine's OvertimeRuleSet (domain/pay/overtime.ts)
 * plus time off in lieu banking and the timesheet's rounding (domain/pay/rounding.ts).
 */

const MINUTES_PER_DAY = 24 * 60;
const MAX_RATE = 10;
const rateMessage = () => t`An overtime rate above 10× is not a rate we can pay`;

const isPayableRate = (rate: number) => (OVERTIME_MULTIPLIERS as readonly number[]).includes(rate);

export const dailyTierSchema = z.object({
  afterMinutes: z
    .number({ error: () => t`Give each daily threshold in minutes` })
    .max(MINUTES_PER_DAY, { error: () => t`A daily threshold must be within a day (24 hours)` }),
  multiplier: z
    .number({ error: () => t`Give each daily threshold a rate` })
    .max(MAX_RATE, { error: rateMessage })
    .refine(isPayableRate, { error: overtimeMultiplierMessage }),
});

export const averagingSchema = z.object({
  weeks: z.number({ error: () => t`Give the averaging agreement a number of weeks` }),
  startDate: isoDate,
  endDate: isoDate.optional(),
});

export const payRoundingSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({
      kind: z.literal('nearest'),
      stepMinutes: z.union([z.literal(5), z.literal(6), z.literal(15)], {
        error: () => t`Round to the nearest 5, 6 or 15 minutes`,
      }),
    }),
    z.object({
      kind: z.literal('grace'),
      graceMinutes: z.number({ error: () => t`Give the grace in minutes` }),
    }),
  ],
  { error: () => t`Choose no rounding, rounding to the nearest mark, or grace` },
);
export type PayRounding = z.infer<typeof payRoundingSchema>;

/** Months banked time off in lieu stays usable (ESA): 3, or 12 with a written agreement. */
export const TOIL_EXPIRY_MONTHS = [3, 12] as const;

const ruleSetFields = z.object({
  name: text({ error: () => t`Give the rule set a name` })
    .min(2, { error: () => t`Give the rule set a name of at least 2 characters` })
    .max(100, { error: () => t`Keep the name under 100 characters` }),
  weeklyThresholdMinutes: z
    .number({ error: () => t`Give the weekly threshold` })
    .max(7 * MINUTES_PER_DAY, {
      error: () => t`The weekly threshold must be within a week (168 hours)`,
    }),
  weeklyMultiplier: z
    .number({ error: () => t`Give the weekly overtime rate` })
    .max(MAX_RATE, { error: rateMessage })
    .refine(isPayableRate, { error: overtimeMultiplierMessage })
    .default(1.5),
  dailyTiers: z
    .array(dailyTierSchema)
    .max(4, { error: () => t`At most 4 daily thresholds` })
    .default([]),
  averaging: averagingSchema.nullable().default(null),
  bankToil: z.boolean().default(false),
  toilExpiryMonths: z
    .number()
    .refine((months) => (TOIL_EXPIRY_MONTHS as readonly number[]).includes(months), {
      error: () =>
        t`Time off in lieu must be taken within 3 months, or 12 with a written agreement`,
    })
    .default(3),
  rounding: payRoundingSchema.default({ kind: 'none' }),
  /**
   * Weekly rest, the employer's choice (ESA s. 18(4); decision 0039): 24 consecutive hours off in
   * each work week, or 48 in every two consecutive work weeks.
   */
  weeklyRest: z
    .enum(WEEKLY_REST_RULES, {
      error: () =>
        t`Choose 24 hours off in each work week, or 48 hours off in every two work weeks`,
    })
    .default('weekly_24'),
});

/** POST /api/pay-rules/rule-sets and PUT /api/pay-rules/rule-sets/:id. */
export const ruleSetInputSchema = ruleSetFields.superRefine((value, context) => {
  const problems = [
    ...validateOvertimeRules({
      weeklyThresholdMinutes: value.weeklyThresholdMinutes,
      weeklyMultiplier: value.weeklyMultiplier,
      dailyTiers: value.dailyTiers,
      ...(value.averaging ? { averaging: value.averaging } : {}),
    }),
    ...validatePayRounding(value.rounding),
  ];
  for (const message of problems) context.addIssue({ code: 'custom', message });
});
export type RuleSetInput = z.input<typeof ruleSetInputSchema>;
export type RuleSetValues = z.infer<typeof ruleSetInputSchema>;

export const ruleSetSchema = ruleSetFields.extend({
  id: z.uuid(),
  /** The earliest date an assignment applies it from, or null while it is not assigned. */
  firstEffectiveDate: isoDate.nullable(),
  /** Editable while no assignment has made it effective (today or earlier). */
  editable: z.boolean(),
  /**
   * What it may get wrong under the ESA for the people it applies to (a threshold later than
   * 44 h, averaging without agreements on file), in the reader's language; saved all the same.
   */
  warnings: z.array(z.string()),
});
export type RuleSet = z.infer<typeof ruleSetSchema>;

export const listRuleSetsResponseSchema = z.object({ ruleSets: z.array(ruleSetSchema) });
export const ruleSetResponseSchema = z.object({ ruleSet: ruleSetSchema });

export const assignmentTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('organisation') }),
    z.object({ kind: z.literal('team'), teamId: z.uuid({ error: () => t`Choose a team` }) }),
    z.object({ kind: z.literal('person'), userId: z.uuid({ error: () => t`Choose a person` }) }),
  ],
  { error: () => t`Assign to the organisation, a team or a person` },
);
export type AssignmentTarget = z.infer<typeof assignmentTargetSchema>;

/** POST /api/pay-rules/assignments: a rule set applies to a target from a date. */
export const assignmentInputSchema = z.object({
  ruleSetId: z.uuid({ error: () => t`Choose a rule set` }),
  target: assignmentTargetSchema,
  effectiveFrom: isoDate,
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

export const assignmentSchema = z.object({
  id: z.uuid(),
  ruleSetId: z.uuid(),
  ruleSetName: z.string(),
  target: z.object({
    kind: z.enum(['organisation', 'team', 'person']),
    id: z.uuid().nullable(),
    name: z.string().nullable(),
  }),
  effectiveFrom: isoDate,
  /** The date a later assignment of the same target takes over, or null while it is the last. */
  supersededFrom: isoDate.nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type RuleAssignment = z.infer<typeof assignmentSchema>;

export const listAssignmentsQuerySchema = z.object({
  teamId: z.uuid({ error: () => t`Unknown team` }).optional(),
  userId: z.uuid({ error: () => t`Unknown person` }).optional(),
});
export const listAssignmentsResponseSchema = z.object({ assignments: z.array(assignmentSchema) });
export const assignmentResponseSchema = z.object({ assignment: assignmentSchema });

/** GET /api/pay-rules/toil-balance?userId&asOf: banked time off in lieu, oldest first. */
export const toilBalanceQuerySchema = z.object({
  userId: z.uuid({ error: () => t`Unknown person` }).optional(),
  asOf: isoDate.optional(),
});

export const toilLotSchema = z.object({
  earnedOn: isoDate,
  minutes: z.number().int(),
  remainingMinutes: z.number().int(),
  /** The first day it can no longer be taken. */
  expiresOn: isoDate,
});

export const toilBalanceSchema = z.object({
  userId: z.uuid(),
  asOf: isoDate,
  balanceMinutes: z.number().int(),
  earnedMinutes: z.number().int(),
  takenMinutes: z.number().int(),
  expiredMinutes: z.number().int(),
  /** Taken beyond what was banked and usable at the time. */
  overdrawnMinutes: z.number().int(),
  lots: z.array(toilLotSchema),
});
export type ToilBalance = z.infer<typeof toilBalanceSchema>;

/*
 * Labour agreements on file (issue #14, item 4; docs/decisions/0020): a person's written agreement
 * that changes what a labour-law check flags, from a start date to an optional end date. Admin
 * only. Ending (revoking) sets the end date; an agreement is never deleted.
 */

/**
 * The kinds of agreement. `excess_weekly_hours`: the ESA written agreement to work more than 48
 * hours in a work week. `averaging`: the written agreement to average hours over 2 to 4 weeks for
 * overtime (ESA s. 22), which a rule set with averaging needs for each person (decision 0039).
 * Add a kind here (and its label) to file another.
 */
export const LABOUR_AGREEMENT_KINDS = ['excess_weekly_hours', 'averaging'] as const;
export type LabourAgreementKind = (typeof LABOUR_AGREEMENT_KINDS)[number];
export const LABOUR_AGREEMENT_KIND_LABELS: Record<LabourAgreementKind, string> = {
  get excess_weekly_hours() {
    return t`More than 48 hours a week`;
  },
  get averaging() {
    return t`Averaging hours over 2 to 4 weeks`;
  },
};
export const labourAgreementKindSchema = z.enum(LABOUR_AGREEMENT_KINDS, {
  error: () => t`Choose a kind of agreement`,
});

export const AGREEMENT_NOTE_MAX = 500;

/** POST /api/pay-rules/agreements. */
export const labourAgreementInputSchema = z
  .object({
    userId: z.uuid({ error: () => t`Choose a person` }),
    kind: labourAgreementKindSchema.default('excess_weekly_hours'),
    startDate: isoDate,
    endDate: isoDate.nullable().optional(),
    note: text({ multiLine: true })
      .max(AGREEMENT_NOTE_MAX, {
        error: () => {
          const max = AGREEMENT_NOTE_MAX;
          return t`Keep the note under ${max} characters`;
        },
      })
      .optional(),
  })
  .refine((value) => !value.endDate || value.endDate >= value.startDate, {
    error: () => t`The agreement cannot end before it starts`,
    path: ['endDate'],
  });
export type LabourAgreementInput = z.input<typeof labourAgreementInputSchema>;

/** POST /api/pay-rules/agreements/:id/end: the last day the agreement applies. */
export const endLabourAgreementInputSchema = z.object({ endDate: isoDate });

export const listLabourAgreementsQuerySchema = z.object({
  userId: z.uuid({ error: () => t`Unknown person` }).optional(),
});

export const labourAgreementSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  personName: z.string().nullable(),
  kind: labourAgreementKindSchema,
  startDate: isoDate,
  /** The last day it applies (inclusive), or null while open-ended. */
  endDate: isoDate.nullable(),
  note: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** Set when an admin ended it early. */
  revokedByName: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type LabourAgreement = z.infer<typeof labourAgreementSchema>;

export const listLabourAgreementsResponseSchema = z.object({
  agreements: z.array(labourAgreementSchema),
});
export const labourAgreementResponseSchema = z.object({ agreement: labourAgreementSchema });
