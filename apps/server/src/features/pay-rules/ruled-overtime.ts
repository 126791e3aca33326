// The timesheet's overtime with each person's own rule sets (issue #14, item 2; decision 0016):
// each work week is computed with the rule set in force on its first day, an averaging block as
// a whole, rounding/grace applied to the paid minutes only, and banked overtime reported as time
// off in lieu instead of paid overtime lines.
import { and, asc, eq, gte, inArray, lte, max, min } from 'drizzle-orm';
import { applyCorrections } from '@punchclock/shared/domain/corrections';
import {
  computeOvertime,
  ONTARIO_OVERTIME_RULES,
  type DayPaySplit,
  type OvertimeRuleSet,
  type WeekPaySplit,
} from '@punchclock/shared/domain/pay/overtime';
import type { WeeklyRestRule } from '@punchclock/shared/domain/pay/labour-checks';
import { addDaysToDate } from '@punchclock/shared/domain/pay/pay-periods';
import {
  ruleSetIdInForce,
  ruleStretches,
  type RuleStretch,
} from '@punchclock/shared/domain/pay/rule-assignments';
import {
  applyPayRounding,
  paidMinutesBetween,
  type PayRoundingRule,
} from '@punchclock/shared/domain/pay/rounding';
import { toilExpiresOn, toilMinutesFor, type ToilEarned } from '@punchclock/shared/domain/pay/toil';
import { findPlanOn, shiftInstants } from '@punchclock/shared/domain/schedule';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dayMetrics } from '../../db/schema.ts';
import { findUserSummaryById } from '../people/index.ts';
import { listAssignmentPlans, type AssignmentPlan } from '../schedules/index.ts';
import {
  listApprovedCorrections,
  listShiftEvents,
  toDomainCorrection,
} from '../time-tracking/index.ts';
import {
  listAssignmentsConcerning,
  listRuleSetRows,
  type AssignedPerson,
  type RuleSetRow,
} from './repository.ts';

interface StoredRules extends OvertimeRuleSet {
  rounding: PayRoundingRule;
  bankToil: boolean;
  toilExpiryMonths: number;
  weeklyRest: WeeklyRestRule;
}

export interface RuledDay extends DayPaySplit {
  /** Minutes banked as time off in lieu (overtime × multiplier) when the rule set banks. */
  toilEarnedMinutes: number;
  /** Paid minutes minus the day's worked minutes as punched: what rounding/grace changed. */
  roundingMinutes: number;
  ruleSetId: string | null;
  toilExpiryMonths: number;
}

export interface RuledWeek extends WeekPaySplit {
  thresholdMinutes: number;
  toilEarnedMinutes: number;
  ruleSet: { id: string; name: string } | null;
}

export interface RuledOvertime {
  /** Every day with worked minutes in the weeks read (which may reach beyond from/to). */
  days: RuledDay[];
  /** Every work week from the one containing `from` to the one containing `to`. */
  weeks: RuledWeek[];
}

function toRules(row: RuleSetRow): StoredRules {
  return {
    weeklyThresholdMinutes: row.weeklyThresholdMinutes,
    weeklyMultiplier: row.weeklyMultiplier,
    dailyTiers: row.dailyTiers,
    ...(row.averaging ? { averaging: row.averaging } : {}),
    rounding: row.rounding,
    bankToil: row.bankToil,
    toilExpiryMonths: row.toilExpiryMonths,
    weeklyRest: row.weeklyRest,
  };
}

/** The rule set in force for a person, as a function of the date, and since when one banks. */
export interface RuleSetResolver {
  resolve(date: string): { ruleSetId: string | null; name: string | null; rules: StoredRules };
  bankingSince: string | null;
}

/**
 * The rule set in force for each of some people on each date: from one read of the assignments
 * that concern them (their own, their teams', the organisation's) and one of the rule sets.
 * Before any assignment applies, the configured Ontario rules (OVERTIME_WEEKLY_HOURS).
 */
