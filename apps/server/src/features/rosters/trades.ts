import { t } from '@lingui/core/macro';
// Open shifts and trades (#30 item 5, decision 0047): claims, swaps and drops of published
// shifts, each step re-checking the rules for whoever would take the shift; a manager's approval
// (or a team that approves claims by itself) moves the shift, published at once.
import { z } from 'zod';
import {
  shiftTradeRequestSchema,
  type ShiftTrade,
  type ShiftTradeKind,
  type ShiftTradeStatus,
} from '@punchclock/shared/contracts/rosters';
import { businessInstant } from '@punchclock/shared/domain/business-time';
import {
  notificationMessage,
  type NotificationMessage,
} from '@punchclock/shared/domain/notification-messages';
import {
  findShiftConflicts,
  takerRefusingConflicts,
  type PersonPlanContext,
} from '@punchclock/shared/domain/roster/conflicts';
import type { RosterShift } from '@punchclock/shared/domain/roster/shift';
import {
  initialTradeStatus,
  isTradeLive,
  nextTradeStatus,
  type TradeActorRole,
  type TradeStep,
} from '@punchclock/shared/domain/roster/trades';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Forbidden,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import { notifyLive } from '../../platform/live-events.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { insertDrafts } from '../notification-store/index.ts';
import type { Caller } from '../people/index.ts';
import { announceApprovalsChanged } from '../request-decisions/index.ts';
import { loadPlanContexts } from './plan-context.ts';
import { publishShiftsNow } from './publish.ts';
import { lockShift, setShiftPerson } from './repository.ts';
import {
  findLiveTradeOfShift,
  findTrade,
  findTradePerson,
  findTradeShift,
  insertTrade,
  isAutoApprovingClaims,
  listQueueTrades,
  listShiftDays,
  listTeamPeople,
  updateTrade,
  type TradeRow,
  type TradeShiftRow,
} from './trades-repository.ts';

// ---- The rules ---------------------------------------------------------------------------------

/** What a rule check needs to know about one trade: its shift, kind, who asks, who takes. */
export interface TradeCase {
  shift: TradeShiftRow;
  kind: ShiftTradeKind;
  requesterId: string;
  /** Null: nobody yet (a drop still offered). */
  takerId: string | null;
}

type Published = NonNullable<TradeShiftRow['published']>;

/** Why the shift itself cannot be traded now (published, unchanged, in the future, whose). */
function shiftProblems(
  { shift, kind, requesterId }: TradeCase,
  requesterName: string | null,
  now: Date,
  timeZone: string,
): string[] {
  const published = shift.published;
  if (!published) return [t`This shift is not published`];
  if (shift.isDeletedOnBoard) return [t`This shift was removed from the roster`];
  const problems: string[] = [];
  if (shift.boardVersion !== published.version) {
    problems.push(
      t`This shift was changed on the roster after it was published; it can be traded once the change is published`,
    );
  }
  if (businessInstant(published.date, published.startTime, timeZone) <= now) {
    problems.push(t`This shift has already started`);
  }
  if (kind === 'claim' && published.userId !== null) {
    problems.push(t`This shift is no longer open`);
  }
  if (kind !== 'claim' && published.userId !== requesterId) {
    problems.push(
      requesterName === null
        ? t`This shift is not yours`
        : t`This shift no longer belongs to ${requesterName}`,
    );
  }
  return problems;
}

/** The people who may take shifts, their plans and their days with a shift, loaded once. */
interface TakerFacts {
  people: Map<string, NonNullable<Awaited<ReturnType<typeof findTradePerson>>>>;
  plans: Map<string, PersonPlanContext>;
  /** `${userId} ${date}` of every shift on the board or published. */
  shiftDays: Set<string>;
}

