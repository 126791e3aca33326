import type { RuleSet } from '@punchclock/shared/contracts/pay-rules';

const hours = (minutes: number) => `${Number((minutes / 60).toFixed(2))} h`;

/** One line per rule, in the words a payroll clerk uses. */
export function describeRuleSet(ruleSet: RuleSet): string[] {
  const lines = [
    `${ruleSet.weeklyMultiplier}× after ${hours(ruleSet.weeklyThresholdMinutes)} a week`,
  ];
  for (const tier of ruleSet.dailyTiers) {
    lines.push(`${tier.multiplier}× after ${hours(tier.afterMinutes)} a day`);
  }
  if (ruleSet.averaging) {
    const { weeks, startDate, endDate } = ruleSet.averaging;
    lines.push(`Averaged over ${weeks} weeks from ${startDate}${endDate ? ` to ${endDate}` : ''}`);
  }
  if (ruleSet.bankToil) {
    lines.push(`Banked as time off in lieu, taken within ${ruleSet.toilExpiryMonths} months`);
  }
  if (ruleSet.rounding.kind === 'nearest') {
    lines.push(`Punches paid to the nearest ${ruleSet.rounding.stepMinutes} minutes`);
  } else if (ruleSet.rounding.kind === 'grace') {
    lines.push(`${ruleSet.rounding.graceMinutes} minutes' grace at shift start and end`);
  }
  return lines;
}

/** Hours typed in a form as whole minutes; NaN when it is not a number. */
export function hoursToMinutes(value: string): number {
  if (value.trim() === '') return Number.NaN;
  return Math.round(Number(value) * 60);
}
