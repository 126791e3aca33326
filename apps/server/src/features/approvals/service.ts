import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  approvalSettingsSchema,
  approvalsQuerySchema,
  correctionRequestSchema,
  decisionSchema,
  lockPeriodRequestSchema,
  type ApprovalItem,
  type ApprovalItemType,
  type CorrectionDto,
  type SmeOverview,
} from '@punchclock/shared/contracts/approvals';
import { buildBreakBoard } from '@punchclock/shared/domain/break-board';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Role } from '@punchclock/shared/domain/roles';
import type { NotificationRuleSettings } from '@punchclock/shared/domain/notification-rules';
import type { Db } from '../../db/client.ts';
import { dayMetrics, timeEvents } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, Forbidden, Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import { notifyLive } from '../../platform/live-events.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { loadAttendanceSnapshot } from '../attendance-snapshot/index.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { markDaysStale } from '../day-metrics-queue/index.ts';
import type { Actor, Caller, TeamScope } from '../people/index.ts';
import { isTeamInScope, teamScopeOf } from '../people/index.ts';
import {
  decideCorrection,
  decideLatePunch,
  findCorrection,
  findLatePunch,
  findPendingForTarget,
  insertCorrection,
  listCorrections,
  listLatePunches,
  lockUserForTimeTracking,
  refileAddedPunches,
} from '../time-tracking/index.ts';
import { findRequest, listRequests, updateRequestStatus } from '../time-off/index.ts';
import {
  announceApprovalsChanged,
  assertNotLocked,
  insertLock,
  readTeamLeadsApprove,
  reopenLock,
  writeTeamLeadsApprove,
} from '../requests/index.ts';

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
      throw new Invalid(
        `Corrections can go back ${ADMIN_CORRECTION_WINDOW_DAYS} days at most.`,
        'correction_too_old',
      );
    }
  } else if (date < shiftDate(today, -windowDays)) {
    throw new Invalid(
      `Corrections can be asked for the last ${windowDays} days only. Ask an admin to correct older time.`,
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
      if (!target || target.userId !== userId) throw new NotFound('That punch was not found');
      if (await findPendingForTarget(tx, target.id)) {
        throw new Conflict(
          'There is already a pending correction for that punch',
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
      throw new Conflict('You can only correct days that have started', 'future_correction');
    }
    assertWithinCorrectionWindow(date, today, requester.role, settings.correctionWindowDays);
    await assertNotLocked(tx, date, date);
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
  const id = parseInput(z.uuid('Correction not found'), rawId);
  await db.transaction(async (tx) => {
    const correction = await findCorrection(tx, id, true);
    if (!correction || correction.userId !== userId) throw new NotFound('Correction not found');
    if (correction.status !== 'pending') {
      throw new Conflict(
        `Only a pending correction can be cancelled; this one is ${correction.status}`,
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

/** Whose requests a viewer may see and decide: sme/admin everyone; a lead their teams, if enabled. */
async function approverScope(db: Db, viewer: Caller): Promise<TeamScope> {
  const approves =
    viewer.role === 'admin' ||
    viewer.role === 'sme' ||
    (viewer.role === 'team_lead' && (await readTeamLeadsApprove(db)));
  if (!approves) throw new Forbidden('You do not approve time');
  return teamScopeOf(db, viewer);
}

export async function listApprovals(db: Db, viewer: Caller, rawQuery: unknown) {
  const query = parseInput(approvalsQuerySchema, rawQuery);
  const scope = await approverScope(db, viewer);
  const teamIds = query.teamId ? (isTeamInScope(scope, query.teamId) ? [query.teamId] : []) : scope;
  const filter = { status: query.status, teamIds, from: query.from, to: query.to };
  const wants = (type: ApprovalItemType) => !query.type || query.type === type;
  const [timeOff, corrections, latePunches] = await Promise.all([
    wants('time_off') ? listRequests(db, filter) : [],
    wants('correction') ? listCorrections(db, filter) : [],
    wants('late_punch') ? listLatePunches(db, filter) : [],
  ]);
  const items: ApprovalItem[] = [
    ...timeOff.map(({ teamId: _team, ...request }) => ({ type: 'time_off' as const, request })),
    ...corrections.map(({ teamId: _team, ...request }) => ({
      type: 'correction' as const,
      request,
    })),
    ...latePunches.map(({ teamId: _team, ...request }) => ({
      type: 'late_punch' as const,
      request,
    })),
  ].sort((a, b) => a.request.requestedAt.localeCompare(b.request.requestedAt));
  return { items, canDecide: true };
}

async function notifyRequester(
  db: Db,
  userId: string,
  decision: 'approve' | 'reject',
  what: string,
  occasion: string,
  comment: string | undefined,
) {
  const verb = decision === 'approve' ? 'approved' : 'rejected';
  await insertDrafts(db, [
    {
      userId,
      subjectUserId: userId,
      type: 'info',
      occasionKey: `decision:${occasion}`,
      title: `Request ${verb}`,
      message: `Your ${what} was ${verb}${comment ? `: ${comment}` : '.'}`,
    },
  ]);
  await notifyLive(db, userId, 'notifications');
  await notifyLive(db, userId, 'time_off');
}

const AUDIT_ENTITY_OF: Record<ApprovalItemType, string> = {
  time_off: 'time_off_request',
  correction: 'time_correction',
  late_punch: 'late_punch_review',
};

/**
 * A rejected late punch is excluded the way every punch is: by an approved "remove"
 * correction layered over the raw punches (which never change), so reports, the drill-down
 * and attendance history leave it out and show the day as corrected.
 */
async function removeRejectedLatePunch(
  db: Db,
  viewer: Caller,
  punch: { userId: string; date: string; timeEventId: string },
  comment: string | undefined,
): Promise<string> {
  const id = await insertCorrection(db, {
    userId: punch.userId,
    date: punch.date,
    kind: 'remove',
    targetEventId: punch.timeEventId,
    reason: `Punch recorded late, rejected on review${comment ? `: ${comment}` : ''}`,
    requestedBy: viewer.userId,
  });
  await decideCorrection(db, id, { status: 'approved', decidedBy: viewer.userId });
  return id;
}

/**
 * Approve or reject requests, one by one or in bulk; each item is its own transaction so one
 * refusal (already decided, own request, locked period) does not undo the others.
 */
export async function decideApprovals(
  db: Db,
  timeZone: string,
  viewer: Caller,
  rawInput: unknown,
  meta: RequestMeta,
) {
  const input = parseInput(decisionSchema, rawInput);
  const scope = await approverScope(db, viewer);
  const results: { id: string; ok: boolean; message: string | null }[] = [];
  for (const item of input.items) {
    try {
      await db.transaction(async (tx) => {
        const request =
          item.type === 'time_off'
            ? await findRequest(tx, item.id, true)
            : item.type === 'correction'
              ? await findCorrection(tx, item.id, true)
              : await findLatePunch(tx, item.id, true);
        if (!request) throw new NotFound('Request not found');
        if (!isTeamInScope(scope, request.teamId)) {
          throw new Forbidden('This request is outside your team');
        }
        if (request.userId === viewer.userId)
          throw new Forbidden('Nobody approves their own request');
        if (request.status !== 'pending')
          throw new Conflict(`This request was already ${request.status}`, 'not_pending');
        const [from, to] =
          'startDate' in request
            ? [request.startDate, request.endDate]
            : [request.date, request.date];
        await assertNotLocked(tx, from, to);
        const status = input.decision === 'approve' ? 'approved' : 'rejected';
        const decided = {
          status,
          decidedBy: viewer.userId,
          comment: input.comment ?? null,
        } as const;
        let removalCorrectionId: string | undefined;
        if (item.type === 'time_off') await updateRequestStatus(tx, item.id, decided);
        else if (item.type === 'correction') await decideCorrection(tx, item.id, decided);
        else {
          if (status === 'rejected' && 'timeEventId' in request) {
            removalCorrectionId = await removeRejectedLatePunch(tx, viewer, request, input.comment);
          }
          await decideLatePunch(tx, item.id, { ...decided, removalCorrectionId });
        }
        // What is filed with which shift may change with any correction, a removal included.
        if (item.type !== 'time_off') await refileAddedPunches(tx, timeZone, request.userId, from);
        // A rejected late punch leaves the day's figures (its removal applies on recompute).
        if (status === 'approved' || removalCorrectionId)
          await markDaysStale(tx, request.userId, from, to);
        await writeAudit(tx, {
          actorId: viewer.userId,
          action: `${item.type}.${status === 'approved' ? 'approve' : 'reject'}`,
          entityType: AUDIT_ENTITY_OF[item.type],
          entityId: item.id,
          before: { status: 'pending' },
          after: {
            status,
            comment: input.comment ?? null,
            ...(removalCorrectionId ? { removalCorrectionId } : {}),
          },
          meta,
        });
        const what = {
          time_off: `time off from ${from} to ${to}`,
          correction: `correction for ${from}`,
          late_punch: `punch recorded late for ${from}`,
        }[item.type];
        await notifyRequester(
          tx,
          request.userId,
          input.decision,
          what,
          `${item.type}:${item.id}`,
          input.comment,
        );
        await announceApprovalsChanged(tx);
      });
      results.push({ id: item.id, ok: true, message: null });
    } catch (error) {
      if (!(error instanceof Error) || !('statusCode' in error)) throw error;
      results.push({ id: item.id, ok: false, message: error.message });
    }
  }
  return { results };
}

export async function lockPeriod(db: Db, rawInput: unknown, actor: Actor & { actorId: string }) {
  const input = parseInput(lockPeriodRequestSchema, rawInput);
  return db.transaction(async (tx) => {
    const id = await insertLock(tx, { ...input, lockedBy: actor.actorId });
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
  const id = parseInput(z.uuid('Lock not found'), rawId);
  await db.transaction(async (tx) => {
    const reopened = await reopenLock(tx, id, actor.actorId);
    if (!reopened) throw new NotFound('That lock was not found or is already reopened');
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

/** The SME dashboard: what waits, and today's exceptions for the people they cover. */
export async function getSmeOverview(
  db: Db,
  timeZone: string,
  viewer: Caller,
  settings: NotificationRuleSettings,
): Promise<SmeOverview> {
  const { items } = await listApprovals(db, viewer, { status: 'pending' });
  const now = new Date();
  const [{ today, people }, missed] = await Promise.all([
    loadAttendanceSnapshot(db, timeZone, now),
    db
      .select({ userId: dayMetrics.userId, date: dayMetrics.date })
      .from(dayMetrics)
      .where(
        and(
          eq(dayMetrics.missedClockOut, true),
          eq(dayMetrics.date, shiftDate(toBusinessDate(now, timeZone), -1)),
        ),
      ),
  ]);
  const yesterday = shiftDate(today, -1);
  const rows = buildBreakBoard(people, now, today, settings);
  const nameOf = new Map(people.map((person) => [person.userId, person.name]));
  const attention: SmeOverview['attention'] = [
    ...rows
      .filter((row) => row.status === 'late')
      .map((row) => ({
        userId: row.userId,
        name: row.name,
        kind: 'late' as const,
        detail: `${row.elapsedMinutes} min late`,
      })),
    ...rows
      .filter((row) => row.overByMinutes > 0)
      .map((row) => ({
        userId: row.userId,
        name: row.name,
        kind: 'overbreak' as const,
        detail: `${row.overByMinutes} min over their ${row.status === 'at_lunch' ? 'lunch' : 'break'}`,
      })),
    ...missed
      .filter((row) => row.date === yesterday && nameOf.has(row.userId))
      .map((row) => ({
        userId: row.userId,
        name: nameOf.get(row.userId) ?? '',
        kind: 'missed_clock_out' as const,
        detail: `No clock-out on ${row.date}`,
      })),
  ];
  const countOf = (type: ApprovalItemType) => items.filter((item) => item.type === type).length;
  return {
    pendingCount: items.length,
    pendingByType: {
      time_off: countOf('time_off'),
      correction: countOf('correction'),
      late_punch: countOf('late_punch'),
    },
    oldestPendingAt: items[0]?.request.requestedAt ?? null,
    attention,
  };
}
