import { t } from '@lingui/core/macro';
import { formatDuration } from '@punchclock/shared/i18n/format';
import { buildCandidates, workSpans, type Candidate, type CandidateSet } from './candidates.ts';
import { emptyWeek, fitsWeek, greedyFill } from './greedy.ts';
import { improvePlan, planCost } from './local-search.ts';
import { buildModel, type DemandRow, type MinimumClamp } from './model.ts';
import { HighsWorker, SolveCancelled, SolveOverran, type HighsOutcome } from './run-highs.ts';
import type {
  LockedShift,
  RosterProblem,
  SolvedShift,
  SolveOptions,
  SolverAnswer,
  SolverResult,
  TimeSpan,
} from './types.ts';

/**
 * The auto-fill (#31 item 3, decision 0048): candidates → MIP → HiGHS in a worker → shifts.
 * A large team is solved in parts (people dealt round-robin into groups), each against the demand
 * the earlier parts left, sharing the time limit. Knows nothing of the database: runs.ts builds
 * the RosterProblem and writes the answer.
 */

/** Above this many people, or candidates, a week is solved in parts (see bench/demand.ts). */
export const PART_MAX_PEOPLE = 120;
export const PART_MAX_CANDIDATES = 40_000;

const HOUR = 3_600_000;

/** People dealt into groups of similar make-up (positions, cost), each small enough to solve. */
export function partitionPeople(problem: RosterProblem, set: CandidateSet): number[][] {
  const count = problem.people.length;
  const groups = Math.max(
    1,
    Math.ceil(count / PART_MAX_PEOPLE),
    Math.ceil(set.candidates.length / PART_MAX_CANDIDATES),
  );
  const order = problem.people
    .map((person, index) => ({ person, index }))
    .sort(
      (a, b) =>
        [...a.person.positions]
          .sort()
          .join(',')
          .localeCompare([...b.person.positions].sort().join(',')) ||
        a.person.hourlyCost - b.person.hourlyCost ||
        a.person.id.localeCompare(b.person.id),
    );
  const parts: number[][] = Array.from({ length: Math.min(groups, Math.max(1, count)) }, () => []);
  order.forEach(({ index }, rank) => parts[rank % parts.length]!.push(index));
  return parts.filter((part) => part.length > 0);
}

const samePosition = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Fraction of the interval that a shift's work covers. */
function coveredFraction(
  shift: { start: number; end: number; lunch: TimeSpan | null },
  interval: TimeSpan,
): number {
  let covered = 0;
  for (const span of workSpans(shift)) {
    covered += Math.max(0, Math.min(span.end, interval.end) - Math.max(span.start, interval.start));
  }
  return covered / (interval.end - interval.start);
}

/** Whether a shift of `position` counts for demand of `demanded` ('' counts every shift). */
const counts = (position: string, demanded: string) =>
  demanded === '' || samePosition(position, demanded);

/** People each demand interval gets from these shifts. */
function coverageBy(
  problem: RosterProblem,
  shifts: readonly { start: number; end: number; lunch: TimeSpan | null; position: string }[],
): number[] {
  const cover = problem.demand.map(() => 0);
  const sorted = [...shifts].sort((a, b) => a.start - b.start);
  problem.demand.forEach((interval, index) => {
    let people = 0;
    for (const shift of sorted) {
      if (shift.start >= interval.end) break;
      if (shift.end <= interval.start || !counts(shift.position, interval.position)) continue;
      people += coveredFraction(shift, interval);
    }
    cover[index] = people;
  });
  return cover;
}

const lockedShifts = (problem: RosterProblem): LockedShift[] =>
  problem.people.flatMap((person) => person.locked);

const chosenShape = (candidate: Candidate) => ({
  start: candidate.template.start,
  end: candidate.template.end,
  lunch: candidate.template.lunch,
  position: candidate.position,
});

function toSolvedShift(problem: RosterProblem, candidate: Candidate): SolvedShift {
  const { template } = candidate;
  return {
    userId: problem.people[candidate.person]!.id,
    date: template.date,
    startTime: template.startTime,
    endTime: template.endTime,
    lunchStart: template.lunchStart,
    lunchEnd: template.lunchEnd,
    breakDurationMins: problem.shape.breakDurationMins,
    position: candidate.position === '' ? null : candidate.position,
  };
}

