import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { t } from '@lingui/core/macro';
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { PeriodLock } from '@punchclock/shared/contracts/approvals';
import type { Db } from '../../db/client.ts';
import { personNameOf } from '../people/index.ts';
import { periodLocks } from '../../db/schema.ts';
import { Conflict } from '../../platform/errors.ts';

// Any constant works: the same one for every instance on one database (as the migrations').
const PERIOD_LOCKS_KEY = 7_240_312;

/**
 * Serialise locking against what a lock protects, until the transaction ends (decision 0045):
 * locking a period holds it alone ('lock'), so the figures it computes and decides on cannot
 * change under it; a write to what pay reads holds it shared ('pay-write'), so it either commits
 * before the lock computes or sees the lock and is refused. Call it first in a transaction.
 */
export async function holdPeriodLocks(db: Db, mode: 'lock' | 'pay-write'): Promise<void> {
  await db.execute(
    mode === 'lock'
      ? sql`select pg_advisory_xact_lock(${PERIOD_LOCKS_KEY})`
      : sql`select pg_advisory_xact_lock_shared(${PERIOD_LOCKS_KEY})`,
  );
}

/**
 * The active (not reopened) lock touching a range: covering any day of it, or with `whole`,
 * every day of it (a payroll export needs the whole period locked).
 */
export async function findActiveLock(db: Db, from: string, to: string, whole = false) {
  const [lock] = await db
    .select({ id: periodLocks.id, fromDate: periodLocks.fromDate, toDate: periodLocks.toDate })
    .from(periodLocks)
    .where(
      and(
        isNull(periodLocks.reopenedAt),
        lte(periodLocks.fromDate, whole ? from : to),
        gte(periodLocks.toDate, whole ? to : from),
      ),
    )
    .limit(1);
  return lock ?? null;
}

function lockedPeriod(lock: { fromDate: string; toDate: string }): Conflict {
  const fromDate = formatBusinessDateLong(lock.fromDate);
  const toDate = formatBusinessDateLong(lock.toDate);
  return new Conflict(
    t`Those dates are in a locked pay period (${fromDate} to ${toDate}). Ask an admin to reopen it first.`,
    'period_locked',
  );
}

/** Refuse a change inside a locked pay period: an admin reopens it first. */
export async function assertNotLocked(db: Db, from: string, to: string): Promise<void> {
  const lock = await findActiveLock(db, from, to);
  if (lock) throw lockedPeriod(lock);
}

/**
 * Refuse a change to what a locked period's pay reads (docs/decisions/0038): the locked days
 * themselves, and the days before them its pay reads (the rest of its first work week, and with
 * a public holiday in it the 4 work weeks before: `readsFrom`, set at lock time). Every write
 * that feeds pay calls this with the dates whose figures it changes (`to` may be '9998-12-31'
 * for "from then on"): corrections, time off, rule assignments, pay rates, public holidays,
 * leave pay codes. Timesheet sign-off only changes a status, so it keeps assertNotLocked.
 */
export async function assertPayNotLocked(db: Db, from: string, to: string): Promise<void> {
  await holdPeriodLocks(db, 'pay-write');
  const lock = await findActiveLock(db, from, to);
  if (lock) throw lockedPeriod(lock);
  const [reading] = await db
    .select({ fromDate: periodLocks.fromDate, toDate: periodLocks.toDate })
    .from(periodLocks)
    .where(
      and(
        isNull(periodLocks.reopenedAt),
        lte(periodLocks.readsFrom, to),
        gte(periodLocks.toDate, from),
      ),
    )
    .orderBy(asc(periodLocks.fromDate))
    .limit(1);
  if (reading) {
    const fromDate = formatBusinessDateLong(reading.fromDate);
    const toDate = formatBusinessDateLong(reading.toDate);
    throw new Conflict(
      t`Those dates count towards the pay of a locked pay period (${fromDate} to ${toDate}): its weekly overtime or public holiday pay reads them. Ask an admin to reopen it first.`,
      'period_locked',
    );
  }
}

const nameOf = (alias: 'locker' | 'reopener') =>
  personNameOf(alias === 'locker' ? periodLocks.lockedBy : periodLocks.reopenedBy);

export async function listLocks(db: Db): Promise<PeriodLock[]> {
  const rows = await db
    .select({
      id: periodLocks.id,
      fromDate: periodLocks.fromDate,
      toDate: periodLocks.toDate,
      lockedByName: nameOf('locker'),
      lockedAt: periodLocks.lockedAt,
      reopenedByName: nameOf('reopener'),
      reopenedAt: periodLocks.reopenedAt,
    })
    .from(periodLocks)
    .orderBy(desc(periodLocks.fromDate))
    .limit(50);
  return rows.map((row) => ({
    ...row,
    lockedAt: row.lockedAt.toISOString(),
    reopenedAt: row.reopenedAt?.toISOString() ?? null,
  }));
}

export async function insertLock(
  db: Db,
  values: { fromDate: string; toDate: string; readsFrom?: string; lockedBy: string },
) {
  const [row] = await db.insert(periodLocks).values(values).returning({ id: periodLocks.id });
  if (!row) throw new Error('insert into period_locks returned no row');
  return row.id;
}

export async function reopenLock(db: Db, id: string, reopenedBy: string) {
  const rows = await db
    .update(periodLocks)
    .set({ reopenedBy, reopenedAt: sql`now()` })
    .where(and(eq(periodLocks.id, id), isNull(periodLocks.reopenedAt)))
    .returning({ fromDate: periodLocks.fromDate, toDate: periodLocks.toDate });
  return rows[0] ?? null;
}
