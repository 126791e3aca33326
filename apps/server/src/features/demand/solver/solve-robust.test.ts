import { describe, expect, it } from 'vitest';
import { businessInstant, shiftDate } from '@punchclock/shared/domain/business-time';
import { buildCandidates, MAX_CANDIDATES, TooManyCandidates } from './candidates.ts';
import { greedyFill } from './greedy.ts';
import { improvePlan } from './local-search.ts';
import { HighsWorker } from './run-highs.ts';
import { sampleProblem } from './sample-problem.ts';
import { keepRules, readHighsAnswer, solveRoster } from './solve.ts';
import type { ProblemPerson, RosterProblem } from './types.ts';

/** The auto-fill when HiGHS misbehaves (#31 review): no solution, errors, overruns, bad answers. */

const TORONTO = 'America/Toronto';
const WEEK = '2026-06-07';
const at = (date: string, time: string) => businessInstant(date, time, TORONTO).getTime();
const FAKE = new URL('./fake-highs-worker.mjs', import.meta.url);

function person(id: string, extra: Partial<ProblemPerson> = {}): ProblemPerson {
  return {
    id,
    name: id,
    positions: [],
    hourlyCost: 20,
    overtime: null,
    minWeekMinutes: 0,
    maxWeekMinutes: 960,
    unavailable: [],
    preferNot: [],
    locked: [],
    ...extra,
  };
}

/** Two people, 8-hour shifts 06:00–23:00, 2 people wanted 07:00–15:00 Monday to Wednesday. */
function week(): RosterProblem {
  const weekDates = Array.from({ length: 7 }, (_, day) => shiftDate(WEEK, day));
  const demand = [1, 2, 3].flatMap((day) =>
    Array.from({ length: 8 }, (_, hour) => ({
      start: at(weekDates[day]!, '07:00') + hour * 3_600_000,
      end: at(weekDates[day]!, '07:00') + (hour + 1) * 3_600_000,
      position: '',
      required: 2,
    })),
  );
  return {
    teamId: 'team',
    timeZone: TORONTO,
    weekDates,
    shape: {
      lengthsMinutes: [480],
      startStepMinutes: 60,
      earliestStart: '06:00',
      latestEnd: '23:00',
      lunchMinutes: 0,
      breakDurationMins: 0,
    },
    demand,
    people: [person('ann'), person('bob', { hourlyCost: 25 })],
    costs: { underHour: 50, overHour: 5, preferNotShift: 10 },
    rules: { dailyRestMinutes: 660, betweenShiftsMinutes: 480, weeklyMaxMinutes: 2880 },
    notBefore: 0,
  };
}

const describeShift = (shift: { userId: string; date: string; startTime: string }) =>
  `${shift.userId} ${shift.date} ${shift.startTime}`;

describe('reading HiGHS’s answer', () => {
  const problem = week();
  const set = buildCandidates(problem);
  const find = (personIndex: number, day: number, start: string) =>
    set.candidates.find(
      (candidate) =>
        candidate.person === personIndex &&
        candidate.template.day === day &&
        candidate.template.startTime === start,
    )!;

  it('takes nothing from HiGHS without a feasible solution, whatever values came back', () => {
    const values = { [`x${find(0, 1, '07:00').index}`]: 1 };
    expect(readHighsAnswer(problem, set, set.candidates, { hasSolution: false, values })).toBe(
      null,
    );
  });

  it('drops the shifts of a corrupt solution that break a rule, keeps the rest', () => {
    const monday = find(0, 1, '07:00');
    const mondayLate = find(0, 1, '15:00'); // a second shift the same day
    const tuesdayEarly = find(1, 2, '06:00'); // Bob: 7 h after his Monday 15:00–23:00
    const bobMonday = find(1, 1, '15:00');
    const tuesday = find(0, 2, '07:00');
    const wednesday = find(0, 3, '07:00'); // Ann's third 8 h: past her 16 h maximum
    const chosen = [monday, mondayLate, tuesdayEarly, bobMonday, tuesday, wednesday];
    const values = Object.fromEntries(chosen.map((candidate) => [`x${candidate.index}`, 1]));
    const answer = readHighsAnswer(problem, set, set.candidates, { hasSolution: true, values })!;
    expect(answer.chosen.map((candidate) => candidate.index).sort()).toEqual(
      [monday, bobMonday, tuesday].map((candidate) => candidate.index).sort(),
    );
    expect(answer.dropped).toHaveLength(3);
    expect(keepRules(problem, set, answer.chosen).dropped).toEqual([]);
  });
});