export interface PartReport {
  outcome: HighsOutcome | null;
  seconds: number;
}

/** The result's figures for the chosen shifts, locked shifts counted in the coverage. */
export function summarise(
  problem: RosterProblem,
  set: CandidateSet,
  chosen: readonly Candidate[],
  context: {
    outcome: SolverResult['outcome'];
    seconds: number;
    parts: PartReport[];
    partCount: number;
    clamped: readonly MinimumClamp[];
    /** Said by the solve itself (a fallback, shifts left out). */
    notes?: readonly string[];
  },
): SolverResult {
  const locked = lockedShifts(problem).map((shift) => ({ ...shift }));
  const cover = coverageBy(problem, [...locked, ...chosen.map(chosenShape)]);
  let requiredHours = 0;
  let coveredHours = 0;
  let shortfallHours = 0;
  let overHours = 0;
  problem.demand.forEach((interval, index) => {
    const hours = (interval.end - interval.start) / HOUR;
    const people = cover[index] ?? 0;
    requiredHours += interval.required * hours;
    coveredHours += Math.min(interval.required, people) * hours;
    shortfallHours += Math.max(0, interval.required - people) * hours;
    overHours += Math.max(0, people - interval.required) * hours;
  });
  const labour = chosen.reduce((sum, candidate) => sum + candidate.labourCost, 0);
  const preferences = chosen.reduce((sum, candidate) => sum + candidate.preferNotCost, 0);
  const paidByPerson = [...set.lockedPaidMinutes];
  for (const candidate of chosen) {
    paidByPerson[candidate.person] =
      (paidByPerson[candidate.person] ?? 0) + candidate.template.paidMinutes;
  }
  const overtime = problem.people.reduce((sum, person, index) => {
    if (!person.overtime) return sum;
    const past = Math.max(0, (paidByPerson[index] ?? 0) - person.overtime.weeklyThresholdMinutes);
    return sum + (past / 60) * person.hourlyCost * person.overtime.premiumMultiplier;
  }, 0);
  const underCoverage = shortfallHours * problem.costs.underHour;
  const overCoverage = overHours * problem.costs.overHour;

  const notes: string[] = [];
  for (const clamp of context.clamped) {
    const name = problem.people[clamp.person]!.name;
    const wanted = formatDuration(Math.round(clamp.wantedMinutes));
    const reachable = formatDuration(Math.round(clamp.reachableMinutes));
    notes.push(
      t`${name}’s weekly minimum (${wanted} more) can’t be reached with their availability; at most ${reachable} could be planned.`,
    );
  }
  problem.people.forEach((person, index) => {
    const wanted = person.minWeekMinutes;
    const planned = paidByPerson[index] ?? 0;
    const isClamped = context.clamped.some((clamp) => clamp.person === index);
    if (!isClamped && wanted > 0 && planned + 1 < wanted && context.outcome !== 'cancelled') {
      const name = person.name;
      const short = formatDuration(Math.round(wanted - planned));
      notes.push(
        t`${name} is planned ${short} short of their weekly minimum (rest rules leave no room).`,
      );
    }
  });
  if (context.partCount > 1) {
    const parts = context.partCount;
    notes.push(
      t`The team was solved in ${parts} parts, one after the other; the gap is that of the parts, not of the whole week.`,
    );
  }
  notes.push(...(context.notes ?? []));

  const round = (value: number, digits = 2) => Number(value.toFixed(digits));
  return {
    outcome: context.outcome,
    shiftsAdded: chosen.length,
    requiredHours: round(requiredHours),
    coveredHours: round(coveredHours),
    shortfallHours: round(shortfallHours),
    overHours: round(overHours),
    coverage: requiredHours === 0 ? 1 : round(coveredHours / requiredHours, 4),
    cost: {
      labour: round(labour),
      overtime: round(overtime),
      underCoverage: round(underCoverage),
      overCoverage: round(overCoverage),
      preferences: round(preferences),
      total: round(labour + overtime + underCoverage + overCoverage + preferences),
    },
    gap: combinedGap(context.parts),
    seconds: round(context.seconds, 1),
    people: problem.people.length,
    candidateShifts: set.candidates.length,
    parts: context.partCount,
    notes,
  };
}

