/**
 * The overtime engine (issue #14, part 2): splits one person's worked minutes per business day into
 * regular minutes and overtime minutes by pay code ('OT1.5', 'OT2').
 *
 * The engine only sums. Worked minutes come in per business day already correct: a shift's minutes
 * belong to the business day it started (so a night shift across midnight, or across the DST
 * change, is counted once, on its first day, with its real elapsed minutes — 7 h on the
 * spring-forward night 22:00–06:00, 9 h on the fall-back night).
 *
 * Never one minute twice — the order of the rules:
 * 1. Daily tiers first: on each day, the minutes above each daily threshold are overtime at that
 *    tier's multiplier (e.g. > 8 h at 1.5×, > 12 h at 2×); the rest are the day's regular minutes.
 * 2. Then the weekly threshold, over REGULAR minutes only: daily overtime minutes are excluded from
 *    the weekly count (they are already paid at a premium). The regular minutes above the threshold
 *    are weekly overtime, taken from the latest days of the week first — the hours after the 44th
 *    are the ones worked last — so a day's weekly overtime can only be its own regular minutes.
 * 3. With an averaging agreement, step 2 runs over each block of N weeks instead of each week, with
 *    the threshold × N (ESA: 50 h + 38 h over 2 weeks = 88 h ≤ 88 h → no overtime).
 */
import { t } from '@lingui/core/macro';
import { currentLocale, formatDate } from '../../i18n/format.ts';
import { addDaysToDate, dayNumber, type DateRange, type WeekDay } from './pay-periods.ts';
import { workWeekContaining } from './work-week.ts';

export interface DailyOvertimeTier {
  /** Worked minutes in a day after which this tier applies (480 = "more than 8 h"). */
  afterMinutes: number;
  multiplier: number;
}

/** A written averaging agreement: separate, consecutive blocks of `weeks` weeks from startDate. */
export interface AveragingAgreement {
  weeks: number;
  /** The first day of the first block; it must be the first day of a work week. */
  startDate: string;
  /** The agreement's last day (inclusive); a block that runs past it is not averaged. */
  endDate?: string;
}

export interface OvertimeRuleSet {
  weeklyThresholdMinutes: number;
  /** The weekly overtime rate; 1.5 (the ESA minimum) when absent. */
  weeklyMultiplier?: number;
  dailyTiers?: readonly DailyOvertimeTier[];
  averaging?: AveragingAgreement;
}

/** Ontario's Employment Standards Act: 1.5× after 44 h in a work week, no daily threshold. */
export const ONTARIO_OVERTIME_RULES: OvertimeRuleSet = {
  weeklyThresholdMinutes: 44 * 60,
  weeklyMultiplier: 1.5,
};

export interface WorkedDay {
  date: string;
  workedMinutes: number;
}

/** Overtime minutes by pay code, e.g. { 'OT1.5': 120, OT2: 60 }; codes with 0 minutes are left out. */
export type OvertimeMinutes = Record<string, number>;

export interface PaySplit {
  workedMinutes: number;
  regularMinutes: number;
  overtime: OvertimeMinutes;
}

export interface DayPaySplit extends PaySplit {
  date: string;
}

export interface WeekPaySplit extends PaySplit, DateRange {}

/** The stretch the weekly threshold was applied to: one work week, or one averaging block. */
export interface ThresholdPeriod extends DateRange {
  thresholdMinutes: number;
  averaged: boolean;
}

export interface OvertimeResult {
  days: DayPaySplit[];
  weeks: WeekPaySplit[];
  thresholdPeriods: ThresholdPeriod[];
}

const DEFAULT_WEEKLY_MULTIPLIER = 1.5;
const WEEK_DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

/** A weekday's name in the reader's language (0 = Sunday). */
function weekDayName(day: WeekDay): string {
  if (currentLocale() === 'en') return WEEK_DAY_NAMES[day] ?? '';
  // 2026-11-22 was a Sunday.
  return formatDate(new Date(Date.UTC(2026, 10, 22 + day, 12)), 'EEEE', { timeZone: 'UTC' });
}

/** The pay code for an overtime multiplier: 1.5 → 'OT1.5', 2 → 'OT2'. */
export function overtimeCode(multiplier: number): string {
  return `OT${multiplier}`;
}

