// Auto-fill runs (#31 item 3): the solver_runs rows. Any instance may claim a queued run, and any
// instance fails a running one whose solver stopped sending heartbeats. Only SQL here.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { solverRuns } from '../../db/schema.ts';

export type SolverRunRow = typeof solverRuns.$inferSelect;

/** A heartbeat older than this: the instance solving the run is gone. */
export const STALE_AFTER_SECONDS = 60;

const LIVE_STATUSES = ['queued', 'running'];

/**
 * Queue a run unless the team's week has a live one (the unique index solver_runs_live_key):
 * null when it has, so a double click finds the first run instead of a second.
 */
export async function insertRunUnlessLive(
  db: Db,
  values: {
    teamId: string;
    weekStart: string;
    timeLimitSeconds: number;
    requestedBy: string | null;
  },
): Promise<SolverRunRow | null> {
  const [row] = await db.insert(solverRuns).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findLiveRun(
  db: Db,
  teamId: string,
  weekStart: string,
): Promise<SolverRunRow | null> {
  const [row] = await db
    .select()
    .from(solverRuns)
    .where(
      and(
        eq(solverRuns.teamId, teamId),
        eq(solverRuns.weekStart, weekStart),
        inArray(solverRuns.status, LIVE_STATUSES),
      ),
    );
  return row ?? null;
}

export async function findRun(db: Db, id: string): Promise<SolverRunRow | null> {
  const [row] = await db.select().from(solverRuns).where(eq(solverRuns.id, id));
  return row ?? null;
}

/** Lock a run's row until the transaction ends (cancel and write-back take it). */
export async function lockRun(db: Db, id: string): Promise<SolverRunRow | null> {
  const [row] = await db.select().from(solverRuns).where(eq(solverRuns.id, id)).for('update');
  return row ?? null;
}

/** A team's runs of a week, newest first. */
export async function listRuns(
  db: Db,
  teamId: string,
  weekStart: string,
  limit = 20,
): Promise<SolverRunRow[]> {
  return db
    .select()
    .from(solverRuns)
    .where(and(eq(solverRuns.teamId, teamId), eq(solverRuns.weekStart, weekStart)))
    .orderBy(desc(solverRuns.createdAt), desc(solverRuns.id))
    .limit(limit);
}

/** A queued run is cancelled at once (nothing was solved). */
export async function cancelQueuedRun(db: Db, id: string): Promise<void> {
  await db
    .update(solverRuns)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(solverRuns.id, id), eq(solverRuns.status, 'queued')));
}

/** A running run is asked to stop: the instance solving it sees the flag at its next heartbeat. */
export async function requestCancel(db: Db, id: string): Promise<void> {
  await db
    .update(solverRuns)
    .set({ isCancelRequested: true })
    .where(and(eq(solverRuns.id, id), eq(solverRuns.status, 'running')));
}

/** Claim the oldest queued run (any instance; `skip locked`: two never claim the same one). */
export async function claimQueuedRun(db: Db): Promise<SolverRunRow | null> {
  const claimed = (await db.execute(sql`
    update solver_runs
    set status = 'running', started_at = now(), heartbeat_at = now(), progress_percent = 0
    where id = (
      select id from solver_runs where status = 'queued'
      order by created_at, id limit 1 for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = claimed.rows[0]?.id;
  return id ? findRun(db, id) : null;
}

/** Fail running runs whose solver has been silent too long; their ids. */
export async function failStaleRuns(db: Db, error: string): Promise<string[]> {
  const rows = await db
    .update(solverRuns)
    .set({ status: 'failed', error, finishedAt: sql`now()` })
    .where(
      and(
        eq(solverRuns.status, 'running'),
        sql`${solverRuns.heartbeatAt} < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`,
      ),
    )
    .returning({ id: solverRuns.id });
  return rows.map((row) => row.id);
}

/**
 * The solving instance's heartbeat with its progress. Null when the run is no longer running
 * (failed as stale by another instance, say): the solver should stop.
 */
export async function beatRun(
  db: Db,
  id: string,
  progress: { percent: number; gap: number | null },
): Promise<{ isCancelRequested: boolean } | null> {
  const [row] = await db
    .update(solverRuns)
    .set({ heartbeatAt: sql`now()`, progressPercent: progress.percent, gap: progress.gap })
    .where(and(eq(solverRuns.id, id), eq(solverRuns.status, 'running')))
    .returning({ isCancelRequested: solverRuns.isCancelRequested });
  return row ?? null;
}

/** End a running run (done, failed or cancelled); false if it was no longer running. */
export async function finishRun(
  db: Db,
  id: string,
  end: {
    status: 'done' | 'failed' | 'cancelled';
    result?: unknown;
    error?: string | null;
    gap?: number | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(solverRuns)
    .set({
      status: end.status,
      result: end.result ?? null,
      error: end.error ?? null,
      ...(end.gap === undefined ? {} : { gap: end.gap }),
      ...(end.status === 'done' ? { progressPercent: 100 } : {}),
      finishedAt: sql`now()`,
    })
    .where(and(eq(solverRuns.id, id), eq(solverRuns.status, 'running')))
    .returning({ id: solverRuns.id });
  return rows.length > 0;
}

/** Put a run back in the queue (its instance is shutting down): another one takes it. */
export async function requeueRun(db: Db, id: string): Promise<void> {
  await db
    .update(solverRuns)
    .set({ status: 'queued', startedAt: null, heartbeatAt: null, progressPercent: 0, gap: null })
    .where(and(eq(solverRuns.id, id), eq(solverRuns.status, 'running')));
}
