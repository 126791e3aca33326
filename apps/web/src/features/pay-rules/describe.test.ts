import { describe, expect, it } from 'vitest';
import type { RuleSet } from '@punchclock/shared/contracts/pay-rules';
import { describeRuleSet, hoursToMinutes } from './describe';

const base: RuleSet = {
  id: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff',
  name: 'Daily',
  weeklyThresholdMinutes: 2640,
  weeklyMultiplier: 1.5,
  dailyTiers: [{ afterMinutes: 480, multiplier: 1.5 }],
  averaging: null,
  bankToil: false,
  toilExpiryMonths: 3,
  rounding: { kind: 'none' },
  weeklyRest: 'weekly_24',
  firstEffectiveDate: null,
  editable: true,
  warnings: [],
};

describe('describeRuleSet', () => {
  it('says each rule in words', () => {
    expect(describeRuleSet(base)).toEqual([
      '1.5× after 44 h a week',
      '1.5× after 8 h a day',
      'Weekly rest: 24 h off in a row in each work week',
    ]);
    expect(
      describeRuleSet({
        ...base,
        dailyTiers: [],
        averaging: { weeks: 2, startDate: '2026-06-07' },
        bankToil: true,
        rounding: { kind: 'nearest', stepMinutes: 15 },
        weeklyRest: 'biweekly_48',
      }),
    ).toEqual([
      '1.5× after 44 h a week',
      'Averaged over 2 weeks from 2026-06-07',
      'Weekly rest: 48 h off in a row in every two work weeks',
      'Banked as time off in lieu, taken within 3 months',
      'Punches paid to the nearest 15 minutes',
    ]);
  });

  it('says one month and one minute of grace in the singular', () => {
    const oneEach = (rounding: RuleSet['rounding']) =>
      describeRuleSet({ ...base, dailyTiers: [], bankToil: true, toilExpiryMonths: 1, rounding });
    expect(oneEach({ kind: 'nearest', stepMinutes: 15 })).toEqual([
      '1.5× after 44 h a week',
      'Weekly rest: 24 h off in a row in each work week',
      'Banked as time off in lieu, taken within 1 month',
      'Punches paid to the nearest 15 minutes',
    ]);
    expect(oneEach({ kind: 'grace', graceMinutes: 1 })[3]).toBe(
      "1 minute's grace at shift start and end",
    );
    expect(oneEach({ kind: 'grace', graceMinutes: 5 })[3]).toBe(
      "5 minutes' grace at shift start and end",
    );
  });
});

describe('hoursToMinutes', () => {
  it('turns typed hours into whole minutes, and nothing into NaN', () => {
    expect(hoursToMinutes('44')).toBe(2640);
    expect(hoursToMinutes('7.5')).toBe(450);
    expect(hoursToMinutes('')).toBeNaN();
    expect(hoursToMinutes('eight')).toBeNaN();
  });
});