async function loadTakerFacts(db: Db, takerIds: string[], dates: string[]): Promise<TakerFacts> {
  const userIds = [...new Set(takerIds)];
  if (userIds.length === 0 || dates.length === 0) {
    return { people: new Map(), plans: new Map(), shiftDays: new Set() };
  }
  const sorted = [...dates].sort();
  const from = sorted[0] as string;
  const to = sorted[sorted.length - 1] as string;
  // One read after another: a trade's steps pass their transaction, one connection (node-postgres
  // deprecates a query sent on a client still busy with another; pg 9 refuses it).
  const people = [];
  for (const id of userIds) people.push(await findTradePerson(db, id));
  // loadPlanContexts reads the weeks around these dates itself (rest rules, 48 hours).
  const plans = await loadPlanContexts(db, { userIds, from, to, version: 'published' });
  const shiftDays = await listShiftDays(db, userIds, from, to);
  return {
    people: new Map(people.flatMap((person) => (person ? [[person.id, person] as const] : []))),
    plans,
    shiftDays,
  };
}

/** The shift as the rules would check it for its taker. */
function shiftFor(shiftId: string, published: Published, userId: string): RosterShift {
  return {
    id: shiftId,
    userId,
    date: published.date,
    startTime: published.startTime,
    endTime: published.endTime,
    lunchStart: published.lunchStart,
    lunchEnd: published.lunchEnd,
    breakDurationMins: published.breakDurationMins,
    position: published.position,
    overrideReason: null,
  };
}

/**
 * Why this person may not take the shift: not of its team, a position they do not hold, a shift
 * that day already, or a conflict that refuses a trade (time off, overlap, rest, 48 hours,
 * unavailable). Worded for the caller ("You…") or about the person by name.
 */
function takerProblems(
  facts: TakerFacts,
  shiftId: string,
  published: Published,
  takerId: string,
  callerId: string,
  timeZone: string,
): string[] {
  const person = facts.people.get(takerId);
  const isCaller = takerId === callerId;
  if (!person || person.isSuspended) return [t`This person cannot take shifts`];
  const name = person.name;
  if (!published.teamId || person.teamId !== published.teamId) {
    return [
      isCaller ? t`You are not in this shift's team` : t`${name} is not in this shift's team`,
    ];
  }
  const plan: PersonPlanContext = facts.plans.get(takerId) ?? {
    userId: takerId,
    positions: person.positions,
    shifts: [],
    timeOff: [],
    weekly: [],
    exceptions: [],
  };
  const conflicts = takerRefusingConflicts(
    findShiftConflicts(shiftFor(shiftId, published, takerId), plan, timeZone),
  );
  const problems: string[] = [];
  // One shift a day: a published one that day is an overlap already; the board's is not.
  const hasOverlap = conflicts.some((conflict) => conflict.code === 'overlap');
  if (!hasOverlap && facts.shiftDays.has(`${takerId} ${published.date}`)) {
    const day = formatBusinessDateLong(published.date);
    problems.push(
      isCaller ? t`You already have a shift on ${day}` : t`${name} already has a shift on ${day}`,
    );
  }
  for (const conflict of conflicts) {
    const { message } = conflict;
    problems.push(isCaller ? message : t`${name}: ${message}`);
  }
  return problems;
}

/** What refuses each trade now: its shift, then its taker (when it has one). */
export async function tradeProblems(
  db: Db,
  timeZone: string,
  callerId: string,
  cases: TradeCase[],
  now = new Date(),
): Promise<string[][]> {
  const dated = cases.flatMap((each) => (each.shift.published ? [each] : []));
  const facts = await loadTakerFacts(
    db,
    dated.flatMap((each) => (each.takerId ? [each.takerId] : [])),
    dated.map((each) => (each.shift.published as Published).date),
  );
  const requesters = new Map<string, string | null>();
  for (const each of cases) {
    if (each.kind === 'claim' || requesters.has(each.requesterId)) continue;
    requesters.set(
      each.requesterId,
      each.requesterId === callerId
        ? null
        : ((await findTradePerson(db, each.requesterId))?.name ?? null),
    );
  }
  return cases.map((each) => {
    const problems = shiftProblems(each, requesters.get(each.requesterId) ?? null, now, timeZone);
    if (!each.shift.published || !each.takerId) return problems;
    return [
      ...problems,
      ...takerProblems(
        facts,
        each.shift.id,
        each.shift.published,
        each.takerId,
        callerId,
        timeZone,
      ),
    ];
  });
}

