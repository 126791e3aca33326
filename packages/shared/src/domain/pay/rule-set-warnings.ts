import { plural, t } from '@lingui/core/macro';
import { formatMinutes, shiftDate } from '../business-time.ts';
import { agreementsCover, type AgreementSpan } from './agreements.ts';
import type { AveragingAgreement, OvertimeRuleSet } from './overtime.ts';
import { ruleSetIdInForce, type DatedAssignment } from './rule-assignments.ts';

/**
 * What a valid overtime rule set may still get wrong under Ontario's Employment Standards Act
 * (issue #28, item 5; decision 0039), as warnings, not refusals: sectors with their own rules
 * (O. Reg. 285/01) may lawfully use what would be wrong elsewhere, so the admin decides.
 */

/** ESA s. 22(1): overtime after 44 hours in a work week. */
export const ESA_WEEKLY_THRESHOLD_MINUTES = 44 * 60;
/** ESA s. 22: an averaging agreement with one employee expires at most 2 years after it starts. */
export const AVERAGING_AGREEMENT_MAX_YEARS = 2;

/** The last date an individual averaging agreement starting on `startDate` may run to. */
export function latestAveragingEnd(startDate: string): string {
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  // Feb 29 + 2 years is Feb 28 (no Feb 29 in that year); otherwise the same day 2 years on.
  const end = new Date(Date.UTC(year + AVERAGING_AGREEMENT_MAX_YEARS, month - 1, day));
  if (end.getUTCMonth() !== month - 1) end.setUTCDate(0);
  return end.toISOString().slice(0, 10);
}

/** A stretch of dates (inclusive), open-ended when `end` is null. */
export interface DateSpan {
  start: string;
  end: string | null;
}

/**
 * The dates a rule set is in force for one person, from the assignments that concern them (their
 * own, their team's, the organisation's; rule-assignments.ts decides which one wins on a date).
 * Which set is in force only changes on an assignment's date, so those dates are enough.
 */
export function datesInForce(
  assignments: readonly DatedAssignment[],
  ruleSetId: string,
): DateSpan[] {
  const changes = [...new Set(assignments.map((a) => a.effectiveFrom))].sort();
  const spans: DateSpan[] = [];
  changes.forEach((start, index) => {
    if (ruleSetIdInForce(assignments, start) !== ruleSetId) return;
    const next = changes[index + 1];
    const end = next ? shiftDate(next, -1) : null;
    const last = spans.at(-1);
    if (last && last.end !== null && shiftDate(last.end, 1) === start) last.end = end;
    else spans.push({ start, end });
  });
  return spans;
}

/**
 * Whether a person's averaging agreements on file cover every date a rule set averages their
 * hours: the dates it is in force for them within the rule set's averaging (from its start to
 * its end, or open-ended). Open-ended dates need an open-ended agreement.
 */
export function isAveragingCovered(
  averaging: AveragingAgreement,
  inForce: readonly DateSpan[],
  agreements: readonly AgreementSpan[],
): boolean {
  const FOREVER = '9999-12-31';
  return inForce.every((span) => {
    const start = span.start > averaging.startDate ? span.start : averaging.startDate;
    const spanEnd = span.end ?? FOREVER;
    const averagingEnd = averaging.endDate ?? FOREVER;
    const end = spanEnd < averagingEnd ? spanEnd : averagingEnd;
    return start > end || agreementsCover(agreements, start, end);
  });
}

export interface RuleSetWarningContext {
  /** How many people the rule set is in force for on some date; undefined when not known. */
  assignedPeople?: number;
  /** The names of those people whose averaging agreements on file do not cover its dates. */
  peopleWithoutAgreement?: readonly string[];
}

const NAMES_SHOWN = 5;

/**
 * Sentences an admin reads beside a rule set that is valid but may not be lawful for everyone it
 * applies to; empty when there is nothing to say. The threshold warning is about the rule set
 * alone; the agreement warnings need to know who it applies to (the context).
 */
export function overtimeRuleWarnings(
  rules: OvertimeRuleSet,
  context: RuleSetWarningContext = {},
): string[] {
  const warnings: string[] = [];
  if (rules.weeklyThresholdMinutes > ESA_WEEKLY_THRESHOLD_MINUTES) {
    const hours = formatMinutes(rules.weeklyThresholdMinutes);
    const standard = formatMinutes(ESA_WEEKLY_THRESHOLD_MINUTES);
    warnings.push(
      t`Overtime after ${hours} a week is later than Ontario's ${standard}: only sectors with their own threshold (O. Reg. 285/01) may use it.`,
    );
  }
  const averaging = rules.averaging;
  if (!averaging) return warnings;

  const latest = latestAveragingEnd(averaging.startDate);
  if (averaging.endDate === undefined || averaging.endDate > latest) {
    warnings.push(
      t`An averaging agreement with one person must end at most 2 years after it starts (a union's ends with its collective agreement): give this averaging an end date, no later than ${latest} for an individual agreement.`,
    );
  }
  const missing = context.peopleWithoutAgreement ?? [];
  if (missing.length > 0) {
    const count = missing.length;
    const names = missing.slice(0, NAMES_SHOWN).join(', ');
    const more = count - NAMES_SHOWN;
    warnings.push(
      more > 0
        ? t`Averaging needs a written agreement on file for each person it applies to: ${plural(count, { one: '# person has', other: '# people have' })} none covering its dates (${names} and ${more} more). File them under Agreements on file, or overtime is owed week by week.`
        : t`Averaging needs a written agreement on file for each person it applies to: ${plural(count, { one: '# person has', other: '# people have' })} none covering its dates (${names}). File them under Agreements on file, or overtime is owed week by week.`,
    );
  } else if (context.assignedPeople === 0) {
    warnings.push(
      t`Averaging needs a written agreement on file for each person it applies to: file them under Agreements on file before you assign this rule set.`,
    );
  }
  return warnings;
}