function isValidDate(date: string): boolean {
  try {
    dayNumber(date);
    return true;
  } catch {
    return false;
  }
}

/**
 * What is wrong with a rule set, as sentences a user can act on; empty when it is usable. Pass the
 * work-week start day to also check that an averaging agreement starts on it.
 */
export function validateOvertimeRules(rules: OvertimeRuleSet, weekStartDay?: WeekDay): string[] {
  const problems: string[] = [];
  const threshold = rules.weeklyThresholdMinutes;
  if (!Number.isInteger(threshold)) problems.push(t`The weekly threshold must be whole minutes`);
  else if (threshold < 0) problems.push(t`The weekly threshold cannot be negative`);
  if (rules.weeklyMultiplier !== undefined && !(rules.weeklyMultiplier > 1)) {
    problems.push(t`The weekly overtime rate must be more than 1× (overtime pays more)`);
  }
  const tiers = rules.dailyTiers ?? [];
  tiers.forEach((tier, index) => {
    const number = index + 1;
    if (!Number.isInteger(tier.afterMinutes) || tier.afterMinutes < 0) {
      problems.push(t`Daily threshold ${number} must be a whole number of minutes, not negative`);
    }
    if (!(tier.multiplier > 1)) {
      problems.push(
        t`Daily threshold ${number}: the rate must be more than 1× (overtime pays more)`,
      );
    }
    const previous = tiers[index - 1];
    if (previous && !(tier.afterMinutes > previous.afterMinutes)) {
      problems.push(
        t`Daily threshold ${number} must start later in the day than the one before it`,
      );
    }
    if (previous && !(tier.multiplier > previous.multiplier)) {
      problems.push(t`Daily threshold ${number} must pay a higher rate than the one before it`);
    }
  });
  const averaging = rules.averaging;
  if (averaging) {
    if (!Number.isInteger(averaging.weeks) || averaging.weeks < 2 || averaging.weeks > 4) {
      problems.push(t`Averaging covers 2 to 4 weeks`);
    }
    if (!isValidDate(averaging.startDate)) {
      problems.push(t`The averaging agreement needs a valid start date`);
    } else if (weekStartDay !== undefined) {
      const weekStart = workWeekContaining(averaging.startDate, weekStartDay).start;
      if (weekStart !== averaging.startDate) {
        const dayName = weekDayName(weekStartDay);
        problems.push(t`Averaging must start on the first day of a work week (a ${dayName})`);
      }
    }
    if (averaging.endDate !== undefined) {
      if (!isValidDate(averaging.endDate)) {
        problems.push(t`The averaging agreement’s end date is not a valid date`);
      } else if (
        isValidDate(averaging.startDate) &&
        dayNumber(averaging.endDate) < dayNumber(averaging.startDate)
      ) {
        problems.push(t`The averaging agreement ends before it starts`);
      }
    }
  }
  return problems;
}

/**
 * The stretch whose regular minutes are held against one threshold, for a date: its averaging
 * block when the agreement covers the whole block, else its work week. Callers must pass the
 * engine every day of each such stretch (missing days count as 0 minutes worked).
 */
export function thresholdPeriodContaining(
  rules: OvertimeRuleSet,
  weekStartDay: WeekDay,
  date: string,
): ThresholdPeriod {
  const averaging = rules.averaging;
  if (averaging) {
    const blockDays = averaging.weeks * 7;
    const offset = dayNumber(date) - dayNumber(averaging.startDate);
    if (offset >= 0) {
      const start = addDaysToDate(averaging.startDate, offset - (offset % blockDays));
      const end = addDaysToDate(start, blockDays - 1);
      const covered =
        averaging.endDate === undefined || dayNumber(end) <= dayNumber(averaging.endDate);
      if (covered) {
        return {
          start,
          end,
          thresholdMinutes: rules.weeklyThresholdMinutes * averaging.weeks,
          averaged: true,
        };
      }
    }
  }
  return {
    ...workWeekContaining(date, weekStartDay),
    thresholdMinutes: rules.weeklyThresholdMinutes,
    averaged: false,
  };
}

