/**
 * Which overtime rule set applies to a person on a date (issue #14, item 2; docs/decisions/0016).
 *
 * Assignments are effective-dated: each applies to its target from its date until a later
 * assignment of the SAME target takes over. The most specific target with an assignment in force
 * wins: the person's own, else their team's, else the organisation's. A person override stays in
 * force until a later person assignment replaces it — a later team change does not undo it.
 *
 * The timesheet holds a whole work week to one rule set: the one in force on the week's first day
 * (so a mid-week change applies from the next week). An averaging block is held together only when
 * every week in it has the same rule set; otherwise each week is counted alone, without averaging.
 */
import { addDaysToDate, dayNumber } from './pay-periods.ts';
import { thresholdPeriodContaining, type OvertimeRuleSet } from './overtime.ts';
import type { WeekDay } from './pay-periods.ts';
import { workWeekContaining } from './work-week.ts';

export type AssignmentLevel = 'person' | 'team' | 'organisation';

export interface DatedAssignment {
  level: AssignmentLevel;
  ruleSetId: string;
  effectiveFrom: string;
}

const LEVELS: readonly AssignmentLevel[] = ['person', 'team', 'organisation'];

/**
 * The rule set id in force on `date` among the assignments that concern one person (their own,
 * their team's and the organisation's); null when none has started yet.
 */
export function ruleSetIdInForce(
  assignments: readonly DatedAssignment[],
  date: string,
): string | null {
  for (const level of LEVELS) {
    let best: DatedAssignment | null = null;
    for (const assignment of assignments) {
      if (assignment.level !== level || assignment.effectiveFrom > date) continue;
      if (!best || assignment.effectiveFrom > best.effectiveFrom) best = assignment;
    }
    if (best) return best.ruleSetId;
  }
  return null;
}

/** The rule set id in force on every date of an inclusive range, by date. */
export function ruleSetIdsByDate(
  assignments: readonly DatedAssignment[],
  from: string,
  to: string,
): Map<string, string | null> {
  const byDate = new Map<string, string | null>();
  for (let date = from; dayNumber(date) <= dayNumber(to); date = addDaysToDate(date, 1)) {
    byDate.set(date, ruleSetIdInForce(assignments, date));
  }
  return byDate;
}

/** A stretch the overtime engine runs over with one rule set: one week, or one averaging block. */
export interface RuleStretch<R extends OvertimeRuleSet> {
  start: string;
  end: string;
  ruleSetId: string | null;
  /** The rule set to run; averaging removed when the stretch is a lone week. */
  rules: R;
  averaged: boolean;
}

/**
 * The stretches covering the work weeks from the one containing `from` to the one containing
 * `to`: each week with the rule set in force on its first day, weeks of a complete averaging block
 * with one rule set merged into the block (which may reach beyond from/to: read those days too).
 */
export function ruleStretches<R extends OvertimeRuleSet>(
  from: string,
  to: string,
  weekStartDay: WeekDay,
  ruleForWeek: (weekStart: string) => { ruleSetId: string | null; rules: R },
): RuleStretch<R>[] {
  const stretches: RuleStretch<R>[] = [];
  const last = workWeekContaining(to, weekStartDay).start;
  let week = workWeekContaining(from, weekStartDay).start;
  while (dayNumber(week) <= dayNumber(last)) {
    const { ruleSetId, rules } = ruleForWeek(week);
    const weekEnd = addDaysToDate(week, 6);
    const period = thresholdPeriodContaining(rules, weekStartDay, week);
    let stretch: RuleStretch<R> = {
      start: week,
      end: weekEnd,
      ruleSetId,
      rules: withoutAveraging(rules),
      averaged: false,
    };
    if (period.averaged) {
      let same = true;
      for (let other = period.start; other < period.end; other = addDaysToDate(other, 7)) {
        if (ruleForWeek(other).ruleSetId !== ruleSetId) same = false;
      }
      if (same) {
        stretch = { start: period.start, end: period.end, ruleSetId, rules, averaged: true };
      }
    }
    stretches.push(stretch);
    week = addDaysToDate(stretch.end, 1);
  }
  return stretches;
}

function withoutAveraging<R extends OvertimeRuleSet>(rules: R): R {
  if (!rules.averaging) return rules;
  const { averaging: _averaging, ...rest } = rules;
  return rest as R;
}
