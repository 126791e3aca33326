// The auto-fill's problem and answer (#31 item 3, decision 0048). The loader (runs.ts) builds a
// RosterProblem from the database; the solver (solve.ts) knows nothing of the database. Every
// instant is epoch milliseconds, so DST days have their real length.
import type { SolverResult } from '@punchclock/shared/contracts/demand';

export type { SolverResult };

/** A span of real time, epoch ms, end exclusive. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** People needed in one interval, for one position ('' = anyone of the team). */
export interface DemandInterval extends TimeSpan {
  position: string;
  required: number;
}

/** The shifts the solver may build (from the team's demand settings). */
export interface ShiftShape {
  /** Lengths in minutes, unpaid lunch included. */
  lengthsMinutes: number[];
  startStepMinutes: number;
  /** "HH:mm" business time; a latest end not after the earliest start is the next day. */
  earliestStart: string;
  latestEnd: string;
  /** Unpaid lunch in the middle of shifts of 6 h or more; 0: none. */
  lunchMinutes: number;
  breakDurationMins: number;
}

/** A shift already on the board (any state but deleted): it stays, and the rules count it. */
export interface LockedShift extends TimeSpan {
  /** Business day it starts. */
  date: string;
  paidMinutes: number;
  /** Unpaid lunch, if any (not coverage). */
  lunch: TimeSpan | null;
  /** '' when the shift names no position. */
  position: string;
}

export interface ProblemPerson {
  id: string;
  name: string;
  /** Positions held; a person covers '' demand whatever they hold. */
  positions: string[];
  /** Labour cost of a paid hour (their pay rate; the team's average where they have none). */
  hourlyCost: number;
  /**
   * Weekly overtime under their pay rules: paid minutes past `weeklyThresholdMinutes` cost
   * `premiumMultiplier` × hourlyCost more (0.5 for time and a half). Null: none.
   */
  overtime: { weeklyThresholdMinutes: number; premiumMultiplier: number } | null;
  /** Paid minutes in the (Sunday-started) week, locked shifts included. */
  minWeekMinutes: number;
  maxWeekMinutes: number;
  /** Hard: availability "unavailable" and time off (approved or pending). No shift may touch it. */
  unavailable: TimeSpan[];
  /** Soft: "prefer not" availability; a shift touching it costs `costs.preferNotShift`. */
  preferNot: TimeSpan[];
  /** Board shifts in the week and the days around it (for rest between shifts). */
  locked: LockedShift[];
}

/** The ESA rules (decision 0047's conflict rules), in minutes. */
export interface HardRules {
  /** 11 h consecutive off in each 24 h from a day's first shift. */
  dailyRestMinutes: number;
  /** 8 h between shifts. */
  betweenShiftsMinutes: number;
  /** 48 h in the Sunday-started week. */
  weeklyMaxMinutes: number;
}

export interface RosterProblem {
  teamId: string;
  timeZone: string;
  /** The 7 business days, Sunday first. */
  weekDates: string[];
  shape: ShiftShape;
  demand: DemandInterval[];
  people: ProblemPerson[];
  costs: { underHour: number; overHour: number; preferNotShift: number };
  rules: HardRules;
  /** Epoch ms: no shift may start before it (the loader's now: a week under way keeps its past). */
  notBefore: number;
}

/** A shift the solver chose, in the roster's own terms (becomes a draft on the board). */
export interface SolvedShift {
  userId: string;
  date: string;
  startTime: string;
  endTime: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  breakDurationMins: number;
  /** Null when it covers whole-team demand. */
  position: string | null;
}

export interface SolverProgress {
  elapsedSeconds: number;
  /** 0–100, by time used and parts done. */
  percent: number;
  gap: number | null;
}

export interface SolveOptions {
  timeLimitSeconds: number;
  /** Relative gap at which the solver may stop (default 0.01). */
  gapTolerance?: number;
  onProgress?: (progress: SolverProgress) => void;
  /** Aborting stops the solver; the answer is then `cancelled` with no shifts. */
  signal?: AbortSignal;
}

/** The solver's answer: the result the run stores, and the shifts to write. */
export interface SolverAnswer {
  result: SolverResult;
  shifts: SolvedShift[];
}
