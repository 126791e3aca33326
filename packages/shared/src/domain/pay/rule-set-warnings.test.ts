import { describe, expect, it } from 'vitest';
import {
  datesInForce,
  isAveragingCovered,
  latestAveragingEnd,
  overtimeRuleWarnings,
} from './rule-set-warnings.ts';

const averaging = { weeks: 2, startDate: '2026-01-04', endDate: '2027-12-31' };

describe('overtimeRuleWarnings', () => {
  it('says nothing about the ESA standard: 44 h, no averaging', () => {
    expect(overtimeRuleWarnings({ weeklyThresholdMinutes: 44 * 60 })).toEqual([]);
    expect(overtimeRuleWarnings({ weeklyThresholdMinutes: 40 * 60 })).toEqual([]);
  });

  it('warns that a threshold later than 44 h is only for sectors with their own (50 h; 44 h 1 min)', () => {
    expect(overtimeRuleWarnings({ weeklyThresholdMinutes: 50 * 60 })).toEqual([
      "Overtime after 50h a week is later than Ontario's 44h: only sectors with their own threshold (O. Reg. 285/01) may use it.",
    ]);
    expect(overtimeRuleWarnings({ weeklyThresholdMinutes: 44 * 60 + 1 })).toHaveLength(1);
  });

  it('names the people without an averaging agreement, five at most', () => {
    const [warning] = overtimeRuleWarnings(
      { weeklyThresholdMinutes: 44 * 60, averaging },
      { assignedPeople: 3, peopleWithoutAgreement: ['Ana Silva'] },
    );
    expect(warning).toBe(
      'Averaging needs a written agreement on file for each person it applies to: 1 person has none covering its dates (Ana Silva). File them under Agreements on file, or overtime is owed week by week.',
    );
    const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    expect(
      overtimeRuleWarnings(
        { weeklyThresholdMinutes: 44 * 60, averaging },
        { assignedPeople: 7, peopleWithoutAgreement: seven },
      ),
    ).toEqual([
      'Averaging needs a written agreement on file for each person it applies to: 7 people have none covering its dates (A, B, C, D, E and 2 more). File them under Agreements on file, or overtime is owed week by week.',
    ]);
  });

  it('asks for agreements before a rule set with averaging is assigned, and nothing once all are on file', () => {
    expect(
      overtimeRuleWarnings({ weeklyThresholdMinutes: 44 * 60, averaging }, { assignedPeople: 0 }),
    ).toEqual([
      'Averaging needs a written agreement on file for each person it applies to: file them under Agreements on file before you assign this rule set.',
    ]);
    expect(
      overtimeRuleWarnings(
        { weeklyThresholdMinutes: 44 * 60, averaging },
        { assignedPeople: 4, peopleWithoutAgreement: [] },
      ),
    ).toEqual([]);
  });

  it('asks for an end date at most 2 years after the averaging starts', () => {
    const message =
      "An averaging agreement with one person must end at most 2 years after it starts (a union's ends with its collective agreement): give this averaging an end date, no later than 2028-01-04 for an individual agreement.";
    const rules = (endDate?: string) => ({
      weeklyThresholdMinutes: 44 * 60,
      averaging: { weeks: 2, startDate: '2026-01-04', ...(endDate ? { endDate } : {}) },
    });
    expect(
      overtimeRuleWarnings(rules(), { assignedPeople: 1, peopleWithoutAgreement: [] }),
    ).toEqual([message]);
    expect(
      overtimeRuleWarnings(rules('2028-01-05'), { assignedPeople: 1, peopleWithoutAgreement: [] }),
    ).toEqual([message]);
    expect(
      overtimeRuleWarnings(rules('2028-01-04'), { assignedPeople: 1, peopleWithoutAgreement: [] }),
    ).toEqual([]);
  });

  it('gives both warnings for 50 h with averaging and no agreement', () => {
    expect(
      overtimeRuleWarnings(
        { weeklyThresholdMinutes: 50 * 60, averaging },
        { assignedPeople: 1, peopleWithoutAgreement: ['Ana Silva'] },
      ),
    ).toHaveLength(2);
  });
});

describe('latestAveragingEnd', () => {
  it('is the same day 2 years on, Feb 28 for a Feb 29 start', () => {
    expect(latestAveragingEnd('2026-01-04')).toBe('2028-01-04');
    expect(latestAveragingEnd('2028-02-29')).toBe('2030-02-28');
  });
});

describe('datesInForce', () => {
  const A = 'rule-set-a';
  const B = 'rule-set-b';

  it('follows the organisation, team and person assignments that decide each date', () => {
    // Organisation A from Jan 1; the team B from Mar 1; the person themself A again from Jun 1.
    const assignments = [
      { level: 'organisation' as const, ruleSetId: A, effectiveFrom: '2026-01-01' },
      { level: 'team' as const, ruleSetId: B, effectiveFrom: '2026-03-01' },
      { level: 'person' as const, ruleSetId: A, effectiveFrom: '2026-06-01' },
    ];
    expect(datesInForce(assignments, A)).toEqual([
      { start: '2026-01-01', end: '2026-02-28' },
      { start: '2026-06-01', end: null },
    ]);
    expect(datesInForce(assignments, B)).toEqual([{ start: '2026-03-01', end: '2026-05-31' }]);
    expect(datesInForce([], A)).toEqual([]);
  });

  it('joins back-to-back assignments of the same rule set', () => {
    const assignments = [
      { level: 'organisation' as const, ruleSetId: A, effectiveFrom: '2026-01-01' },
      { level: 'team' as const, ruleSetId: A, effectiveFrom: '2026-03-01' },
    ];
    expect(datesInForce(assignments, A)).toEqual([{ start: '2026-01-01', end: null }]);
  });
});

describe('isAveragingCovered', () => {
  it('needs agreements over every date the rule set averages for the person', () => {
    const inForce = [{ start: '2026-02-01', end: null }];
    // Averaging Jan 4, 2026 → Dec 31, 2027; in force from Feb 1: Feb 1, 2026 → Dec 31, 2027.
    expect(isAveragingCovered(averaging, inForce, [])).toBe(false);
    expect(
      isAveragingCovered(averaging, inForce, [{ startDate: '2026-02-01', endDate: '2027-12-31' }]),
    ).toBe(true);
    // A day short at either end, or a gap between two agreements.
    expect(
      isAveragingCovered(averaging, inForce, [{ startDate: '2026-02-02', endDate: '2027-12-31' }]),
    ).toBe(false);
    expect(
      isAveragingCovered(averaging, inForce, [{ startDate: '2026-02-01', endDate: '2027-12-30' }]),
    ).toBe(false);
    expect(
      isAveragingCovered(averaging, inForce, [
        { startDate: '2026-01-01', endDate: '2026-12-31' },
        { startDate: '2027-01-02', endDate: null },
      ]),
    ).toBe(false);
    // Open-ended averaging needs an open-ended agreement.
    const open = { weeks: 2, startDate: '2026-01-04' };
    expect(
      isAveragingCovered(open, inForce, [{ startDate: '2026-01-01', endDate: '2027-12-31' }]),
    ).toBe(false);
    expect(isAveragingCovered(open, inForce, [{ startDate: '2026-01-01', endDate: null }])).toBe(
      true,
    );
    // In force only before the averaging starts: nothing to cover.
    expect(isAveragingCovered(averaging, [{ start: '2025-06-01', end: '2025-12-31' }], [])).toBe(
      true,
    );
  });
});
