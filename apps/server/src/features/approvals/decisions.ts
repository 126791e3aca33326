import { select, t } from '@lingui/core/macro';
// Decisions: approving or rejecting time off, corrections and late punches, one by one or in bulk.
import { decisionSchema, type ApprovalItemType } from '@punchclock/shared/contracts/approvals';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, Forbidden, NotFound, parseInput } from '../../platform/errors.ts';
import { notifyLive } from '../../platform/live-events.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { notificationMessage } from '@punchclock/shared/domain/notification-messages';
import { insertDrafts } from '../notification-store/index.ts';
import { markDaysStale } from '../day-metrics-queue/index.ts';
import type { Caller } from '../people/index.ts';
import { isTeamInScope } from '../people/index.ts';
import {
  decideCorrection,
  decideLatePunch,
  findCorrection,
  findLatePunch,
  insertCorrection,
  refileAddedPunches,
} from '../time-tracking/index.ts';
import { findRequest, findTimeOffFacts, updateRequestStatus } from '../time-off/index.ts';
import { announceApprovalsChanged } from '../request-decisions/index.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';
// Until rosters/index.ts re-exports them (the roster-server helper's file): see the #30 report.
import { decideShiftTrade, findTradeForDecision } from '../rosters/index.ts';
import { approverScope } from './queue.ts';

async function notifyRequester(
  db: Db,
  userId: string,
  decision: 'approve' | 'reject',
  item: { type: ApprovalItemType; from: string; to: string },
  occasion: string,
  comment: string | undefined,
) {
  await insertDrafts(db, [
    {
      userId,
      subjectUserId: userId,
      type: 'info',
      occasionKey: `decision:${occasion}`,
      ...decisionMessage(decision === 'approve', item, comment),
    },
  ]);
  await notifyLive(db, userId, 'notifications');
  await notifyLive(db, userId, 'time_off');
}

/** The requester's notification of a decision, worded in their language when read. */
function decisionMessage(
  approved: boolean,
  item: { type: ApprovalItemType; from: string; to: string },
  comment: string | undefined,
) {
  const { from, to } = item;
  const key = `${item.type}.${approved ? 'approved' : 'rejected'}` as const;
  return comment
    ? notificationMessage(`${key}_comment`, { from, to, comment })
    : notificationMessage(key, { from, to });
}

const AUDIT_ENTITY_OF: Record<ApprovalItemType, string> = {
  time_off: 'time_off_request',
  correction: 'time_correction',
  late_punch: 'late_punch_review',
  shift_trade: 'shift_trade',
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
 * A manager's step on a claim, or a swap or drop a colleague took (#30): the same checks as any
 * request (scope, not their own, still waiting, not in a locked period); approving re-checks the
 * rules for whoever takes the shift and refuses with the reasons; the requester is told.
 */
async function decideTrade(
  db: Db,
  timeZone: string,
  viewer: Caller,
  scope: Awaited<ReturnType<typeof approverScope>>,
  id: string,
  input: { decision: 'approve' | 'reject'; comment?: string | undefined },
  meta: RequestMeta,
): Promise<void> {
  const trade = await findTradeForDecision(db, id);
  if (!trade) throw new NotFound(t`Request not found`);
  if (!isTeamInScope(scope, trade.shift.teamId)) {
    throw new Forbidden(t`This request is outside your team`);
  }
  if (trade.userId === viewer.userId || trade.takerId === viewer.userId) {
    throw new Forbidden(t`Nobody approves their own request`);
  }
  const date = trade.shift.date;
  await assertPayNotLocked(db, date, date);
  await decideShiftTrade(db, timeZone, viewer, trade, {
    approve: input.decision === 'approve',
    comment: input.comment ?? null,
    meta,
  });
  await notifyRequester(
    db,
    trade.userId,
    input.decision,
    { type: 'shift_trade', from: date, to: date },
    `shift_trade:${id}`,
    input.comment,
  );
  await announceApprovalsChanged(db);
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
        if (item.type === 'shift_trade') {
          await decideTrade(tx, timeZone, viewer, scope, item.id, input, meta);
          return;
        }
        const request =
          item.type === 'time_off'
            ? await findRequest(tx, item.id, true)
            : item.type === 'correction'
              ? await findCorrection(tx, item.id, true)
              : await findLatePunch(tx, item.id, true);
        if (!request) throw new NotFound(t`Request not found`);
        if (!isTeamInScope(scope, request.teamId)) {
          throw new Forbidden(t`This request is outside your team`);
        }
        if (request.userId === viewer.userId)
          throw new Forbidden(t`Nobody approves their own request`);
        if (request.status !== 'pending') {
          const status = request.status;
          throw new Conflict(
            t`This request was already ${select(status, {
              approved: 'approved',
              rejected: 'rejected',
              cancelled: 'cancelled',
              other: 'pending',
            })}`,
            'not_pending',
          );
        }
        const [from, to] =
          'startDate' in request
            ? [request.startDate, request.endDate]
            : [request.date, request.date];
        await assertPayNotLocked(tx, from, to);
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
            // A time-off decision says which days and which type (webhooks, decision 0041).
            ...(item.type === 'time_off' ? await findTimeOffFacts(tx, item.id) : {}),
            userId: request.userId,
            status,
            comment: input.comment ?? null,
            ...(removalCorrectionId ? { removalCorrectionId } : {}),
          },
          meta,
        });
        await notifyRequester(
          tx,
          request.userId,
          input.decision,
          { type: item.type, from, to },
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
