import { t } from '@lingui/core/macro';
// Locked periods and the approval settings (whether team leads approve their team).
import { z } from 'zod';
import {
  approvalSettingsSchema,
  lockPeriodRequestSchema,
} from '@punchclock/shared/contracts/approvals';
import { payReadsFrom } from '@punchclock/shared/domain/pay/public-holiday-pay';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { NotFound, parseInput } from '../../platform/errors.ts';
import { hasPublicHolidayBetween } from '../pay-settings/index.ts';
import type { Actor } from '../people/index.ts';
import { readTeamLeadsApprove, writeTeamLeadsApprove } from '../request-decisions/index.ts';
import { holdPeriodLocks, insertLock, reopenLock } from '../period-locks/index.ts';

/**
 * Lock a range of days: the one way a period is locked (decision 0045), whether an admin locks
 * days on the Approvals screen or approves a whole pay period (which calls this in its own
 * transaction, after holding the locks and deciding). The lock also protects the days before them that its pay reads
 * (docs/decisions/0038): the rest of the first work week, and with a public holiday in the range
 * the 4 work weeks before it (its holiday pay). Holidays inside a lock cannot change after.
 */
export async function lockPeriod(
  db: Db,
  rawInput: unknown,
  actor: Actor & { actorId: string },
  weekStartsOn: number,
) {
  const input = parseInput(lockPeriodRequestSchema, rawInput);
  return db.transaction(async (tx) => {
    await holdPeriodLocks(tx, 'lock');
    const hasHoliday = await hasPublicHolidayBetween(tx, input.fromDate, input.toDate);
    const readsFrom = payReadsFrom(input.fromDate, weekStartsOn, hasHoliday);
    const id = await insertLock(tx, { ...input, readsFrom, lockedBy: actor.actorId });
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'period.lock',
      entityType: 'period_lock',
      entityId: id,
      after: input,
      meta: actor.meta,
    });
    return id;
  });
}

export async function reopenPeriod(db: Db, rawId: string, actor: Actor & { actorId: string }) {
  const id = parseInput(z.uuid({ error: () => t`Lock not found` }), rawId);
  await db.transaction(async (tx) => {
    // Not while a period is being approved and locked (decision 0045).
    await holdPeriodLocks(tx, 'lock');
    const reopened = await reopenLock(tx, id, actor.actorId);
    if (!reopened) throw new NotFound(t`That lock was not found or is already reopened`);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'period.reopen',
      entityType: 'period_lock',
      entityId: id,
      before: { locked: true },
      after: { locked: false, ...reopened },
      meta: actor.meta,
    });
  });
}

export async function setApprovalSettings(db: Db, rawInput: unknown, actor: Actor) {
  const input = parseInput(approvalSettingsSchema, rawInput);
  await db.transaction(async (tx) => {
    const before = await readTeamLeadsApprove(tx);
    await writeTeamLeadsApprove(tx, input.teamLeadsApproveTheirTeam);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'settings.approvals',
      entityType: 'settings',
      entityId: 'approvals',
      before: { teamLeadsApproveTheirTeam: before },
      after: input,
      meta: actor.meta,
    });
  });
  return input;
}
