import { describe, expect, it } from 'vitest';
import { ONTARIO_OVERTIME_RULES, type OvertimeRuleSet } from './overtime.ts';
import {
  ruleSetIdInForce,
  ruleSetIdsByDate,
  ruleStretches,
  type DatedAssignment,
} from './rule-assignments.ts';

const org: DatedAssignment = {
  level: 'organisation',
  ruleSetId: 'ontario',
  effectiveFrom: '2000-01-01',
};

describe('ruleSetIdInForce', () => {
  it('uses the organisation default when nothing more specific applies', () => {
    expect(ruleSetIdInForce([org], '2026-06-10')).toBe('ontario');
    expect(ruleSetIdInForce([org], '1999-12-31')).toBeNull();
    expect(ruleSetIdInForce([], '2026-06-10')).toBeNull();
  });

  it('lets a team beat the organisation and a person beat the team, each from its date', () => {
    const assignments: DatedAssignment[] = [
      org,
      { level: 'team', ruleSetId: 'daily-8', effectiveFrom: '2026-06-01' },
      { level: 'person', ruleSetId: 'banked', effectiveFrom: '2026-06-15' },
    ];
    expect(ruleSetIdInForce(assignments, '2026-05-31')).toBe('ontario');
    expect(ruleSetIdInForce(assignments, '2026-06-01')).toBe('daily-8');
    expect(ruleSetIdInForce(assignments, '2026-06-14')).toBe('daily-8');
    expect(ruleSetIdInForce(assignments, '2026-06-15')).toBe('banked');
  });

  it('keeps a person override in force after a later team change', () => {
    const assignments: DatedAssignment[] = [
      org,
      { level: 'person', ruleSetId: 'banked', effectiveFrom: '2026-03-01' },
      { level: 'team', ruleSetId: 'daily-8', effectiveFrom: '2026-06-01' },
    ];
    expect(ruleSetIdInForce(assignments, '2026-07-01')).toBe('banked');
  });

  it('lets a later assignment of the same target supersede from its date, the old one kept before it', () => {
    const assignments: DatedAssignment[] = [
      org,
      { level: 'team', ruleSetId: 'a', effectiveFrom: '2026-01-01' },
      { level: 'team', ruleSetId: 'b', effectiveFrom: '2026-06-10' },
    ];
    const byDate = ruleSetIdsByDate(assignments, '2026-06-08', '2026-06-11');
    expect([...byDate.entries()]).toEqual([
      ['2026-06-08', 'a'],
      ['2026-06-09', 'a'],
      ['2026-06-10', 'b'],
      ['2026-06-11', 'b'],
    ]);
  });
});

describe('ruleStretches', () => {
  const averaged: OvertimeRuleSet = {
    weeklyThresholdMinutes: 2640,
    averaging: { weeks: 2, startDate: '2026-06-07' },
  };

  it('holds each week to the rule in force on its first day (Sunday weeks)', () => {
    // Change on Wednesday 2026-06-10: the week of 06-07 keeps the old rule, 06-14 takes the new.
    const ruleOn = (date: string) => (date < '2026-06-10' ? 'old' : 'new');
    const stretches = ruleStretches('2026-06-07', '2026-06-20', 0, (week) => ({
      ruleSetId: ruleOn(week),
      rules: ONTARIO_OVERTIME_RULES,
    }));
    expect(stretches.map((s) => [s.start, s.end, s.ruleSetId])).toEqual([
      ['2026-06-07', '2026-06-13', 'old'],
      ['2026-06-14', '2026-06-20', 'new'],
    ]);
  });

  it('merges the weeks of an averaging block, reaching beyond the range to the whole block', () => {
    const stretches = ruleStretches('2026-06-14', '2026-06-20', 0, () => ({
      ruleSetId: 'avg',
      rules: averaged,
    }));
    expect(stretches).toEqual([
      { start: '2026-06-07', end: '2026-06-20', ruleSetId: 'avg', rules: averaged, averaged: true },
    ]);
  });

  it('counts weeks alone, without averaging, when the block’s weeks have different rule sets', () => {
    const stretches = ruleStretches('2026-06-07', '2026-06-20', 0, (week) =>
      week === '2026-06-07'
        ? { ruleSetId: 'avg', rules: averaged }
        : { ruleSetId: 'other', rules: ONTARIO_OVERTIME_RULES },
    );
    expect(stretches.map((s) => [s.start, s.end, s.ruleSetId, s.averaged])).toEqual([
      ['2026-06-07', '2026-06-13', 'avg', false],
      ['2026-06-14', '2026-06-20', 'other', false],
    ]);
    expect(stretches[0]?.rules.averaging).toBeUndefined();
  });
});