/**
 * Share of the time limit for the first MIP when the team is one part: at 100 people it betters
 * the locally improved start by nothing, but gives the bound; the rest is for improvement rounds.
 */
const MAIN_SHARE = 0.2;
/**
 * The same when the team is in parts: each part's MIP needs time to finish its root, or the
 * parts' bound is worthless (500 people: gap 46 % at 0.2, 2.9 % at 0.5, the same cost).
 */
const MAIN_SHARE_OF_PARTS = 0.5;
/** People re-solved together in one round, and a round's time at most. */
export const ROUND_PEOPLE = 10;
const ROUND_SECONDS = 5;
/** Seconds kept for the write-up after the last round (HiGHS may overrun a little). */
const ROUND_RESERVE_SECONDS = 1.5;

interface RoundsInput {
  problem: RosterProblem;
  set: CandidateSet;
  worker: HighsWorker;
  /** The plan so far; rounds replace a group's shifts in it, in place. */
  chosen: Candidate[];
  /** People each demand interval gets from locked shifts. */
  lockedCover: readonly number[];
  /** In elapsed() seconds. */
  deadline: number;
  elapsed: () => number;
  gapTolerance: number;
  onRound: () => void;
}

/**
 * Large-neighbourhood rounds: a few people at a time (a seeded shuffle, so every one comes up),
 * their week re-solved by HiGHS against the demand everyone else's plan leaves, from their
 * current shifts as the start, then improved locally. A group's MIP is small enough to branch,
 * which the whole team's is not. Answers what the plan's cost fell by (model units), and the
 * overrun that stopped the rounds, if HiGHS overran.
 */
async function improveByRounds(
  input: RoundsInput,
): Promise<{ saved: number; overran: SolveOverran | null }> {
  const { problem, set, worker, chosen, elapsed } = input;
  const random = seeded(0x2545f491);
  let order = shuffled(
    random,
    problem.people
      .map((_, index) => index)
      .filter((index) => set.byPersonDay[index]?.some((day) => day.length > 0)),
  );
  const size = Math.min(ROUND_PEOPLE, order.length);
  let saved = 0;
  let next = 0;
  while (size > 0 && input.deadline - elapsed() >= 2) {
    // Each time round the team, new groups (the same ones again would find little more).
    if (next + size > order.length) {
      order = shuffled(random, order);
      next = 0;
    }
    const people = order.slice(next, next + size);
    next += size;
    const group = new Set(people);
    const others = chosen.filter((candidate) => !group.has(candidate.person));
    const current = chosen.filter((candidate) => group.has(candidate.person));
    const othersCover = coverageBy(problem, others.map(chosenShape));
    const demand: DemandRow[] = problem.demand.map((interval, index) => ({
      start: interval.start,
      end: interval.end,
      position: interval.position,
      target: Math.max(
        0,
        interval.required - (input.lockedCover[index] ?? 0) - (othersCover[index] ?? 0),
      ),
    }));
    const part = { problem, set, people, demand };
    const before = planCost({ ...part, chosen: current });
    const model = buildModel(part);
    let outcome: HighsOutcome;
    try {
      outcome = await worker.solve(
        model.lp,
        {
          time_limit: Math.max(1, Math.min(ROUND_SECONDS, input.deadline - elapsed())),
          mip_rel_gap: input.gapTolerance,
        },
        { start: current.map((candidate) => `x${candidate.index}`) },
      );
    } catch (error) {
      // HiGHS overran and its worker is gone: the plan so far stands.
      if (error instanceof SolveOverran) return { saved, overran: error };
      throw error;
    }
    // No solution, or shifts that break a rule: the group keeps its current plan.
    const answer = readHighsAnswer(problem, set, model.candidates, outcome);
    const solved = answer && answer.dropped.length === 0 ? answer.chosen : [];
    const better =
      solved.length > 0 && planCost({ ...part, chosen: solved }) < before ? solved : current;
    const improved = improvePlan({ ...part, chosen: better });
    const after = planCost({ ...part, chosen: improved });
    if (after < before - 1e-6) {
      saved += before - after;
      chosen.splice(0, chosen.length, ...others, ...improved);
    }
    input.onRound();
  }
  return { saved, overran: null };
}