/** Refuse with every reason at once, in plain words. */
function refuseFor(problems: string[]): void {
  if (problems.length > 0) throw new Conflict(problems.join(' · '), 'trade_refused');
}

// ---- Answers -----------------------------------------------------------------------------------

export function toShiftTrade(trade: TradeRow, problems: string[] = []): ShiftTrade {
  return {
    id: trade.id,
    kind: trade.kind,
    status: trade.status,
    shift: trade.shift,
    userId: trade.userId,
    userName: trade.userName,
    takerId: trade.takerId,
    takerName: trade.takerName,
    note: trade.note,
    requestedAt: trade.requestedAt,
    decidedByName: trade.decidedByName,
    decidedAt: trade.decidedAt,
    decisionComment: trade.decisionComment,
    problems,
  };
}

/** Trades with what would refuse them now (only waiting ones can be refused). */
export async function withProblems(
  db: Db,
  timeZone: string,
  callerId: string,
  trades: TradeRow[],
): Promise<ShiftTrade[]> {
  const live = trades.filter((trade) => isTradeLive(trade.status));
  const shifts = await Promise.all(live.map((trade) => findTradeShift(db, trade.shiftId)));
  const cases = live.flatMap((trade, index) => {
    const shift = shifts[index];
    return shift
      ? [{ shift, kind: trade.kind, requesterId: trade.userId, takerId: trade.takerId, trade }]
      : [];
  });
  const problems = await tradeProblems(db, timeZone, callerId, cases);
  const byTrade = new Map(cases.map((each, index) => [each.trade.id, problems[index] ?? []]));
  return trades.map((trade) => toShiftTrade(trade, byTrade.get(trade.id) ?? []));
}

// ---- Telling people ----------------------------------------------------------------------------

async function tell(
  db: Db,
  userIds: string[],
  subjectUserId: string,
  occasion: string,
  message: NotificationMessage,
): Promise<void> {
  const inserted = await insertDrafts(
    db,
    userIds.map((userId) => ({
      userId,
      subjectUserId,
      type: 'info' as const,
      occasionKey: `shift_trade:${occasion}`,
      ...message,
    })),
  );
  for (const row of inserted) await notifyLive(db, row.userId, 'notifications');
}

const AUDIT_ENTITY = 'shift_trade';

/** The facts every trade audit row carries (and the shift.traded webhook sends). */
function tradeFacts(trade: TradeRow) {
  return {
    kind: trade.kind,
    shiftId: trade.shiftId,
    date: trade.shift.date,
    startTime: trade.shift.startTime,
    endTime: trade.shift.endTime,
    position: trade.shift.position,
    teamId: trade.shift.teamId,
    userId: trade.userId,
    takerId: trade.takerId,
  };
}

// ---- Steps -------------------------------------------------------------------------------------

function parseTradeId(rawId: string): string {
  return parseInput(z.uuid(t`Trade not found`), rawId);
}

/** The unique index on live trades answers a race as a plain refusal. */
function answerRace(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new Conflict(
      t`Someone else changed this shift at the same time; reload and try again`,
      'trade_exists',
    );
  }
  throw error;
}

async function reload(db: Db, id: string): Promise<TradeRow> {
  const trade = await findTrade(db, id);
  if (!trade) throw new Error(`trade ${id} not found after a change`);
  return trade;
}

/**
 * Claim an open shift, offer one's shift to a named colleague (swap) or to the team (drop).
 * A claim waits for a manager unless the shift's team approves claims by itself.
 */
