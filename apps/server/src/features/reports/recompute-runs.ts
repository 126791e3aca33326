// Recompute runs: an admin asks for a date range to be recomputed; the job works through it.
import { t } from '@lingui/core/macro';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recomputeRequestSchema, type RecomputeRun } from '@punchclock/shared/contracts/reports';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { recomputeRuns, users } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import { datesBetween, recomputeDays } from './recompute.ts';
import { MAX_RANGE_DAYS } from './report-scope.ts';

/** What a failed run says (stored by the job, which works for nobody in particular). */
const RECOMPUTE_FAILED = 'The recalculation failed; the server log has the details.';

function toRun(row: typeof recomputeRuns.$inferSelect): RecomputeRun {
  return {
    id: row.id,
    fromDate: row.fromDate,
    toDate: row.toDate,
    totalDays: row.totalDays,
    doneDays: row.doneDays,
    status: row.status as RecomputeRun['status'],
    // The job stores the English; each reader gets it in their language.
    error:
      row.error === RECOMPUTE_FAILED
        ? t`The recalculation failed; the server log has the details.`
        : row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Queue a recomputation (all people, or chosen ones); the job runs it and reports progress. */
export async function requestRecompute(
  db: Db,
  rawInput: unknown,
  actor: Actor,
): Promise<RecomputeRun> {
  const input = parseInput(recomputeRequestSchema, rawInput);
  if (input.to > shiftDate(input.from, MAX_RANGE_DAYS - 1))
    throw new Invalid(t`Choose at most ${MAX_RANGE_DAYS} days`);
  return db.transaction(async (tx) => {
    const people = input.userIds?.length
      ? input.userIds.length
      : (await tx.select({ id: users.id }).from(users)).length;
    const [run] = await tx
      .insert(recomputeRuns)
      .values({
        requestedBy: actor.actorId,
        fromDate: input.from,
        toDate: input.to,
        userIds: input.userIds?.length ? input.userIds : null,
        totalDays: people * datesBetween(input.from, input.to).length,
      })
      .returning();
    if (!run) throw new Error('insert into recompute_runs returned no row');
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'adherence.recompute',
      entityType: 'recompute_run',
      entityId: run.id,
      after: { from: input.from, to: input.to, people },
      meta: actor.meta,
    });
    return toRun(run);
  });
}

export async function getRecomputeRun(db: Db, rawId: string): Promise<RecomputeRun> {
  const id = z.uuid().safeParse(rawId);
  const [run] = id.success
    ? await db.select().from(recomputeRuns).where(eq(recomputeRuns.id, id.data))
    : [];
  if (!run) throw new NotFound(t`Recalculation not found`);
  return toRun(run);
}

export async function listRecentRuns(db: Db): Promise<RecomputeRun[]> {
  const rows = await db
    .select()
    .from(recomputeRuns)
    .orderBy(sql`created_at desc`)
    .limit(10);
  return rows.map(toRun);
}

/** The job: claim one queued run (any instance may) and work through it, saving progress. */
export async function processNextRecomputeRun(db: Db, timeZone: string): Promise<boolean> {
  const claimed = (await db.execute(sql`
    update recompute_runs set status = 'running'
    where id = (select id from recompute_runs where status = 'queued' order by created_at limit 1 for update skip locked)
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = claimed.rows[0]?.id;
  if (!id) return false;
  const [run] = await db.select().from(recomputeRuns).where(eq(recomputeRuns.id, id));
  if (!run) return false;
  try {
    const userIds =
      run.userIds ?? (await db.select({ id: users.id }).from(users)).map((row) => row.id);
    const daysPerPerson = datesBetween(run.fromDate, run.toDate).length;
    await recomputeDays(db, timeZone, userIds, run.fromDate, run.toDate, {
      onProgress: async (done) => {
        // Progress counts every person-day of the range, future days included.
        const doneDays = Math.min(
          run.totalDays,
          Math.ceil(done / Math.max(1, daysPerPerson)) * daysPerPerson,
        );
        await db.update(recomputeRuns).set({ doneDays }).where(eq(recomputeRuns.id, id));
      },
    });
    await db
      .update(recomputeRuns)
      .set({ status: 'done', doneDays: run.totalDays, finishedAt: sql`now()` })
      .where(eq(recomputeRuns.id, id));
  } catch (error) {
    console.error('recompute run failed', error);
    await db
      .update(recomputeRuns)
      .set({
        status: 'failed',
        // The driver's message carries the whole statement and its values: keep those in the log.
        error: RECOMPUTE_FAILED,
        finishedAt: sql`now()`,
      })
      .where(eq(recomputeRuns.id, id));
  }
  return true;
}
