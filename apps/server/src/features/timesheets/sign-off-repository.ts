import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SignedTotals } from '@punchclock/shared/contracts/timesheets';
import type { Db } from '../../db/client.ts';
import { timesheetSignOffs } from '../../db/schema.ts';
import { personNameOf } from '../people/index.ts';

const columns = {
  id: timesheetSignOffs.id,
  userId: timesheetSignOffs.userId,
  periodStart: timesheetSignOffs.periodStart,
  periodEnd: timesheetSignOffs.periodEnd,
  status: timesheetSignOffs.status,
  submittedTotals: timesheetSignOffs.submittedTotals,
  submittedAt: timesheetSignOffs.submittedAt,
  decidedAt: timesheetSignOffs.decidedAt,
  decidedBy: timesheetSignOffs.decidedBy,
  decidedByName: personNameOf(timesheetSignOffs.decidedBy),
  decisionComment: timesheetSignOffs.decisionComment,
};

export type SignOffRow = Omit<
  Awaited<ReturnType<typeof selectSignOffs>>[number],
  'submittedTotals'
> & {
  submittedTotals: SignedTotals;
};

function selectSignOffs(db: Db, periodStart: string, userIds?: string[], forUpdate = false) {
  const query = db
    .select(columns)
    .from(timesheetSignOffs)
    .where(
      and(
        eq(timesheetSignOffs.periodStart, periodStart),
        userIds ? inArray(timesheetSignOffs.userId, userIds) : undefined,
      ),
    );
  return forUpdate ? query.for('update') : query;
}

/** The sign-offs of a period (optionally of some people), locked for update when deciding. */
export async function listSignOffs(
  db: Db,
  periodStart: string,
  userIds?: string[],
  forUpdate = false,
): Promise<SignOffRow[]> {
  if (userIds && userIds.length === 0) return [];
  return (await selectSignOffs(db, periodStart, userIds, forUpdate)) as SignOffRow[];
}

export async function findSignOff(
  db: Db,
  userId: string,
  periodStart: string,
  forUpdate = false,
): Promise<SignOffRow | null> {
  const [row] = await listSignOffs(db, periodStart, [userId], forUpdate);
  return row ?? null;
}

/** Submit (or submit again after a return or a change): one row per person and period. */
export async function upsertSubmission(
  db: Db,
  values: {
    userId: string;
    periodStart: string;
    periodEnd: string;
    submittedTotals: SignedTotals;
    submittedBy: string;
  },
): Promise<string> {
  const submitted = {
    status: 'submitted' as const,
    periodEnd: values.periodEnd,
    submittedTotals: values.submittedTotals,
    submittedBy: values.submittedBy,
    submittedAt: new Date(),
    decidedAt: null,
    decidedBy: null,
    decisionComment: null,
  };
  const [row] = await db
    .insert(timesheetSignOffs)
    .values({ ...values, ...submitted })
    .onConflictDoUpdate({
      target: [timesheetSignOffs.userId, timesheetSignOffs.periodStart],
      set: submitted,
    })
    .returning({ id: timesheetSignOffs.id });
  if (!row) throw new Error('upsert into timesheet_signoffs returned no row');
  return row.id;
}

export async function deleteSignOff(db: Db, id: string): Promise<void> {
  await db.delete(timesheetSignOffs).where(eq(timesheetSignOffs.id, id));
}

export async function decideSignOff(
  db: Db,
  id: string,
  values: { status: 'approved' | 'returned'; decidedBy: string; comment: string | null },
): Promise<void> {
  await decideSignOffs(db, [id], values);
}

/** The same decision on many sign-offs in one statement (a period's approval, issue #32). */
export async function decideSignOffs(
  db: Db,
  ids: readonly string[],
  values: { status: 'approved' | 'returned'; decidedBy: string; comment: string | null },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(timesheetSignOffs)
    .set({
      status: values.status,
      decidedBy: values.decidedBy,
      decidedAt: new Date(),
      decisionComment: values.comment,
    })
    .where(
      sql`${timesheetSignOffs.id} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
    );
}
