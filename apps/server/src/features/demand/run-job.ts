// The auto-fill job (#31 item 3): any instance claims a queued run (`for update skip locked`),
// builds the problem from the database, solves it (in the solver's worker thread) while saving a
// heartbeat and the progress about once a second, and writes the chosen shifts as drafts in one
// transaction. A run whose heartbeat stops (its instance died) is failed by any instance.
import { plural, t } from '@lingui/core/macro';
import type { FastifyBaseLogger } from 'fastify';
import type { SolverResult } from '@punchclock/shared/contracts/demand';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { findShiftConflicts } from '@punchclock/shared/domain/roster/conflicts';
import type { RosterShift } from '@punchclock/shared/domain/roster/shift';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { withLocale } from '../../platform/i18n.ts';
import type { JobRunner } from '../../platform/job-runner.ts';
import { notifyLiveToRole } from '../../platform/live-events.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { findLanguages } from '../notification-store/index.ts';
import { findActiveLock } from '../period-locks/index.ts';
import { findShiftOfPersonOn, insertShift, loadPlanContexts } from '../rosters/index.ts';
import { loadRosterProblem } from './problem-loader.ts';
import { listTeamMembers } from './problem-repository.ts';
import { announceDemandChanged } from './planning.ts';
import { RUN_FAILED, RUN_LOCKED, RUN_STALE, tooManyCandidatesError } from './runs.ts';
import { TooManyCandidates } from './solver/candidates.ts';
import {
  beatRun,
  claimQueuedRun,
  failStaleRuns,
  finishRun,
  lockRun,
  requeueRun,
  type SolverRunRow,
} from './runs-repository.ts';
import type { RosterProblem, SolveOptions, SolverAnswer, SolvedShift } from './solver/types.ts';

/** The solver (solver/solve.ts's solveRoster), passed in so the job does not depend on it. */
export type SolveRoster = (problem: RosterProblem, options: SolveOptions) => Promise<SolverAnswer>;

/** Where the job reports what went wrong: the app's log (JobContext's), never the console. */
export type RunJobLog = Pick<FastifyBaseLogger, 'error'>;

export interface RunJobOptions {
  /** How often the heartbeat and progress are saved (and a cancel looked for). */
  heartbeatMs?: number;
  /** Aborted when the instance shuts down: the run goes back to the queue for another one. */
  shutdown?: AbortSignal;
}

const HEARTBEAT_MS = 1_000;

/** Every 2 s: fail silent runs, then solve the oldest queued one (one at a time per instance). */
export function scheduleSolverRuns(
  jobs: JobRunner,
  db: Db,
  config: AppConfig,
  solve: SolveRoster,
  log: RunJobLog,
): void {
  const shutdown = new AbortController();
  jobs.every('solver-runs', 2_000, () =>
    processNextSolverRun(db, config, solve, log, { shutdown: shutdown.signal }),
  );
  jobs.onStop(async () => shutdown.abort());
}