/** A seeded generator (an LCG; the same week gives the same plan, time allowing). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state >>> 8;
  };
}

function shuffled(random: () => number, values: readonly number[]): number[] {
  const result = [...values];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = random() % (i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * Keeps the shifts that pass the greedy's own rule check (one shift a day, the week's paid
 * maximum and 48 hours, rest with the days either side), a person's days in order; drops the
 * rest. A safety net: the MIP states the same rules, so it should never drop anything.
 */
export function keepRules(
  problem: RosterProblem,
  set: CandidateSet,
  chosen: readonly Candidate[],
): { kept: Candidate[]; dropped: Candidate[] } {
  const kept: Candidate[] = [];
  const dropped: Candidate[] = [];
  const weeks = new Map<number, ReturnType<typeof emptyWeek>>();
  const ordered = [...chosen].sort(
    (a, b) => a.person - b.person || a.template.day - b.template.day || a.index - b.index,
  );
  for (const candidate of ordered) {
    let week = weeks.get(candidate.person);
    if (!week) {
      week = emptyWeek(problem, set, candidate.person);
      weeks.set(candidate.person, week);
    }
    const isKnown = set.candidates[candidate.index] === candidate;
    if (!isKnown || week.byDay[candidate.template.day] || !fitsWeek(set, week, candidate)) {
      dropped.push(candidate);
      continue;
    }
    week.byDay[candidate.template.day] = candidate;
    week.paid += candidate.template.paidMinutes;
    week.work += candidate.template.weekWorkMinutes;
    kept.push(candidate);
  }
  return { kept, dropped };
}

/**
 * The shifts in HiGHS's answer, rule-checked; null when HiGHS holds no feasible solution (an
 * error status, infeasible, nothing found in the time): the caller keeps its own plan then.
 */
export function readHighsAnswer(
  problem: RosterProblem,
  set: CandidateSet,
  candidates: readonly Candidate[],
  outcome: Pick<HighsOutcome, 'hasSolution' | 'values'>,
): { chosen: Candidate[]; dropped: Candidate[] } | null {
  if (!outcome.hasSolution) return null;
  const solved = candidates.filter(
    (candidate) => (outcome.values[`x${candidate.index}`] ?? 0) > 0.5,
  );
  const { kept, dropped } = keepRules(problem, set, solved);
  return { chosen: kept, dropped };
}

/** The note for shifts a rule check left out (never expected: see keepRules). */
function droppedNote(count: number): string {
  return t`${count} shifts the solver chose broke a scheduling rule and were left out.`;
}

/** The parts' gap together: (Σ primal − Σ dual) / Σ primal, or the largest gap read. */
function combinedGap(parts: readonly PartReport[]): number | null {
  const solved = parts.flatMap((part) => (part.outcome ? [part.outcome] : []));
  if (solved.length === 0) return null;
  let primal = 0;
  let dual = 0;
  for (const outcome of solved) {
    if (
      outcome.status === 'Optimal' &&
      (outcome.primalBound === null || outcome.dualBound === null)
    ) {
      primal += outcome.objective;
      dual += outcome.objective;
    } else if (outcome.primalBound !== null && outcome.dualBound !== null) {
      primal += outcome.primalBound;
      dual += outcome.dualBound;
    } else {
      const gaps = solved.map((each) => each.gap).filter((gap): gap is number => gap !== null);
      return gaps.length > 0 ? Math.max(...gaps) : null;
    }
  }
  if (Math.abs(primal) < 1e-9) return 0;
  return Number(Math.max(0, (primal - dual) / Math.abs(primal)).toFixed(4));
}

/**
 * Fills the open days of a roster week from its demand. Never infeasible (coverage and the weekly
 * minimum have slack); aborting answers `cancelled` with no shifts.
 */