export async function requestShiftTrade(
  db: Db,
  timeZone: string,
  caller: Caller,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<ShiftTrade> {
  const input = parseInput(shiftTradeRequestSchema, rawInput);
  if (input.kind === 'swap' && input.colleagueId === caller.userId) {
    throw new Invalid(t`Choose a colleague other than yourself`);
  }
  return db
    .transaction(async (tx) => {
      const shift = await findTradeShift(tx, input.shiftId, true);
      if (!shift?.published) throw new NotFound(t`Shift not found`);
      const published = shift.published;
      if (input.kind !== 'claim' && published.userId !== caller.userId) {
        throw new Forbidden(t`This shift is not yours`);
      }
      if (await findLiveTradeOfShift(tx, shift.id)) {
        throw new Conflict(
          t`This shift already has a claim or an offer waiting; try again once it is settled`,
          'trade_exists',
        );
      }
      const takerId =
        input.kind === 'claim' ? caller.userId : input.kind === 'swap' ? input.colleagueId : null;
      const [problems = []] = await tradeProblems(tx, timeZone, caller.userId, [
        { shift, kind: input.kind, requesterId: caller.userId, takerId },
      ]);
      refuseFor(problems);
      const autoApproveClaims =
        input.kind === 'claim' && (await isAutoApprovingClaims(tx, published.teamId));
      const status = initialTradeStatus(input.kind, { autoApproveClaims });
      const id = await insertTrade(tx, {
        kind: input.kind,
        status: status === 'approved' ? 'pending' : status,
        shiftId: shift.id,
        userId: caller.userId,
        takerId,
        note: input.note ?? null,
      });
      const trade = await reload(tx, id);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'shift_trade.request',
        entityType: AUDIT_ENTITY,
        entityId: id,
        after: { ...tradeFacts(trade), status, note: trade.note },
        meta,
      });
      const date = published.date;
      if (status === 'approved') {
        // The team approves claims by itself: the claim is decided as it is made.
        await approveTrade(tx, trade, { decidedBy: null, comment: null, meta });
      } else if (status === 'pending') {
        await announceApprovalsChanged(tx);
      } else if (input.kind === 'swap' && takerId) {
        await tell(
          tx,
          [takerId],
          caller.userId,
          `${id}:offered`,
          notificationMessage('shift_trade.offered', { name: trade.userName, date }),
        );
      } else {
        await tellEligibleColleagues(tx, timeZone, trade, shift);
      }
      return toShiftTrade(await reload(tx, id));
    })
    .catch(answerRace);
}

/** A dropped shift is offered to the team: everyone who could take it hears of it. */
async function tellEligibleColleagues(
  db: Db,
  timeZone: string,
  trade: TradeRow,
  shift: TradeShiftRow,
): Promise<void> {
  const teamId = shift.published?.teamId;
  if (!teamId) return;
  const colleagues = (await listTeamPeople(db, teamId)).filter((p) => p.id !== trade.userId);
  const problems = await tradeProblems(
    db,
    timeZone,
    trade.userId,
    colleagues.map((colleague) => ({
      shift,
      kind: trade.kind,
      requesterId: trade.userId,
      takerId: colleague.id,
    })),
  );
  const eligible = colleagues.filter((_, index) => (problems[index] ?? []).length === 0);
  await tell(
    db,
    eligible.map((colleague) => colleague.id),
    trade.userId,
    `${trade.id}:offered`,
    notificationMessage('shift_trade.offered', { name: trade.userName, date: trade.shift.date }),
  );
}

/** The step's new status, or the state machine's reason as a refusal. */
function stepTo(trade: TradeRow, step: TradeStep, actor: TradeActorRole): ShiftTradeStatus {
  const next = nextTradeStatus(trade, step, actor);
  if (!next.ok) throw new Conflict(next.reason, 'trade_step_refused');
  return next.status;
}

async function findForStep(db: Db, rawId: string): Promise<TradeRow> {
  const trade = await findTrade(db, parseTradeId(rawId), true);
  if (!trade) throw new NotFound(t`Trade not found`);
  return trade;
}

