import { Worker } from 'node:worker_threads';

/**
 * HiGHS in a worker thread (#31, decision 0048): a solve is one synchronous WebAssembly call that
 * can take a minute, so it runs in highs-worker.mjs and the server's event loop stays free.
 * Progress comes from the solver's own log (the branch-and-bound table's gap column), and an
 * abort terminates the thread: HiGHS cannot be interrupted from inside a synchronous call.
 */

/** What the worker is sent: one LP-format model and HiGHS options. */
export interface HighsRequest {
  id: number;
  lp: string;
  options: Record<string, number | boolean | string>;
  /** A MIP start: the x columns set to 1 (every other x column 0); null: none. */
  start: string[] | null;
}

/** What the worker sends back. */
export type HighsReply =
  | { kind: 'ready' }
  | { kind: 'log'; line: string }
  | {
      kind: 'solution';
      id: number;
      status: string;
      /** Whether HiGHS holds a feasible primal solution (its primal_solution_status). */
      hasSolution: boolean;
      objective: number;
      values: Record<string, number>;
    }
  | { kind: 'error'; id: number; message: string };

export interface HighsOutcome {
  /** HiGHS's model status ("Optimal", "Time limit reached", …). */
  status: string;
  /**
   * Whether HiGHS found a feasible solution. When false (an error, infeasible, nothing found in
   * the time), `values` is empty and the caller must plan without HiGHS.
   */
  hasSolution: boolean;
  objective: number;
  /** Non-zero columns by name (empty without a solution). */
  values: Record<string, number>;
  /** From the solving report; null when HiGHS printed none (e.g. an LP). */
  primalBound: number | null;
  dualBound: number | null;
  /** Relative gap, 0.01 = 1 %; null when not known. */
  gap: number | null;
}

export class SolveCancelled extends Error {
  constructor() {
    super('solve cancelled');
  }
}

/** HiGHS ran past its own time limit and the parent's hard stop; the worker was terminated. */
export class SolveOverran extends Error {
  constructor(readonly seconds: number) {
    super(`HiGHS did not stop within ${seconds.toFixed(0)} s; the worker was terminated`);
  }
}

/**
 * How long the parent waits for one solve before it terminates the worker: HiGHS checks its
 * limit only between phases (presolve does not call back), so a model can run well past it.
 */
export function hardStopSeconds(timeLimitSeconds: number): number {
  return timeLimitSeconds * 1.2 + 10;
}

const WORKER_URL = new URL('./highs-worker.mjs', import.meta.url);

/** "12.34%" in a line of the B&B table (the gap column), or "Gap  0.5% (tolerance …" at the end. */
const TABLE_GAP = /\s(\d+(?:\.\d+)?)%\s+\d+\s+\d+\s+\d+\s+\d+\s+\S+s\s*$/;
const REPORT_GAP = /^\s*Gap\s+(\d+(?:\.\d+)?(?:e[-+]?\d+)?)%/i;
const REPORT_PRIMAL = /^\s*Primal bound\s+(\S+)/;
const REPORT_DUAL = /^\s*Dual bound\s+(\S+)/;

/** The relative gap a HiGHS log line reports, or null when it reports none. */
export function gapOfLogLine(line: string): number | null {
  const match = REPORT_GAP.exec(line) ?? TABLE_GAP.exec(line);
  return match ? Number(match[1]) / 100 : null;
}

/** One worker, loaded once, solving models one after the other (the parts of a decomposition). */
export class HighsWorker {
  private readonly worker: Worker;
  private readonly ready: Promise<void>;
  private nextId = 1;
  private onLine: ((line: string) => void) | null = null;
  private pending: {
    id: number;
    resolve: (reply: Extract<HighsReply, { kind: 'solution' }>) => void;
    reject: (error: Error) => void;
  } | null = null;
  private failure: Error | null = null;
  private isStopping = false;
  private readonly hardStop: (timeLimitSeconds: number) => number;

  /** `url` and `hardStop` are for tests (a fake slow worker, a short stop). */
  constructor(
    options: { url?: URL; workerData?: unknown; hardStop?: (limit: number) => number } = {},
  ) {
    this.hardStop = options.hardStop ?? hardStopSeconds;
    this.worker = new Worker(options.url ?? WORKER_URL, { workerData: options.workerData });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (reply: HighsReply) => {
        if (reply.kind === 'ready') resolve();
        else if (reply.kind === 'log') this.onLine?.(reply.line);
        else if (this.pending && reply.id === this.pending.id) {
          const pending = this.pending;
          this.pending = null;
          if (reply.kind === 'solution') pending.resolve(reply);
          else pending.reject(new Error(`HiGHS: ${reply.message}`));
        }
      });
      const fail = (error: Error) => {
        this.failure ??= error;
        reject(error);
        this.pending?.reject(error);
        this.pending = null;
      };
      this.worker.on('error', fail);
      // Terminated (an abort) or gone: whatever was pending will not be answered. A thread that
      // ends unasked crashed: an error, so the run fails rather than reads as cancelled.
      this.worker.on('exit', (code) =>
        fail(
          this.isStopping
            ? new SolveCancelled()
            : new Error(`the HiGHS worker stopped unexpectedly (exit code ${code})`),
        ),
      );
    });
    // A rejection before anyone awaits (terminate during load) must not be unhandled.
    this.ready.catch(() => undefined);
  }

  /** Solves one model; `onGap` hears each gap the log reports while it runs. */
  async solve(
    lp: string,
    options: Record<string, number | boolean | string>,
    extra: { start?: string[] | null; onGap?: (gap: number) => void } = {},
  ): Promise<HighsOutcome> {
    await this.ready;
    if (this.failure) throw this.failure;
    let primalBound: number | null = null;
    let dualBound: number | null = null;
    let gap: number | null = null;
    this.onLine = (line) => {
      const primal = REPORT_PRIMAL.exec(line);
      if (primal) primalBound = Number(primal[1]);
      const dual = REPORT_DUAL.exec(line);
      if (dual) dualBound = Number(dual[1]);
      const lineGap = gapOfLogLine(line);
      if (lineGap !== null) {
        gap = lineGap;
        extra.onGap?.(lineGap);
      }
    };
    const id = this.nextId++;
    const limit = Number(options.time_limit ?? Number.POSITIVE_INFINITY);
    let timer: NodeJS.Timeout | undefined;
    let reply: Extract<HighsReply, { kind: 'solution' }>;
    try {
      reply = await new Promise<Extract<HighsReply, { kind: 'solution' }>>((resolve, reject) => {
        this.pending = { id, resolve, reject };
        if (Number.isFinite(limit)) {
          const seconds = this.hardStop(limit);
          timer = setTimeout(() => {
            const error = new SolveOverran(seconds);
            this.failure ??= error;
            this.pending = null;
            reject(error);
            void this.terminate();
          }, seconds * 1000);
        }
        this.worker.postMessage({
          id,
          lp,
          options,
          start: extra.start ?? null,
        } satisfies HighsRequest);
      });
    } finally {
      clearTimeout(timer);
      this.onLine = null;
    }
    const finite = (value: number | null) =>
      value !== null && Number.isFinite(value) ? value : null;
    return {
      status: reply.status,
      hasSolution: reply.hasSolution,
      objective: reply.objective,
      values: reply.hasSolution ? reply.values : {},
      primalBound: finite(primalBound),
      dualBound: finite(dualBound),
      gap,
    };
  }

  /** Stops the thread, a solve in progress included (its promise rejects with SolveCancelled). */
  async terminate(): Promise<void> {
    this.isStopping = true;
    await this.worker.terminate();
  }
}