function addMinutes(overtime: OvertimeMinutes, code: string, minutes: number): void {
  if (minutes > 0) overtime[code] = (overtime[code] ?? 0) + minutes;
}

/** Step 1: one day's minutes split by the daily tiers (all regular without tiers). */
export function splitDayByDailyTiers(
  workedMinutes: number,
  tiers: readonly DailyOvertimeTier[] = [],
): PaySplit {
  const overtime: OvertimeMinutes = {};
  tiers.forEach((tier, index) => {
    const upTo = Math.min(workedMinutes, tiers[index + 1]?.afterMinutes ?? Infinity);
    addMinutes(overtime, overtimeCode(tier.multiplier), upTo - tier.afterMinutes);
  });
  const firstThreshold = tiers[0]?.afterMinutes ?? workedMinutes;
  return { workedMinutes, regularMinutes: Math.min(workedMinutes, firstThreshold), overtime };
}

function sumSplits(splits: readonly PaySplit[]): PaySplit {
  const total: PaySplit = { workedMinutes: 0, regularMinutes: 0, overtime: {} };
  for (const split of splits) {
    total.workedMinutes += split.workedMinutes;
    total.regularMinutes += split.regularMinutes;
    for (const [code, minutes] of Object.entries(split.overtime)) {
      addMinutes(total.overtime, code, minutes);
    }
  }
  return total;
}

function checkDays(days: readonly WorkedDay[]): void {
  const seen = new Set<string>();
  for (const day of days) {
    dayNumber(day.date);
    if (seen.has(day.date)) throw new RangeError(`${day.date} appears twice`);
    seen.add(day.date);
    if (!Number.isInteger(day.workedMinutes) || day.workedMinutes < 0) {
      throw new RangeError(`${day.date}: worked minutes must be a whole number, not negative`);
    }
  }
}

/**
 * Regular and overtime minutes per day, per work week and per threshold stretch for one person.
 * Throws when the rule set or a day is invalid (validateOvertimeRules says why, in user terms).
 */
export function computeOvertime(
  workedDays: readonly WorkedDay[],
  rules: OvertimeRuleSet,
  weekStartDay: WeekDay,
): OvertimeResult {
  const problems = validateOvertimeRules(rules, weekStartDay);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  checkDays(workedDays);
  const weeklyCode = overtimeCode(rules.weeklyMultiplier ?? DEFAULT_WEEKLY_MULTIPLIER);
  const sorted = [...workedDays].sort((a, b) => dayNumber(a.date) - dayNumber(b.date));

  const days: DayPaySplit[] = sorted.map((day) => ({
    date: day.date,
    ...splitDayByDailyTiers(day.workedMinutes, rules.dailyTiers),
  }));

  const stretches = new Map<string, { period: ThresholdPeriod; days: DayPaySplit[] }>();
  for (const day of days) {
    const period = thresholdPeriodContaining(rules, weekStartDay, day.date);
    const stretch = stretches.get(period.start) ?? { period, days: [] };
    stretch.days.push(day);
    stretches.set(period.start, stretch);
  }
  for (const { period, days: stretchDays } of stretches.values()) {
    const regular = stretchDays.reduce((sum, day) => sum + day.regularMinutes, 0);
    let excess = Math.max(0, regular - period.thresholdMinutes);
    // Latest days first: the minutes past the threshold are the last ones worked.
    for (const day of [...stretchDays].reverse()) {
      if (excess === 0) break;
      const moved = Math.min(excess, day.regularMinutes);
      day.regularMinutes -= moved;
      addMinutes(day.overtime, weeklyCode, moved);
      excess -= moved;
    }
  }

  const weeks = new Map<string, { range: DateRange; days: DayPaySplit[] }>();
  for (const day of days) {
    const range = workWeekContaining(day.date, weekStartDay);
    const week = weeks.get(range.start) ?? { range, days: [] };
    week.days.push(day);
    weeks.set(range.start, week);
  }
  return {
    days,
    weeks: [...weeks.values()].map((week) => ({ ...week.range, ...sumSplits(week.days) })),
    thresholdPeriods: [...stretches.values()].map((stretch) => stretch.period),
  };
}