describe('solveRoster when HiGHS misbehaves', () => {
  const quickPlan = (problem: RosterProblem) => {
    const set = buildCandidates(problem);
    const everyone = problem.people.map((_, index) => index);
    const demand = problem.demand.map((interval) => ({ ...interval, target: interval.required }));
    const part = { problem, set, people: everyone, demand };
    return improvePlan({ ...part, chosen: greedyFill(part) })
      .map((candidate) =>
        describeShift({
          userId: problem.people[candidate.person]!.id,
          date: candidate.template.date,
          startTime: candidate.template.startTime,
        }),
      )
      .sort();
  };

  it('keeps the quick plan, and says so, when HiGHS has no solution', async () => {
    const problem = week();
    const answer = await solveRoster(
      problem,
      { timeLimitSeconds: 5 },
      () => new HighsWorker({ url: FAKE, workerData: { mode: 'no-solution' } }),
    );
    expect(answer.shifts.map(describeShift).sort()).toEqual(quickPlan(problem));
    expect(answer.shifts).toHaveLength(4); // 16 h each at most
    expect(answer.result.outcome).toBe('time_limit');
    expect(answer.result.notes.join(' ')).toContain('found no plan (HiGHS: Solve error)');
  });

  it('stops a worker that overruns, and keeps the best plan known', async () => {
    const problem = week();
    const started = performance.now();
    const answer = await solveRoster(
      problem,
      { timeLimitSeconds: 1 },
      () => new HighsWorker({ url: FAKE, workerData: { mode: 'slow' }, hardStop: () => 0.3 }),
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.shifts.map(describeShift).sort()).toEqual(quickPlan(problem));
    expect(answer.result.outcome).toBe('time_limit');
    expect(answer.result.notes.join(' ')).toContain('did not stop within 0 s');
  });

  it('fails the run, saying why, when the worker answers an error', async () => {
    await expect(
      solveRoster(
        week(),
        { timeLimitSeconds: 5 },
        () => new HighsWorker({ url: FAKE, workerData: { mode: 'error' } }),
      ),
    ).rejects.toThrow('The auto-fill solver failed: HiGHS: boom');
  });

  it('fails the run when the worker thread dies', async () => {
    await expect(
      solveRoster(
        week(),
        { timeLimitSeconds: 5 },
        () => new HighsWorker({ url: FAKE, workerData: { mode: 'crash' } }),
      ),
    ).rejects.toThrow('the HiGHS worker stopped unexpectedly (exit code 3)');
  });
});

describe('the hard stop', () => {
  it('terminates a worker that never answers, after the hard stop', async () => {
    const worker = new HighsWorker({
      url: FAKE,
      workerData: { mode: 'slow' },
      hardStop: (limit) => limit * 0.2,
    });
    const started = performance.now();
    await expect(worker.solve('', { time_limit: 1 })).rejects.toThrow('did not stop within');
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(0.19);
    expect(seconds).toBeLessThan(3);
  });
});

describe('the candidate cap', () => {
  it('refuses, before building anything, a week whose settings give millions of candidates', async () => {
    // 500 people, 3 positions, starts every 15 min round the clock, 6 lengths.
    const base = week();
    const problem: RosterProblem = {
      ...base,
      shape: {
        ...base.shape,
        lengthsMinutes: [240, 300, 360, 420, 480, 600],
        startStepMinutes: 15,
        earliestStart: '00:00',
        latestEnd: '00:00',
      },
      demand: ['', 'A', 'B'].flatMap((position) =>
        base.demand.map((interval) => ({ ...interval, position })),
      ),
      people: Array.from({ length: 500 }, (_, index) =>
        person(`p${index}`, { positions: ['A', 'B'] }),
      ),
    };
    const started = performance.now();
    const refusal = await solveRoster(problem, { timeLimitSeconds: 5 }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(TooManyCandidates);
    expect((refusal as TooManyCandidates).count).toBeGreaterThan(1_000_000);
    expect((refusal as Error).message).toMatch(
      /^This week would need \d+ candidate shifts \(at most 400000\): use fewer shift lengths or a longer start step\.$/,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('leaves the benchmark’s 500-person week well under the cap', () => {
    const set = buildCandidates(sampleProblem({ people: 500, seed: 500 }));
    expect(set.candidates.length).toBeLessThan(MAX_CANDIDATES / 2);
  });
});

describe('a week under way', () => {
  it('plans no shift starting before notBefore', async () => {
    const problem = week();
    const tuesday = problem.weekDates[2]!;
    problem.notBefore = at(tuesday, '07:30');
    const set = buildCandidates(problem);
    expect(set.candidates.length).toBeGreaterThan(0);
    expect(set.candidates.every((candidate) => candidate.template.start >= problem.notBefore)).toBe(
      true,
    );
    const answer = await solveRoster(problem, { timeLimitSeconds: 5 });
    expect(answer.shifts.length).toBeGreaterThan(0);
    for (const shift of answer.shifts) {
      expect(at(shift.date, shift.startTime)).toBeGreaterThanOrEqual(problem.notBefore);
    }
    // Monday has passed: its demand stays short.
    expect(answer.shifts.some((shift) => shift.date === problem.weekDates[1])).toBe(false);
  });
});
