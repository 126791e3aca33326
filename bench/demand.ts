/**
 * The auto-fill (#31 item 5): a week of 100 people in 30-minute intervals within 30 s, and of
 * 500 people within 120 s (solved in parts). Baselines measured in the same run on the same
 * week: a greedy fill (coverage and cost; it is also the MIP's start), and HiGHS on the LP
 * relaxation of the whole week (a lower bound on the model's cost). Figures are reported, never
 * asserted. BENCH_DEMAND_SIZES=100,500 (default) picks the sizes.
 */
import { buildCandidates } from '../apps/server/src/features/demand/solver/candidates.ts';
import { greedyFill } from '../apps/server/src/features/demand/solver/greedy.ts';
import { improvePlan } from '../apps/server/src/features/demand/solver/local-search.ts';
import { buildModel } from '../apps/server/src/features/demand/solver/model.ts';
import { HighsWorker } from '../apps/server/src/features/demand/solver/run-highs.ts';
import { sampleProblem } from '../apps/server/src/features/demand/solver/sample-problem.ts';
import { solveRoster, summarise } from '../apps/server/src/features/demand/solver/solve.ts';

const LIMITS: Record<number, number> = { 100: 30, 500: 120 };

function sizes(): number[] {
  const text = process.env.BENCH_DEMAND_SIZES ?? '100,500';
  return text
    .split(',')
    .map((each) => Number(each.trim()))
    .filter((each) => each > 0);
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

export async function runDemandBench(): Promise<void> {
  console.log('\n# Auto-fill (demand planning): 7 days, 30-minute intervals, 07:00–22:00');
  for (const people of sizes()) {
    const limit = LIMITS[people] ?? Math.max(30, Math.round(people / 4));
    const problem = sampleProblem({ people, seed: people });

    // Baseline 1: the greedy fill of the whole week.
    let started = performance.now();
    const set = buildCandidates(problem);
    const demand = problem.demand.map((interval) => ({ ...interval, target: interval.required }));
    const everyone = problem.people.map((_, index) => index);
    const greedy = greedyFill({ problem, set, people: everyone, demand });
    const greedySeconds = (performance.now() - started) / 1000;
    const greedyResult = summarise(problem, set, greedy, {
      outcome: 'optimal',
      seconds: greedySeconds,
      parts: [],
      partCount: 1,
      clamped: [],
    });

    // The greedy fill improved by the local search alone (no MIP): what the MIP and rounds add.
    started = performance.now();
    const local = improvePlan({ problem, set, people: everyone, demand, chosen: greedy });
    const localResult = summarise(problem, set, local, {
      outcome: 'optimal',
      seconds: greedySeconds + (performance.now() - started) / 1000,
      parts: [],
      partCount: 1,
      clamped: [],
    });

    // Baseline 2: the LP relaxation of the whole week (binaries relaxed to 0–1).
    started = performance.now();
    const model = buildModel({ problem, set, people: everyone, demand });
    const relaxed = model.lp.replace(
      /\nBinary\n[\s\S]*?\nEnd/,
      `\nBounds\n${model.candidates.map((candidate) => ` x${candidate.index} <= 1`).join('\n')}\nEnd`,
    );
    const worker = new HighsWorker();
    const lp = await worker.solve(relaxed, { time_limit: limit });
    await worker.terminate();
    const lpSeconds = (performance.now() - started) / 1000;

    // The auto-fill itself.
    const answer = await solveRoster(problem, { timeLimitSeconds: limit });
    const result = answer.result;
    console.log(`\n## ${people} people (limit ${limit} s)`);
    console.log(
      `candidates ${result.candidateShifts}, model rows ${model.rows}, LP text ${fixed(model.lp.length / 1e6)} MB, parts ${result.parts}`,
    );
    console.log(`required ${fixed(result.requiredHours)} person-hours`);
    // Every row of the sample is reachable, so the LP's objective is a bound on the whole cost.
    console.log(
      '| plan | seconds | shortfall h | over h | coverage | cost | cost / greedy | cost / LP bound | gap |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    const row = (name: string, figures: typeof result, gap: string) =>
      console.log(
        `| ${name} | ${fixed(figures.seconds)} | ${fixed(figures.shortfallHours)} | ${fixed(figures.overHours)} | ${fixed(figures.coverage * 100)} % | ${fixed(figures.cost.total, 0)} | ${fixed(figures.cost.total / greedyResult.cost.total, 3)} | ${fixed(figures.cost.total / lp.objective, 3)} | ${gap} |`,
      );
    row('greedy fill', greedyResult, '–');
    row('greedy + local search', localResult, '–');
    row(
      `auto-fill (${result.outcome})`,
      result,
      result.gap === null ? '–' : `${fixed(result.gap * 100, 2)} %`,
    );
    console.log(
      `LP relaxation: ${lp.status} in ${fixed(lpSeconds)} s, model objective ${fixed(lp.objective, 0)} (a lower bound for one part; the MIP's costs include fixed shortfall the model leaves out)`,
    );
  }
}