/** The job's one pass; true when it handled a run. */
export async function processNextSolverRun(
  db: Db,
  config: AppConfig,
  solve: SolveRoster,
  log: RunJobLog,
  options: RunJobOptions = {},
): Promise<boolean> {
  if ((await failStaleRuns(db, RUN_STALE)).length > 0) await announceDemandChanged(db);
  if (options.shutdown?.aborted) return false;
  const run = await claimQueuedRun(db);
  if (!run) return false;
  await announceDemandChanged(db);

  const controller = new AbortController();
  const onShutdown = () => controller.abort();
  options.shutdown?.addEventListener('abort', onShutdown);
  let progress = { percent: 0, gap: null as number | null };
  let isGone = false;
  let beating: Promise<void> | null = null;
  const beat = async () => {
    const state = await beatRun(db, run.id, progress);
    // Gone: another instance failed it as stale; cancelled: a planner asked.
    if (!state) isGone = true;
    if (!state || state.isCancelRequested) controller.abort();
  };
  const timer = setInterval(() => {
    beating ??= beat()
      .catch((error: unknown) =>
        log.error({ err: error, runId: run.id }, 'solver run heartbeat failed'),
      )
      .finally(() => {
        beating = null;
      });
  }, options.heartbeatMs ?? HEARTBEAT_MS);

  try {
    const problem = await loadRosterProblem(db, config, run.teamId, run.weekStart);
    const answer = await solve(problem, {
      timeLimitSeconds: run.timeLimitSeconds,
      signal: controller.signal,
      onProgress: (reported) => {
        progress = {
          percent: Math.max(0, Math.min(99, Math.round(reported.percent))),
          gap: reported.gap,
        };
      },
    });
    clearInterval(timer);
    await beating;
    if (options.shutdown?.aborted) {
      await requeueRun(db, run.id);
    } else if (!isGone) {
      if (answer.result.outcome === 'cancelled' && !controller.signal.aborted) {
        // Nobody asked: the solver's worker stopped on its own (crashed, killed). A failure.
        log.error({ runId: run.id }, 'solver run stopped without being cancelled');
        await finishRun(db, run.id, { status: 'failed', error: RUN_FAILED });
      } else if (controller.signal.aborted || answer.result.outcome === 'cancelled') {
        await finishRun(db, run.id, {
          status: 'cancelled',
          result: { ...answer.result, shiftsAdded: 0 },
          gap: answer.result.gap,
        });
      } else {
        // A planner's shift committed between our check and our insert: read again, once.
        await applyAnswer(db, config, run, answer).catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          return applyAnswer(db, config, run, answer);
        });
      }
    }
  } catch (error) {
    clearInterval(timer);
    await beating;
    // The run's id, not the problem: the log gets no people's data beyond the error itself.
    log.error({ err: error, runId: run.id }, 'solver run failed');
    // The driver's or solver's message may carry data: keep it in the log, store ours. A week
    // too large to model is the planner's to change (settings), so it says how.
    const stored =
      error instanceof TooManyCandidates ? tooManyCandidatesError(error.count) : RUN_FAILED;
    await finishRun(db, run.id, { status: 'failed', error: stored });
  } finally {
    options.shutdown?.removeEventListener('abort', onShutdown);
  }
  await announceDemandChanged(db);
  return true;
}

const dayKey = (userId: string, date: string) => `${userId}|${date}`;

/** A solved shift that was not written, and why. */
type SkippedShift = SolvedShift & {
  name: string;
  reason: 'planned' | 'left_team' | 'conflict';
  /** For a conflict: the roster rule's message, in the requester's language. */
  conflict?: string;
};

/**
 * Write the solver's shifts as drafts of the requester, in one transaction with the run's end:
 * a person-day that gained a shift while the solver ran keeps it (the new one is skipped and the
 * run says so), as does a person no longer of the team or suspended since. The problem was read
 * before the solve, so each shift is checked again against the people's plans as they are now
 * (time off approved, shifts on neighbouring days, availability changed meanwhile): a shift with a
 * blocking conflict by the roster's rules is skipped, with a note. A cancel that arrived at the
 * last moment wins: nothing is written.
 */
