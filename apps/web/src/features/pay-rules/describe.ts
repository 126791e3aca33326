import { plural, t } from '@lingui/core/macro';
import type { RuleSet } from '@punchclock/shared/contracts/pay-rules';
import { formatNumber } from '@punchclock/shared/i18n/format';

/** Up to two decimals, as typed ("7.5", "44"); no grouping, as before. */
const decimal = (value: number) =>
  formatNumber(value, { maximumFractionDigits: 2, useGrouping: false });
const hours = (minutes: number) => decimal(minutes / 60);

/** One line per rule, in the words a payroll clerk uses. */
export function describeRuleSet(ruleSet: RuleSet): string[] {
  const weeklyMultiplier = decimal(ruleSet.weeklyMultiplier);
  const weeklyHours = hours(ruleSet.weeklyThresholdMinutes);
  const lines = [t`${weeklyMultiplier}× after ${weeklyHours} h a week`];
  for (const tier of ruleSet.dailyTiers) {
    const multiplier = decimal(tier.multiplier);
    const dailyHours = hours(tier.afterMinutes);
    lines.push(t`${multiplier}× after ${dailyHours} h a day`);
  }
  if (ruleSet.averaging) {
    const { weeks, startDate, endDate } = ruleSet.averaging;
    lines.push(
      endDate
        ? t`Averaged over ${weeks} weeks from ${startDate} to ${endDate}`
        : t`Averaged over ${weeks} weeks from ${startDate}`,
    );
  }
  lines.push(
    ruleSet.weeklyRest === 'biweekly_48'
      ? t`Weekly rest: 48 h off in a row in every two work weeks`
      : t`Weekly rest: 24 h off in a row in each work week`,
  );
  if (ruleSet.bankToil) {
    const months = ruleSet.toilExpiryMonths;
    lines.push(
      plural(months, {
        one: 'Banked as time off in lieu, taken within # month',
        other: 'Banked as time off in lieu, taken within # months',
      }),
    );
  }
  if (ruleSet.rounding.kind === 'nearest') {
    const stepMinutes = ruleSet.rounding.stepMinutes;
    lines.push(t`Punches paid to the nearest ${stepMinutes} minutes`);
  } else if (ruleSet.rounding.kind === 'grace') {
    const graceMinutes = ruleSet.rounding.graceMinutes;
    lines.push(
      plural(graceMinutes, {
        one: "# minute's grace at shift start and end",
        other: "# minutes' grace at shift start and end",
      }),
    );
  }
  return lines;
}

/** Hours typed in a form as whole minutes; NaN when it is not a number. */
export function hoursToMinutes(value: string): number {
  if (value.trim() === '') return Number.NaN;
  return Math.round(Number(value) * 60);
}
