// Auto-fill runs (#31 item 3): a planner asks for a team's week to be filled; the job
// (run-job.ts) solves it in the background and writes the shifts as drafts. Here: asking,
// reading and cancelling, each scoped to the teams the caller plans.
import { t } from '@lingui/core/macro';
import {
  solverResultSchema,
  solverRunRequestSchema,
  solverRunsQuerySchema,
  type SolverRun,
  type SolverRunStatus,
} from '@punchclock/shared/contracts/demand';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { Actor, Caller } from '../people/index.ts';
import { assertNotLocked } from '../period-locks/index.ts';
import { assertPlansTeam, isId, plannerScopeOf } from '../rosters/index.ts';
import { announceDemandChanged, assertDemandDate, assertPlansDemandOf } from './planning.ts';
import {
  cancelQueuedRun,
  findLiveRun,
  findRun,
  insertRunUnlessLive,
  listRuns,
  lockRun,
  requestCancel,
  type SolverRunRow,
} from './runs-repository.ts';
import { TooManyCandidates } from './solver/candidates.ts';

/*
 * What the job stores when a run fails (it works for nobody in particular): English, translated
 * for each reader by toRun.
 */
export const RUN_FAILED = 'The auto-fill failed; the server log has the details.';
export const RUN_STALE = 'The server solving this auto-fill stopped answering; run it again.';
export const RUN_LOCKED =
  'Part of the week was locked for pay while the auto-fill ran; nothing was written.';

/** Stored for a week too large to model; the count is put back into the reader's sentence. */
export const tooManyCandidatesError = (count: number) => `too_many_candidates:${count}`;

function errorText(error: string | null): string | null {
  const tooMany = /^too_many_candidates:(\d+)$/.exec(error ?? '');
  if (tooMany) return new TooManyCandidates(Number(tooMany[1])).message;
  if (error === RUN_FAILED) return t`The auto-fill failed; the server log has the details.`;
  if (error === RUN_STALE)
    return t`The server solving this auto-fill stopped answering; run it again.`;
  if (error === RUN_LOCKED) {
    return t`Part of the week was locked for pay while the auto-fill ran; nothing was written.`;
  }
  return error;
}

export function toRun(row: SolverRunRow): SolverRun {
  const result = row.result === null ? null : solverResultSchema.safeParse(row.result);
  return {
    id: row.id,
    teamId: row.teamId,
    weekStart: row.weekStart,
    status: row.status as SolverRunStatus,
    timeLimitSeconds: row.timeLimitSeconds,
    progressPercent: row.progressPercent,
    gap: row.gap,
    result: result?.success ? result.data : null,
    error: errorText(row.error),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The Sunday of a date's week (the roster's weeks). */
export function sundayOf(date: string): string {
  return getWeekDates(date)[0] ?? date;
}

/**
 * POST /api/demand/solver-runs: queue an auto-fill of a team's week. A live run of that week is
 * answered instead of a second one (`isNew` false).
 */
export async function requestSolverRun(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
  now = new Date(),
): Promise<{ run: SolverRun; isNew: boolean }> {
  // Who may ask comes first, as planning.ts's assertPlansDemandOf: scope, then the team.
  await plannerScopeOf(db, caller);
  const input = parseInput(solverRunRequestSchema, rawInput);
  assertDemandDate(input.weekStart);
  await assertPlansDemandOf(db, caller, input.teamId);
  const weekStart = sundayOf(input.weekStart);
  const weekEnd = getWeekDates(weekStart)[6] ?? weekStart;
  // Drafts for days gone by help nobody; today's week still has days to plan.
  if (weekEnd < toBusinessDate(now, timeZone))
    throw new Invalid(t`Choose a week that has not ended`);
  return db.transaction(async (tx) => {
    // A locked week cannot take drafts: say so now rather than after the solve.
    await assertNotLocked(tx, weekStart, weekEnd);
    const values = {
      teamId: input.teamId,
      weekStart,
      timeLimitSeconds: input.timeLimitSeconds,
      requestedBy: actor.actorId,
    };
    const created = await insertRunUnlessLive(tx, values);
    if (!created) {
      const live = await findLiveRun(tx, input.teamId, weekStart);
      if (!live) throw new Error('solver run neither inserted nor live');
      return { run: toRun(live), isNew: false };
    }
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'demand.autofill',
      entityType: 'solver_run',
      entityId: created.id,
      after: { teamId: input.teamId, weekStart, timeLimitSeconds: input.timeLimitSeconds },
      meta: actor.meta,
    });
    await announceDemandChanged(tx);
    return { run: toRun(created), isNew: true };
  });
}

async function requirePlannedRun(db: Db, caller: Caller, id: string): Promise<SolverRunRow> {
  const scope = await plannerScopeOf(db, caller);
  const row = isId(id) ? await findRun(db, id) : null;
  if (!row) throw new NotFound(t`Auto-fill not found`);
  assertPlansTeam(scope, row.teamId);
  return row;
}

/** GET /api/demand/solver-runs: a team's recent runs of a week. */
export async function listSolverRuns(
  db: Db,
  caller: Caller,
  rawQuery: unknown,
): Promise<SolverRun[]> {
  const query = parseInput(solverRunsQuerySchema, rawQuery);
  assertDemandDate(query.weekStart);
  const scope = await plannerScopeOf(db, caller);
  assertPlansTeam(scope, query.teamId);
  return (await listRuns(db, query.teamId, sundayOf(query.weekStart))).map(toRun);
}

export async function getSolverRun(db: Db, caller: Caller, id: string): Promise<SolverRun> {
  return toRun(await requirePlannedRun(db, caller, id));
}

/**
 * POST /api/demand/solver-runs/:id/cancel: a queued run stops at once; a running one is asked to
 * (the instance solving it aborts at its next heartbeat, about a second). A finished run is
 * answered as it is.
 */
export async function cancelSolverRun(
  db: Db,
  caller: Caller,
  id: string,
  actor: Actor,
): Promise<SolverRun> {
  return db.transaction(async (tx) => {
    await requirePlannedRun(tx, caller, id);
    const row = await lockRun(tx, id);
    if (!row) throw new NotFound(t`Auto-fill not found`);
    if (row.status !== 'queued' && row.status !== 'running') return toRun(row);
    if (row.status === 'running' && row.isCancelRequested) return toRun(row);
    if (row.status === 'queued') await cancelQueuedRun(tx, id);
    else await requestCancel(tx, id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'demand.autofill.cancel',
      entityType: 'solver_run',
      entityId: id,
      before: { status: row.status },
      after: { status: row.status === 'queued' ? 'cancelled' : 'cancel_requested' },
      meta: actor.meta,
    });
    await announceDemandChanged(tx);
    const after = await findRun(tx, id);
    if (!after) throw new NotFound(t`Auto-fill not found`);
    return toRun(after);
  });
}