async function applyAnswer(
  db: Db,
  config: AppConfig,
  run: SolverRunRow,
  answer: SolverAnswer,
): Promise<void> {
  const days = getWeekDates(run.weekStart);
  const first = days[0] ?? run.weekStart;
  const last = days[6] ?? run.weekStart;
  await db.transaction(async (tx) => {
    const current = await lockRun(tx, run.id);
    if (current?.status !== 'running') return;
    if (current.isCancelRequested) {
      await finishRun(tx, run.id, {
        status: 'cancelled',
        result: { ...answer.result, shiftsAdded: 0 },
        gap: answer.result.gap,
      });
      return;
    }
    if (await findActiveLock(tx, days[0] ?? run.weekStart, days[6] ?? run.weekStart)) {
      await finishRun(tx, run.id, { status: 'failed', error: RUN_LOCKED });
      return;
    }
    const members = new Map(
      (await listTeamMembers(tx, run.teamId)).map((member) => [member.userId, member]),
    );
    const plans = await loadPlanContexts(tx, {
      userIds: [...members.keys()],
      from: first,
      to: last,
      version: 'planned',
    });
    const language = run.requestedBy
      ? (await findLanguages(tx, [run.requestedBy])).get(run.requestedBy)
      : null;
    const taken = new Set<string>();
    const written: string[] = [];
    const skipped: SkippedShift[] = [];
    for (const [index, shift] of answer.shifts.entries()) {
      const member = members.get(shift.userId);
      const key = dayKey(shift.userId, shift.date);
      if (!member) {
        skipped.push({ ...shift, name: shift.userId, reason: 'left_team' });
        continue;
      }
      if (taken.has(key) || (await findShiftOfPersonOn(tx, shift.userId, shift.date))) {
        skipped.push({ ...shift, name: member.name, reason: 'planned' });
        continue;
      }
      const plan = plans.get(shift.userId);
      const candidate: RosterShift = { ...shift, id: `autofill:${index}`, overrideReason: null };
      const blocking = plan
        ? withLocale(language, () =>
            findShiftConflicts(candidate, plan, config.timeZone).filter(
              (conflict) => conflict.severity === 'blocking',
            ),
          )
        : [];
      if (blocking[0]) {
        skipped.push({
          ...shift,
          name: member.name,
          reason: 'conflict',
          conflict: blocking[0].message,
        });
        continue;
      }
      taken.add(key);
      // The shifts written are the person's plan too: the next ones are checked against them.
      if (plan) plans.set(shift.userId, { ...plan, shifts: [...plan.shifts, candidate] });
      written.push(
        await insertShift(tx, {
          userId: shift.userId,
          teamId: run.teamId,
          date: shift.date,
          startTime: shift.startTime,
          endTime: shift.endTime,
          lunchStart: shift.lunchStart,
          lunchEnd: shift.lunchEnd,
          breakDurationMins: shift.breakDurationMins,
          position: shift.position,
          note: null,
          overrideReason: null,
          createdBy: run.requestedBy,
        }),
      );
    }
    const notes = withLocale(language, () => skippedNotes(skipped));
    const result: SolverResult = {
      ...answer.result,
      shiftsAdded: written.length,
      notes: [...answer.result.notes, ...notes],
    };
    await finishRun(tx, run.id, { status: 'done', result, gap: answer.result.gap });
    await writeAudit(tx, {
      actorId: run.requestedBy,
      action: 'demand.autofill.apply',
      entityType: 'solver_run',
      entityId: run.id,
      after: {
        teamId: run.teamId,
        weekStart: run.weekStart,
        outcome: answer.result.outcome,
        shiftsAdded: written.length,
        shiftIds: written,
        skipped: skipped.map(({ userId, date, reason }) => ({ userId, date, reason })),
      },
      meta: SYSTEM_META,
    });
    if (written.length > 0) {
      await notifyLiveToRole(tx, 'admin', 'roster');
      await notifyLiveToRole(tx, 'team_lead', 'roster');
    }
  });
}

/** What the planner is told of shifts not written, in their language. */
function skippedNotes(skipped: readonly SkippedShift[]): string[] {
  const conflicts = skipped.flatMap((shift) => {
    if (shift.reason !== 'conflict') return [];
    const { name } = shift;
    const conflict = shift.conflict ?? '';
    const day = formatBusinessDateLong(shift.date);
    return [t`${name}’s shift on ${day} was not written: ${conflict}`];
  });
  const planned = skipped.filter((shift) => shift.reason === 'planned');
  const left = skipped.filter((shift) => shift.reason === 'left_team').length;
  const notes = [
    ...conflicts,
    ...planned.slice(0, 10).map((shift) => {
      const { name } = shift;
      const day = formatBusinessDateLong(shift.date);
      return t`${name} was given a shift on ${day} while the auto-fill ran: that day was left as it is`;
    }),
  ];
  const more = planned.length - 10;
  if (more > 0) {
    notes.push(
      plural(more, {
        one: '# more day planned meanwhile was left as it is',
        other: '# more days planned meanwhile were left as they are',
      }),
    );
  }
  if (left > 0) {
    notes.push(
      plural(left, {
        one: '# shift was not written: its person left the team or was suspended meanwhile',
        other: '# shifts were not written: their people left the team or were suspended meanwhile',
      }),
    );
  }
  return notes;
}