/** The colleague takes a swap offered to them, or anyone eligible of the team a dropped shift. */
export async function acceptShiftTrade(
  db: Db,
  timeZone: string,
  caller: Caller,
  rawId: string,
  meta: RequestMeta,
): Promise<ShiftTrade> {
  return db
    .transaction(async (tx) => {
      const trade = await findForStep(tx, rawId);
      if (trade.kind === 'swap' && trade.takerId !== caller.userId) {
        throw new Forbidden(t`This offer is for someone else`);
      }
      if (trade.kind === 'drop' && trade.userId === caller.userId) {
        throw new Conflict(t`You cannot take your own shift; withdraw the offer instead`);
      }
      const status = stepTo(trade, 'accept', 'colleague');
      const shift = await findTradeShift(tx, trade.shiftId, true);
      if (!shift) throw new NotFound(t`Shift not found`);
      const [problems = []] = await tradeProblems(tx, timeZone, caller.userId, [
        { shift, kind: trade.kind, requesterId: trade.userId, takerId: caller.userId },
      ]);
      refuseFor(problems);
      await updateTrade(tx, trade.id, { status, takerId: caller.userId, accepted: true });
      const accepted = await reload(tx, trade.id);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'shift_trade.accept',
        entityType: AUDIT_ENTITY,
        entityId: trade.id,
        before: { status: trade.status },
        after: { ...tradeFacts(accepted), status },
        meta,
      });
      await tell(
        tx,
        [trade.userId],
        caller.userId,
        `${trade.id}:taken`,
        notificationMessage('shift_trade.taken', {
          name: accepted.takerName,
          date: trade.shift.date,
        }),
      );
      await announceApprovalsChanged(tx);
      return toShiftTrade(accepted);
    })
    .catch(answerRace);
}

/** The named colleague turns a swap down. */
export async function declineShiftTrade(
  db: Db,
  caller: Caller,
  rawId: string,
  meta: RequestMeta,
): Promise<ShiftTrade> {
  return db.transaction(async (tx) => {
    const trade = await findForStep(tx, rawId);
    if (trade.kind === 'swap' && trade.takerId !== caller.userId) {
      throw new Forbidden(t`This offer is for someone else`);
    }
    const status = stepTo(trade, 'decline', 'colleague');
    await updateTrade(tx, trade.id, { status });
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'shift_trade.decline',
      entityType: AUDIT_ENTITY,
      entityId: trade.id,
      before: { status: trade.status },
      after: { ...tradeFacts(trade), status },
      meta,
    });
    await tell(
      tx,
      [trade.userId],
      caller.userId,
      `${trade.id}:declined`,
      notificationMessage('shift_trade.declined', {
        name: trade.takerName,
        date: trade.shift.date,
      }),
    );
    return toShiftTrade(await reload(tx, trade.id));
  });
}

/** The person who asked withdraws their claim or offer while it waits. */
export async function cancelShiftTrade(
  db: Db,
  caller: Caller,
  rawId: string,
  meta: RequestMeta,
): Promise<ShiftTrade> {
  return db.transaction(async (tx) => {
    const trade = await findForStep(tx, rawId);
    if (trade.userId !== caller.userId) {
      throw new Forbidden(t`Only the person who asked can withdraw it`);
    }
    const status = stepTo(trade, 'cancel', 'requester');
    await updateTrade(tx, trade.id, { status });
    await writeAudit(tx, {
      actorId: caller.userId,
      action: 'shift_trade.cancel',
      entityType: AUDIT_ENTITY,
      entityId: trade.id,
      before: { status: trade.status },
      after: { ...tradeFacts(trade), status },
      meta,
    });
    if (trade.status === 'pending') await announceApprovalsChanged(tx);
    if (trade.takerId && trade.takerId !== caller.userId) {
      await notifyLive(tx, trade.takerId, 'notifications');
    }
    return toShiftTrade(await reload(tx, trade.id));
  });
}

/**
 * Approving moves the shift to its taker on the board and for people at once (one new version
 * on both), marks both people's day for recompute, and tells the taker it is theirs. The audit
 * row `shift_trade.approve` feeds the shift.traded webhook.
 */