export async function solveRoster(
  problem: RosterProblem,
  options: SolveOptions,
  /** For tests: a fake worker (slow, failing). */
  createWorker: () => HighsWorker = () => new HighsWorker(),
): Promise<SolverAnswer> {
  const startedAt = performance.now();
  const elapsed = () => (performance.now() - startedAt) / 1000;
  const set = buildCandidates(problem);
  const parts = partitionPeople(problem, set);
  const noParts: PartReport[] = [];
  const finish = (
    outcome: SolverResult['outcome'],
    chosen: Candidate[],
    reports: PartReport[],
    clamped: MinimumClamp[],
    notes: readonly string[] = [],
  ): SolverAnswer => ({
    result: summarise(problem, set, chosen, {
      outcome,
      seconds: elapsed(),
      parts: reports,
      partCount: parts.length,
      clamped,
      notes,
    }),
    shifts:
      outcome === 'cancelled' ? [] : chosen.map((candidate) => toSolvedShift(problem, candidate)),
  });

  const requiredTotal = problem.demand.reduce((sum, interval) => sum + interval.required, 0);
  if (requiredTotal <= 0 || set.candidates.length === 0)
    return finish('nothing_to_fill', [], noParts, []);
  if (options.signal?.aborted) return finish('cancelled', [], noParts, []);

  // What is still wanted after the locked shifts, interval by interval.
  const lockedCover = coverageBy(problem, lockedShifts(problem));
  const residual = problem.demand.map((interval, index) =>
    Math.max(0, interval.required - (lockedCover[index] ?? 0)),
  );

  const worker = createWorker();
  /** Set when HiGHS overran and its worker was terminated: the rest is planned without it. */
  let overran: SolveOverran | null = null;
  const notes: string[] = [];
  let droppedCount = 0;
  const abort = () => void worker.terminate();
  options.signal?.addEventListener('abort', abort, { once: true });
  const reports: PartReport[] = [];
  const chosen: Candidate[] = [];
  const clamped: MinimumClamp[] = [];
  let lastGap: number | null = null;
  let partStartedAt = elapsed();
  let partLimit = options.timeLimitSeconds;
  const report = (partsDone: number) => {
    const within = partLimit > 0 ? Math.min(1, (elapsed() - partStartedAt) / partLimit) : 1;
    options.onProgress?.({
      elapsedSeconds: Number(elapsed().toFixed(1)),
      percent: Math.min(99, Math.floor(((partsDone + within) / parts.length) * 100)),
      gap: lastGap,
    });
  };
  // Part of the time for the parts; the rest goes to rounds that re-solve a few people at a time
  // against everyone else's plan (a large part stops at the root: see docs/benchmarks.md).
  const mainBudget =
    options.timeLimitSeconds * (parts.length > 1 ? MAIN_SHARE_OF_PARTS : MAIN_SHARE);
  try {
    let peopleLeft = parts.reduce((sum, part) => sum + part.length, 0);
    for (const [partIndex, people] of parts.entries()) {
      // Each part asks for its share of what is still wanted; the last part for all of it.
      const share = peopleLeft > 0 ? people.length / peopleLeft : 1;
      peopleLeft -= people.length;
      const demand: DemandRow[] = problem.demand.map((interval, index) => ({
        start: interval.start,
        end: interval.end,
        position: interval.position,
        target: (residual[index] ?? 0) * share,
      }));
      const model = buildModel({ problem, set, people, demand });
      clamped.push(...model.clamped);
      partStartedAt = elapsed();
      const remaining = Math.max(1, mainBudget - partStartedAt);
      partLimit = remaining / (parts.length - partIndex);
      if (model.candidates.length === 0) {
        reports.push({ outcome: null, seconds: 0 });
        continue;
      }
      lastGap = null;
      // The MIP's start: the greedy fill, improved locally (HiGHS rarely betters it at the root).
      const part = { problem, set, people, demand };
      const startPlan = improvePlan({
        ...part,
        chosen: greedyFill(part),
        // A tenth of the part's time at most (a 100-person week takes a fraction of a second).
        deadline: performance.now() + partLimit * 100,
      });
      const start = startPlan.map((candidate) => `x${candidate.index}`);
      const ticker = setInterval(() => report(partIndex), 1000);
      let outcome: HighsOutcome | null = null;
      try {
        if (!overran) {
          outcome = await worker.solve(
            model.lp,
            // HiGHS overruns its limit by up to a round of cuts: keep a tenth in hand.
            {
              time_limit: Math.max(1, partLimit * 0.9),
              mip_rel_gap: options.gapTolerance ?? 0.01,
            },
            {
              start,
              onGap: (gap) => {
                lastGap = gap;
              },
            },
          );
        }
      } catch (error) {
        if (!(error instanceof SolveOverran)) throw error;
        overran = error;
      } finally {
        clearInterval(ticker);
      }
      const answer = outcome && readHighsAnswer(problem, set, model.candidates, outcome);
      droppedCount += answer?.dropped.length ?? 0;
      const solved = answer?.chosen ?? [];
      if (outcome && !answer) {
        const status = outcome.status;
        const number = partIndex + 1;
        notes.push(
          parts.length > 1
            ? t`The solver found no plan for part ${number} of the team (HiGHS: ${status}); that part keeps the quick plan, which keeps every rule.`
            : t`The solver found no plan (HiGHS: ${status}); this is the quick plan, which keeps every rule.`,
        );
      }
      // HiGHS's answer improved the same way (it keeps the start unless it finds better, but an
      // answer without values, or a worse one, falls back to the start).
      const better =
        solved.length > 0 &&
        planCost({ ...part, chosen: solved }) <= planCost({ ...part, chosen: startPlan })
          ? solved
          : startPlan;
      const picked = improvePlan({ ...part, chosen: better });
      // The gap is that of the plan kept, against the bound HiGHS proved.
      const kept = planCost({ ...part, chosen: picked });
      reports.push({
        outcome: outcome
          ? {
              ...outcome,
              primalBound:
                outcome.primalBound === null ? kept : Math.min(outcome.primalBound, kept),
            }
          : // No HiGHS for this part (it overran): no bound, not optimal.
            {
              status: 'Not run',
              hasSolution: false,
              objective: kept,
              values: {},
              primalBound: kept,
              dualBound: null,
              gap: null,
            },
        seconds: elapsed() - partStartedAt,
      });
      chosen.push(...picked);
      const pickedCover = coverageBy(problem, picked.map(chosenShape));
      pickedCover.forEach((people, index) => {
        residual[index] = Math.max(0, (residual[index] ?? 0) - people);
      });
      report(partIndex + 1);
    }
    const isEveryPartOptimal = reports.every(
      (part) => part.outcome === null || part.outcome.status === 'Optimal',
    );
    if (!isEveryPartOptimal && !overran) {
      const rounds = await improveByRounds({
        problem,
        set,
        worker,
        chosen,
        lockedCover,
        deadline: options.timeLimitSeconds - ROUND_RESERVE_SECONDS,
        elapsed,
        gapTolerance: options.gapTolerance ?? 0.01,
        onRound: () =>
          options.onProgress?.({
            elapsedSeconds: Number(elapsed().toFixed(1)),
            percent: Math.min(99, Math.floor((elapsed() / options.timeLimitSeconds) * 100)),
            gap: lastGap,
          }),
      });
      overran = rounds.overran;
      const saved = rounds.saved;
      // The plan is cheaper by what the rounds saved: so is the parts' primal bound together.
      const last = reports.findLast((part) => part.outcome?.primalBound != null);
      if (last?.outcome?.primalBound != null) {
        last.outcome = { ...last.outcome, primalBound: last.outcome.primalBound - saved };
      }
    }
  } catch (error) {
    if (error instanceof SolveCancelled || options.signal?.aborted) {
      return finish('cancelled', [], reports, clamped);
    }
    // The worker failed (HiGHS threw, the thread crashed): the run fails, saying why.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The auto-fill solver failed: ${reason}`, { cause: error });
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await worker.terminate();
  }
  if (options.signal?.aborted) return finish('cancelled', [], reports, clamped);
  if (overran) {
    const seconds = Math.round(overran.seconds);
    notes.push(
      t`The solver did not stop within ${seconds} s and was stopped; this is the best plan found before then.`,
    );
  }
  // The last word on the rules, whatever produced the plan (it should never drop a shift).
  const checked = keepRules(problem, set, chosen);
  droppedCount += checked.dropped.length;
  if (droppedCount > 0) notes.push(droppedNote(droppedCount));
  const isOptimal = reports.every(
    (part) => part.outcome === null || part.outcome.status === 'Optimal',
  );
  return finish(isOptimal ? 'optimal' : 'time_limit', checked.kept, reports, clamped, notes);
}