export async function ruleSetResolversFor(
  db: Db,
  config: AppConfig,
  people: readonly AssignedPerson[],
): Promise<(person: AssignedPerson) => RuleSetResolver> {
  // One after the other: `db` may be a transaction (one connection).
  const assignmentsOf = await listAssignmentsConcerning(db, people);
  const rows = await listRuleSetRows(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fallback: StoredRules = {
    ...ONTARIO_OVERTIME_RULES,
    weeklyThresholdMinutes: config.pay.overtimeWeeklyMinutes,
    rounding: { kind: 'none' },
    bankToil: false,
    toilExpiryMonths: 3,
    weeklyRest: 'weekly_24',
  };
  return (person) => {
    const assignments = assignmentsOf(person);
    const resolve = (date: string) => {
      const id = ruleSetIdInForce(assignments, date);
      const row = id ? byId.get(id) : undefined;
      return row
        ? { ruleSetId: row.id, name: row.name, rules: toRules(row) }
        : { ruleSetId: null, name: null, rules: fallback };
    };
    const bankingSince = assignments
      .filter((assignment) => byId.get(assignment.ruleSetId)?.bankToil)
      .map((assignment) => assignment.effectiveFrom)
      .sort()[0];
    return { resolve, bankingSince: bankingSince ?? null };
  };
}

/** One person's rule sets in force (ruleSetResolversFor with one person). */
export async function ruleSetResolverFor(
  db: Db,
  config: AppConfig,
  userId: string,
): Promise<RuleSetResolver> {
  const person = await findUserSummaryById(db, userId);
  const target = { id: userId, teamId: person?.teamId ?? null };
  return (await ruleSetResolversFor(db, config, [target]))(target);
}

/** The rule set in force for a person on every date of an inclusive range (null: the fallback). */
export async function ruleSetsInForce(
  db: Db,
  config: AppConfig,
  userId: string,
  from: string,
  to: string,
): Promise<{ date: string; ruleSetId: string | null; name: string | null }[]> {
  const { resolve } = await ruleSetResolverFor(db, config, userId);
  const dates = [];
  for (let date = from; date <= to; date = addDaysToDate(date, 1)) {
    const { ruleSetId, name } = resolve(date);
    dates.push({ date, ruleSetId, name });
  }
  return dates;
}

/** The first and last days with stored day metrics for a person (null when none). */
async function workedDateRange(db: Db, userId: string) {
  const [row] = await db
    .select({ first: min(dayMetrics.date), last: max(dayMetrics.date) })
    .from(dayMetrics)
    .where(eq(dayMetrics.userId, userId));
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/**
 * What the overtime computation reads for one person, already read (for many people at once by
 * the caller): worked minutes by day, raw punches and approved corrections by shift day, and the
 * scheduled shifts (grace rounding). Each list may reach beyond the days a computation needs.
 */
export interface RuledOvertimeData {
  worked: readonly { date: string; workedMinutes: number }[];
  punches: readonly ShiftEvent[];
  corrections: readonly ApprovedCorrection[];
  plans: readonly AssignmentPlan[];
}

type ShiftEvent = Awaited<ReturnType<typeof listShiftEvents>>[number];
type ApprovedCorrection = Awaited<ReturnType<typeof listApprovedCorrections>>[number];

/** What reading the overtime of a range needs: the stretches and the days they cover. */
export interface RuledOvertimeReads {
  /** The first and last day the stretches cover (an averaging block may reach past from/to). */
  from: string;
  to: string;
  /** Whether any stretch rounds punches (read punches and corrections), or graces (read plans). */
  rounds: boolean;
  graces: boolean;
}

/** The days, and the kinds of data, computing a person's overtime over [from, to] reads. */
export function ruledOvertimeReads(
  config: AppConfig,
  resolver: RuleSetResolver,
  from: string,
  to: string,
): RuledOvertimeReads {
  const stretches = ruleStretches(from, to, config.pay.workWeekStart, (week) =>
    resolver.resolve(week),
  );
  return {
    from: stretches[0]?.start ?? from,
    to: stretches.at(-1)?.end ?? to,
    rounds: stretches.some((stretch) => stretch.rules.rounding.kind !== 'none'),
    graces: stretches.some((stretch) => stretch.rules.rounding.kind === 'grace'),
  };
}

/**
 * What rounding/grace changes on each shift day of a stretch, in minutes: each shift's paid
 * clock-in and clock-out (domain/pay/rounding.ts) against the punched ones (approved corrections
 * applied). Breaks and lunch inside the shift are untouched, so the day's worked minutes move by
 * exactly the difference. Raw punches are only read.
 */
function roundingAdjustments(
  config: AppConfig,
  data: RuledOvertimeData,
  stretch: { start: string; end: string },
  rule: PayRoundingRule,
): Map<string, number> {
  const adjustments = new Map<string, number>();
  if (rule.kind === 'none') return adjustments;
  const inStretch = (date: string) => stretch.start <= date && date <= stretch.end;
  const punches = data.punches.filter((punch) => inStretch(punch.shiftDate));
  const corrections = data.corrections.filter((correction) => inStretch(correction.date));
  const plans = rule.kind === 'grace' ? data.plans : [];
  const dates = new Set([...punches.map((p) => p.shiftDate), ...corrections.map((c) => c.date)]);
  for (const date of dates) {
    const events = applyCorrections(
      punches.filter((punch) => punch.shiftDate === date),
      corrections.filter((c) => c.date === date).map(toDomainCorrection),
    ).events;
    // A published roster shift that day takes the place of the template's.
    const plan = findPlanOn(plans, date);
    const shift = plan
      ? shiftInstants(
          { ...plan, workStart: plan.workStart.slice(0, 5), workEnd: plan.workEnd.slice(0, 5) },
          date,
          config.timeZone,
        )
      : undefined;
    let delta = 0;
    let clockIn: Date | null = null;
    let previous: string | null = null;
    for (const event of events) {
      if (event.eventType === 'clock_in' && (previous === null || previous === 'clock_out')) {
        clockIn = new Date(event.occurredAt);
      }
      if (event.eventType === 'clock_out' && clockIn) {
        const raw = { clockIn, clockOut: new Date(event.occurredAt) };
        delta += paidMinutesBetween(applyPayRounding(raw, rule, shift)) - paidMinutesBetween(raw);
        clockIn = null;
      }
      previous = event.eventType;
    }
    if (delta !== 0) adjustments.set(date, delta);
  }
  return adjustments;
}

function computeStretch(
  config: AppConfig,
  stretch: RuleStretch<StoredRules>,
  data: RuledOvertimeData,
): RuledDay[] {
  const adjustments = roundingAdjustments(config, data, stretch, stretch.rules.rounding);
  const days = data.worked
    .filter((day) => stretch.start <= day.date && day.date <= stretch.end)
    .map((day) => ({
      date: day.date,
      workedMinutes: Math.max(0, day.workedMinutes + (adjustments.get(day.date) ?? 0)),
      roundingMinutes: 0,
      raw: day.workedMinutes,
    }));
  const { averaging, weeklyThresholdMinutes, weeklyMultiplier, dailyTiers } = stretch.rules;
  const result = computeOvertime(
    days,
    {
      weeklyThresholdMinutes,
      ...(weeklyMultiplier === undefined ? {} : { weeklyMultiplier }),
      ...(dailyTiers ? { dailyTiers } : {}),
      ...(averaging ? { averaging } : {}),
    },
    config.pay.workWeekStart,
  );
  const rawOf = new Map(days.map((day) => [day.date, day.raw]));
  return result.days.map((day) => {
    const bank = stretch.rules.bankToil;
    return {
      ...day,
      overtime: bank ? {} : day.overtime,
      toilEarnedMinutes: bank ? toilMinutesFor(day.overtime) : 0,
      roundingMinutes: day.workedMinutes - (rawOf.get(day.date) ?? day.workedMinutes),
      ruleSetId: stretch.ruleSetId,
      toilExpiryMonths: stretch.rules.toilExpiryMonths,
    };
  });
}

/**
 * Regular, overtime and banked minutes for one person over the work weeks from the one containing
 * `from` to the one containing `to`, each week under the rule set in force on its first day, from
 * data already read (`data` must cover ruledOvertimeReads' days). No database access: the
 * timesheets of a whole period read each kind of data once for everyone, then call this.
 */
export function ruledOvertimeFrom(
  config: AppConfig,
  resolver: RuleSetResolver,
  from: string,
  to: string,
  data: RuledOvertimeData,
): RuledOvertime {
  const weekStartDay = config.pay.workWeekStart;
  const { resolve } = resolver;
  const stretches = ruleStretches(from, to, weekStartDay, (week) => resolve(week));
  const days: RuledDay[] = [];
  const weeks: RuledWeek[] = [];
  for (const stretch of stretches) {
    const stretchDays = computeStretch(config, stretch, data);
    days.push(...stretchDays);
    const name = resolve(stretch.start).name;
    for (let start = stretch.start; start <= stretch.end; start = addDaysToDate(start, 7)) {
      const end = addDaysToDate(start, 6);
      const inWeek = stretchDays.filter((day) => start <= day.date && day.date <= end);
      const week: RuledWeek = {
        start,
        end,
        workedMinutes: 0,
        regularMinutes: 0,
        overtime: {},
        toilEarnedMinutes: 0,
        thresholdMinutes: stretch.rules.weeklyThresholdMinutes,
        ruleSet: stretch.ruleSetId && name ? { id: stretch.ruleSetId, name } : null,
      };
      for (const day of inWeek) {
        week.workedMinutes += day.workedMinutes;
        week.regularMinutes += day.regularMinutes;
        week.toilEarnedMinutes += day.toilEarnedMinutes;
        for (const [code, minutes] of Object.entries(day.overtime)) {
          week.overtime[code] = (week.overtime[code] ?? 0) + minutes;
        }
      }
      weeks.push(week);
    }
  }
  return { days, weeks };
}

/** One person's overtime over [from, to], reading what ruledOvertimeFrom needs. */
async function computeWithResolver(
  db: Db,
  config: AppConfig,
  userId: string,
  from: string,
  to: string,
  resolver: RuleSetResolver,
): Promise<RuledOvertime> {
  const reads = ruledOvertimeReads(config, resolver, from, to);
  const [worked, punches, corrections, plans] = await Promise.all([
    listWorkedMinutes(db, [userId], reads.from, reads.to),
    reads.rounds ? listShiftEvents(db, [userId], reads.from, reads.to) : Promise.resolve([]),
    reads.rounds
      ? listApprovedCorrections(db, [userId], reads.from, reads.to)
      : Promise.resolve([]),
    reads.graces
      ? listAssignmentPlans(db, { userIds: [userId], from: reads.from, to: reads.to })
      : Promise.resolve([]),
  ]);
  return ruledOvertimeFrom(config, resolver, from, to, { worked, punches, corrections, plans });
}

function listWorkedMinutes(db: Db, userIds: string[], from: string, to: string) {
  return db
    .select({ date: dayMetrics.date, workedMinutes: dayMetrics.workedMinutes })
    .from(dayMetrics)
    .where(
      and(
        inArray(dayMetrics.userId, userIds),
        gte(dayMetrics.date, from),
        lte(dayMetrics.date, to),
      ),
    )
    .orderBy(asc(dayMetrics.date));
}

/**
 * The time off in lieu a person banked up to `asOf`: every day's banked minutes since the first
 * rule set that banks applied to them, each with its expiry (its rule set's 3 or 12 months).
 */
export async function listToilEarned(
  db: Db,
  config: AppConfig,
  userId: string,
  asOf: string,
): Promise<ToilEarned[]> {
  const resolver = await ruleSetResolverFor(db, config, userId);
  const { bankingSince } = resolver;
  const worked = await workedDateRange(db, userId);
  if (!bankingSince || !worked.first || !worked.last) return [];
  // Only weeks with work can bank anything: from the later of the first banking assignment and
  // the first worked day, to the earlier of asOf and the last worked day.
  const from = bankingSince > worked.first ? bankingSince : worked.first;
  const to = asOf < worked.last ? asOf : worked.last;
  if (from > to) return [];
  const { days } = await computeWithResolver(db, config, userId, from, to, resolver);
  return days
    .filter((day) => day.toilEarnedMinutes > 0 && day.date <= asOf)
    .map((day) => ({
      date: day.date,
      minutes: day.toilEarnedMinutes,
      expiresOn: toilExpiresOn(day.date, day.toilExpiryMonths),
    }));
}
