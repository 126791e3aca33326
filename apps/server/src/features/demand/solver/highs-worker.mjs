// @ts-check
/**
 * The HiGHS worker (#31, decision 0048): solves LP-format models sent by run-highs.ts off the
 * server's event loop. Plain JavaScript so the same file runs under tsx/vitest in development and
 * beside the bundle in production (scripts/build.mjs copies it to apps/server/dist). It knows
 * nothing of rosters: LP text in, the solver's status, bounds and non-zero columns out; every
 * line HiGHS prints is forwarded so the parent can read progress (the gap) from the log.
 * Messages: see HighsRequest / HighsReply in run-highs.ts.
 */
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('highs-worker.mjs runs only as a worker thread');
const port = parentPort;

const { default: loadHighs } = await import('highs');
const highs = await loadHighs({
  print: (line) => port.postMessage({ kind: 'log', line }),
  printErr: (line) => port.postMessage({ kind: 'log', line }),
});

/** HiGHS's model status codes (ModelStatusCode in highs/types.d.ts) as the legacy API names them. */
const STATUS = /** @type {Record<number, string>} */ ({
  0: 'Not set',
  1: 'Load error',
  2: 'Model error',
  3: 'Presolve error',
  4: 'Solve error',
  5: 'Postsolve error',
  6: 'Empty',
  7: 'Optimal',
  8: 'Infeasible',
  9: 'Primal infeasible or unbounded',
  10: 'Unbounded',
  11: 'Objective bound reached',
  12: 'Objective target reached',
  13: 'Time limit reached',
  14: 'Iteration limit reached',
  15: 'Unknown',
  16: 'Solution limit reached',
  17: 'Interrupted',
});
/** primal_solution_status 2: a feasible primal solution (highs.constants.solutionStatus). */
const FEASIBLE = 2;

port.on(
  'message',
  (
    /** @type {{ id: number, lp: string, options: Record<string, number | boolean | string>, start: string[] | null }} */ request,
  ) => {
    let model;
    try {
      model = highs.createModel({ format: 'lp', data: request.lp });
      model.options.set({ ...request.options, output_flag: true, log_to_console: true });
      const count = model.getDimensions().numCols;
      /** @type {string[]} */
      const names = [];
      for (let index = 0; index < count; index += 1) names.push(model.getColName(index));
      if (request.start) {
        // A MIP start: the binaries named are 1, every other x column 0; HiGHS completes the
        // continuous columns itself.
        const ones = new Set(request.start);
        /** @type {number[]} */
        const indices = [];
        /** @type {number[]} */
        const values = [];
        names.forEach((name, index) => {
          if (!name.startsWith('x')) return;
          indices.push(index);
          values.push(ones.has(name) ? 1 : 0);
        });
        model.setSolution({ indices, values });
      }
      // HiGHS checks its own time limit only between rounds of cuts (seconds apart on a large
      // week); its interrupt checkpoints come more often, so stop there at the deadline too.
      const limit = Number(request.options.time_limit ?? Infinity);
      const deadline = performance.now() + limit * 1000;
      let isInterrupted = false;
      model.run({
        [highs.constants.callbackType.mipInterrupt]: (event) => {
          if (performance.now() >= deadline) {
            isInterrupted = true;
            event.interrupt();
          }
        },
      });
      const code = model.getModelStatus();
      // Interrupted by the deadline above is the time limit by another road.
      const status =
        isInterrupted && code === 17 ? 'Time limit reached' : (STATUS[code] ?? `Status ${code}`);
      /** @type {Record<string, number>} */
      const solved = {};
      let objective = Number.NaN;
      // Values are read only when HiGHS says they form a feasible solution: after an error or
      // an infeasible end the buffers may hold anything (decision 0048; the parent falls back).
      let hasSolution = false;
      try {
        hasSolution = Number(model.info.get('primal_solution_status')) === FEASIBLE;
      } catch {
        // Not available (no solve took place): no solution.
      }
      if (hasSolution) {
        try {
          const { colValue } = model.getSolution();
          objective = model.getObjectiveValue();
          colValue.forEach((value, index) => {
            // Only what is set: a week of 100 people has tens of thousands of columns at zero.
            if (Math.abs(value) > 1e-9) solved[names[index] ?? ''] = value;
          });
        } catch {
          hasSolution = false;
        }
      }
      port.postMessage({
        kind: 'solution',
        id: request.id,
        status,
        hasSolution,
        objective,
        values: hasSolution ? solved : {},
      });
    } catch (error) {
      port.postMessage({
        kind: 'error',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      model?.dispose();
    }
  },
);
port.postMessage({ kind: 'ready' });
