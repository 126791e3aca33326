import { describe, expect, it } from 'vitest';
import { businessInstant, shiftDate } from '@punchclock/shared/domain/business-time';
import { buildCandidates, type Candidate } from './candidates.ts';
import { greedyFill } from './greedy.ts';
import { improvePlan, planCost } from './local-search.ts';
import { sampleProblem } from './sample-problem.ts';
import type { ProblemPerson, RosterProblem } from './types.ts';

const TORONTO = 'America/Toronto';
const WEEK = '2026-06-07';
const MONDAY = '2026-06-08';
const at = (date: string, time: string) => businessInstant(date, time, TORONTO).getTime();

function person(id: string, extra: Partial<ProblemPerson> = {}): ProblemPerson {
  return {
    id,
    name: id,
    positions: [],
    hourlyCost: 20,
    overtime: null,
    minWeekMinutes: 0,
    maxWeekMinutes: 2400,
    unavailable: [],
    preferNot: [],
    locked: [],
    ...extra,
  };
}

/** One person needed Monday 09:00–13:00; 4-hour shifts every hour from 07:00 to 13:00. */
function mondayMorning(people: ProblemPerson[]): RosterProblem {
  return {
    teamId: 'team',
    timeZone: TORONTO,
    weekDates: Array.from({ length: 7 }, (_, day) => shiftDate(WEEK, day)),
    shape: {
      lengthsMinutes: [240],
      startStepMinutes: 60,
      earliestStart: '07:00',
      latestEnd: '13:00',
      lunchMinutes: 0,
      breakDurationMins: 0,
    },
    demand: Array.from({ length: 8 }, (_, i) => ({
      start: at(MONDAY, '09:00') + i * 1_800_000,
      end: at(MONDAY, '09:00') + (i + 1) * 1_800_000,
      position: '',
      required: 1,
    })),
    people,
    costs: { underHour: 50, overHour: 5, preferNotShift: 10 },
    rules: { dailyRestMinutes: 660, betweenShiftsMinutes: 480, weeklyMaxMinutes: 2880 },
    notBefore: 0,
  };
}

function setUp(problem: RosterProblem) {
  const set = buildCandidates(problem);
  const demand = problem.demand.map((interval) => ({ ...interval, target: interval.required }));
  const people = problem.people.map((_, index) => index);
  const find = (who: number, date: string, start: string) =>
    set.candidates.find(
      (candidate) =>
        candidate.person === who &&
        candidate.template.date === date &&
        candidate.template.startTime === start,
    )!;
  return { problem, set, demand, people, find };
}

const describePlan = (problem: RosterProblem, chosen: readonly Candidate[]) =>
  chosen
    .map(
      (candidate) =>
        `${problem.people[candidate.person]!.id} ${candidate.template.date} ${candidate.template.startTime}`,
    )
    .sort();

describe('improvePlan', () => {
  it('moves a shift to where the demand is', () => {
    const { find, ...input } = setUp(mondayMorning([person('ann')]));
    const chosen = [find(0, MONDAY, '07:00')];
    const improved = improvePlan({ ...input, chosen });
    expect(describePlan(input.problem, improved)).toEqual([`ann ${MONDAY} 09:00`]);
    expect(planCost({ ...input, chosen: improved })).toBe(80);
    expect(planCost({ ...input, chosen })).toBeGreaterThan(80);
  });

  it('hands a shift to the cheaper person (an exchange: neither move alone pays)', () => {
    const { find, ...input } = setUp(
      mondayMorning([person('bob', { hourlyCost: 30 }), person('ann', { hourlyCost: 15 })]),
    );
    const improved = improvePlan({ ...input, chosen: [find(0, MONDAY, '09:00')] });
    expect(describePlan(input.problem, improved)).toEqual([`ann ${MONDAY} 09:00`]);
  });

  it('drops a shift nothing needs, but keeps one a weekly minimum needs', () => {
    const { find, ...input } = setUp(
      mondayMorning([person('ann'), person('cy', { minWeekMinutes: 240 })]),
    );
    const tuesday = shiftDate(MONDAY, 1);
    const improved = improvePlan({
      ...input,
      chosen: [find(0, MONDAY, '09:00'), find(0, tuesday, '07:00'), find(1, tuesday, '07:00')],
    });
    expect(describePlan(input.problem, improved)).toEqual([
      `ann ${MONDAY} 09:00`,
      `cy ${tuesday} 07:00`,
    ]);
  });

  it('never moves into a rest conflict with the next day', () => {
    // Demand Monday 20:00–00:00 and Tuesday 07:00–11:00: a late Monday shift and an early
    // Tuesday one would both pay, but the rest rules refuse some pairs.
    const problem = mondayMorning([person('ann')]);
    problem.shape.latestEnd = '23:00';
    const tuesday = shiftDate(MONDAY, 1);
    problem.demand = [
      ...problem.demand.map((interval) => ({
        ...interval,
        start: interval.start + 11 * 3_600_000,
        end: interval.end + 11 * 3_600_000,
      })),
      ...problem.demand.map((interval) => ({
        ...interval,
        start: at(tuesday, '07:00') + (interval.start - at(MONDAY, '09:00')),
        end: at(tuesday, '07:00') + (interval.end - at(MONDAY, '09:00')),
      })),
    ];
    const { find, ...input } = setUp(problem);
    const early = find(0, tuesday, '07:00');
    const mondays = input.set.byPersonDay[0]![1]!;
    // The rule bites: some Monday starts are refused with Tuesday 07:00.
    expect(
      mondays.some((candidate) => input.set.isIncompatible(candidate.template, early.template)),
    ).toBe(true);
    const improved = improvePlan({ ...input, chosen: [find(0, MONDAY, '07:00'), early] });
    // A Monday shift late enough to cover the evening clashes with Tuesday 07:00, which covers
    // more; one early enough to be allowed covers nothing. Without the rest check: Monday 19:00.
    expect(describePlan(input.problem, improved)).toEqual([`ann ${tuesday} 07:00`]);
  });

  it('lowers the greedy fill’s cost on a sample week and keeps one shift a day', () => {
    const problem = sampleProblem({ people: 12, seed: 3 });
    const { find: _find, ...input } = setUp(problem);
    const greedy = greedyFill(input);
    const improved = improvePlan({ ...input, chosen: greedy });
    expect(planCost({ ...input, chosen: improved })).toBeLessThan(
      planCost({ ...input, chosen: greedy }),
    );
    const days = improved.map((candidate) => `${candidate.person}:${candidate.template.day}`);
    expect(new Set(days).size).toBe(days.length);
  });
});