async function approveTrade(
  db: Db,
  trade: TradeRow,
  decision: { decidedBy: string | null; comment: string | null; meta: RequestMeta },
): Promise<void> {
  const takerId = trade.takerId;
  if (!takerId) throw new Conflict(t`Nobody has taken this shift yet`);
  const date = trade.shift.date;
  const shift = await findTradeShift(db, trade.shiftId);
  const fromUserId = shift?.published?.userId ?? null;
  await updateTrade(db, trade.id, {
    status: 'approved',
    decided: { by: decision.decidedBy, comment: decision.comment },
  });
  // An approved trade is published at once, through the same step as a publish (both people's
  // days recomputed, their rosters told).
  await lockShift(db, trade.shiftId);
  await setShiftPerson(db, trade.shiftId, takerId);
  await publishShiftsNow(db, [trade.shiftId], decision.decidedBy);
  await writeAudit(db, {
    actorId: decision.decidedBy,
    action: 'shift_trade.approve',
    entityType: AUDIT_ENTITY,
    entityId: trade.id,
    before: { status: trade.status, shiftUserId: fromUserId },
    after: {
      ...tradeFacts(trade),
      status: 'approved',
      fromUserId,
      toUserId: takerId,
      comment: decision.comment,
      autoApproved: decision.decidedBy === null,
    },
    meta: decision.meta,
  });
  await tell(
    db,
    [takerId],
    takerId,
    `${trade.id}:given`,
    notificationMessage('shift_trade.given', { date }),
  );
  if (fromUserId) await notifyLive(db, fromUserId, 'notifications');
  await announceApprovalsChanged(db);
}

/** A trade as the approvals decision reads it (locked), or null. */
export function findTradeForDecision(db: Db, id: string): Promise<TradeRow | null> {
  return findTrade(db, id, true);
}

/**
 * A manager's decision on a waiting trade (the approvals queue): approving re-checks every rule
 * for the taker and refuses with the reasons; the caller checks scope and own requests, and
 * tells the requester.
 */
export async function decideShiftTrade(
  db: Db,
  timeZone: string,
  decider: Caller,
  trade: TradeRow,
  decision: { approve: boolean; comment: string | null; meta: RequestMeta },
): Promise<void> {
  const status = stepTo(trade, decision.approve ? 'approve' : 'reject', 'manager');
  if (status === 'approved') {
    const shift = await findTradeShift(db, trade.shiftId, true);
    if (!shift) throw new NotFound(t`Shift not found`);
    const [problems = []] = await tradeProblems(db, timeZone, decider.userId, [
      { shift, kind: trade.kind, requesterId: trade.userId, takerId: trade.takerId },
    ]);
    refuseFor(problems);
    await approveTrade(db, trade, {
      decidedBy: decider.userId,
      comment: decision.comment,
      meta: decision.meta,
    }).catch(answerRace);
    return;
  }
  await updateTrade(db, trade.id, {
    status,
    decided: { by: decider.userId, comment: decision.comment },
  });
  await writeAudit(db, {
    actorId: decider.userId,
    action: 'shift_trade.reject',
    entityType: AUDIT_ENTITY,
    entityId: trade.id,
    before: { status: trade.status },
    after: { ...tradeFacts(trade), status, comment: decision.comment },
    meta: decision.meta,
  });
}

/**
 * Trades for the approvals queue (those that reached a manager), with what would refuse them
 * now, and the team of their shift (the approver's scope).
 */
export async function listShiftTradeApprovals(
  db: Db,
  timeZone: string,
  viewerId: string,
  filter: { status?: string; teamIds?: string[] | null; from?: string; to?: string },
): Promise<(ShiftTrade & { teamId: string | null })[]> {
  const trades = await listQueueTrades(db, filter);
  const items = await withProblems(db, timeZone, viewerId, trades);
  return items.map((item, index) => ({ ...item, teamId: trades[index]?.shift.teamId ?? null }));
}
