import { plural, select, t } from '@lingui/core/macro';
// Correction requests: asking to fix a day's punches, and cancelling the ask.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  correctionRequestSchema,
  type CorrectionDto,
} from '@punchclock/shared/contracts/approvals';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { timeEvents } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import type { Caller } from '../people/index.ts';
import {
  decideCorrection,
  findCorrection,
  findPendingForTarget,
  insertCorrection,
  lockUserForTimeTracking,
  refileAddedPunches,
} from '../time-tracking/index.ts';
import { announceApprovalsChanged } from '../request-decisions/index.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';

export interface CorrectionSettings {
  timeZone: string;
  correctionWindowDays: number;
}

/** The furthest back anyone, admins included, may correct: as far as a report reaches. */
const ADMIN_CORRECTION_WINDOW_DAYS = 366;

/**
 * People correct recent time; older days are for admins (payroll has been run on them), and
 * nobody rewrites the distant past.
 */
function assertWithinCorrectionWindow(
  date: string,
  today: string,
  role: Role | null,
  windowDays: number,
): void {
  if (role === 'admin') {
    if (date < shiftDate(today, -ADMIN_CORRECTION_WINDOW_DAYS)) {
      const maxDays = ADMIN_CORRECTION_WINDOW_DAYS;
      throw new Invalid(t`Corrections can go back ${maxDays} days at most.`, 'correction_too_old');
    }
  } else if (date < shiftDate(today, -windowDays)) {
    throw new Invalid(
      plural(windowDays, {
        one: 'Corrections can be asked for the last day only. Ask an admin to correct older time.',
        other:
          'Corrections can be asked for the last # days only. Ask an admin to correct older time.',
      }),
      'correction_too_old',
    );
  }
}

/**
 * Ask to fix a day: add a missed punch, move one, or remove a mistaken one. The raw punches
 * stay; the correction is its own record until an approver decides.
 */
export async function requestCorrection(
  db: Db,
  settings: CorrectionSettings,
  requester: Caller,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<CorrectionDto> {
  const input = parseInput(correctionRequestSchema, rawInput);
  const { timeZone } = settings;
  const { userId } = requester;
  return db.transaction(async (tx) => {
    // One person's requests one at a time: each files its punch among the others.
    await lockUserForTimeTracking(tx, userId);
    let provisionalDate: string;
    let targetEventId: string | null = null;
    if (input.kind === 'add') {
      provisionalDate = toBusinessDate(input.occurredAt, timeZone); // filed properly below
    } else {
      const [target] = await tx
        .select({ id: timeEvents.id, userId: timeEvents.userId, shiftDate: timeEvents.shiftDate })
        .from(timeEvents)
        .where(eq(timeEvents.id, input.targetEventId));
      if (!target || target.userId !== userId) throw new NotFound(t`That punch was not found`);
      if (await findPendingForTarget(tx, target.id)) {
        throw new Conflict(
          t`There is already a pending correction for that punch`,
          'duplicate_correction',
        );
      }
      provisionalDate = target.shiftDate;
      targetEventId = target.id;
    }
    const id = await insertCorrection(tx, {
      userId,
      date: provisionalDate,
      kind: input.kind,
      targetEventId,
      eventType: input.kind === 'add' ? input.eventType : null,
      occurredAt: input.kind === 'remove' ? null : new Date(input.occurredAt),
      reason: input.reason,
      requestedBy: userId,
    });
    // As for a recorded punch: one inside an open shift belongs to that shift's day (a night
    // shift's forgotten 06:00 clock-out counts for the evening it started).
    if (input.kind === 'add') await refileAddedPunches(tx, timeZone, userId, provisionalDate);
    const created = await findCorrection(tx, id);
    if (!created) throw new Error('created correction not found');
    const { date } = created;
    const today = toBusinessDate(new Date(), timeZone);
    if (date > today) {
      throw new Conflict(t`You can only correct days that have started`, 'future_correction');
    }
    assertWithinCorrectionWindow(date, today, requester.role, settings.correctionWindowDays);
    await assertPayNotLocked(tx, date, date);
    await writeAudit(tx, {
      actorId: userId,
      action: 'correction.request',
      entityType: 'time_correction',
      entityId: id,
      after: { kind: input.kind, date, targetEventId, reason: input.reason },
      meta,
    });
    await announceApprovalsChanged(tx);
    const { teamId: _team, ...dto } = created;
    return dto;
  });
}

export async function cancelCorrection(
  db: Db,
  timeZone: string,
  userId: string,
  rawId: string,
  meta: RequestMeta,
): Promise<void> {
  const id = parseInput(z.uuid({ error: () => t`Correction not found` }), rawId);
  await db.transaction(async (tx) => {
    const correction = await findCorrection(tx, id, true);
    if (!correction || correction.userId !== userId) throw new NotFound(t`Correction not found`);
    if (correction.status !== 'pending') {
      const status = correction.status;
      throw new Conflict(
        t`Only a pending correction can be cancelled; this one is ${select(status, {
          approved: 'approved',
          rejected: 'rejected',
          cancelled: 'cancelled',
          other: 'pending',
        })}`,
        'not_pending',
      );
    }
    await decideCorrection(tx, id, { status: 'cancelled' });
    await refileAddedPunches(tx, timeZone, userId, correction.date);
    await writeAudit(tx, {
      actorId: userId,
      action: 'correction.cancel',
      entityType: 'time_correction',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'cancelled' },
      meta,
    });
    await announceApprovalsChanged(tx);
  });
}
