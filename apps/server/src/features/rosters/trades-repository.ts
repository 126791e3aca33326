// The SQL of open shifts and trades (#30 item 5): trades as people and approvers see them, the
// shift a trade names (its board row and its published row), and moving a shift to its taker.
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ShiftTradeKind, ShiftTradeStatus } from '@punchclock/shared/contracts/rosters';
import type { Db } from '../../db/client.ts';
import {
  profiles,
  publishedShifts,
  shifts,
  shiftTrades,
  teamRosterSettings,
  teams,
  users,
} from '../../db/schema.ts';
import { personNameOf } from '../people/index.ts';

/** A trade's live statuses: one per shift at a time (unique index shift_trades_live_shift_key). */
export const LIVE_TRADE_STATUSES = ['offered', 'pending'] as const satisfies ShiftTradeStatus[];

const hhmm = (time: string | null) => time?.slice(0, 5) ?? null;

/**
 * A shift as trades read it: its published version (what people see), and whether the board
 * still agrees (same version, not deleted), so a pending board edit is seen.
 */
export interface TradeShiftRow {
  id: string;
  /** Null when the shift was never published. */
  published: {
    userId: string | null;
    teamId: string | null;
    teamName: string | null;
    date: string;
    startTime: string;
    endTime: string;
    lunchStart: string | null;
    lunchEnd: string | null;
    breakDurationMins: number;
    position: string | null;
    note: string | null;
    version: number;
  } | null;
  boardVersion: number;
  isDeletedOnBoard: boolean;
}

/** The shift a trade names; `lock` holds its board row until the transaction ends. */
export async function findTradeShift(
  db: Db,
  shiftId: string,
  lock = false,
): Promise<TradeShiftRow | null> {
  const boardQuery = db
    .select({ version: shifts.version, deletedAt: shifts.deletedAt })
    .from(shifts)
    .where(eq(shifts.id, shiftId));
  const [board] = lock ? await boardQuery.for('update') : await boardQuery;
  if (!board) return null;
  const [published] = await db
    .select({
      userId: publishedShifts.userId,
      teamId: publishedShifts.teamId,
      teamName: teams.name,
      date: publishedShifts.date,
      startTime: publishedShifts.startTime,
      endTime: publishedShifts.endTime,
      lunchStart: publishedShifts.lunchStart,
      lunchEnd: publishedShifts.lunchEnd,
      breakDurationMins: publishedShifts.breakDurationMins,
      position: publishedShifts.position,
      note: publishedShifts.note,
      version: publishedShifts.version,
    })
    .from(publishedShifts)
    .leftJoin(teams, eq(teams.id, publishedShifts.teamId))
    .where(eq(publishedShifts.id, shiftId));
  return {
    id: shiftId,
    published: published
      ? {
          ...published,
          startTime: hhmm(published.startTime) ?? published.startTime,
          endTime: hhmm(published.endTime) ?? published.endTime,
          lunchStart: hhmm(published.lunchStart),
          lunchEnd: hhmm(published.lunchEnd),
        }
      : null,
    boardVersion: board.version,
    isDeletedOnBoard: board.deletedAt !== null,
  };
}

/** Published shifts (open ones, or one person's) from a date on, in date order. */
export async function listPublishedShifts(
  db: Db,
  filter: { userId: string } | { openInTeam: string },
  fromDate: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: publishedShifts.id })
    .from(publishedShifts)
    .where(
      and(
        'userId' in filter
          ? eq(publishedShifts.userId, filter.userId)
          : and(isNull(publishedShifts.userId), eq(publishedShifts.teamId, filter.openInTeam)),
        gte(publishedShifts.date, fromDate),
      ),
    )
    .orderBy(asc(publishedShifts.date), asc(publishedShifts.startTime));
  return rows.map((row) => row.id);
}

/** `${userId} ${date}` of each day these people have a shift, on the board or published. */
export async function listShiftDays(
  db: Db,
  userIds: string[],
  from: string,
  to: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const [board, published] = await Promise.all([
    db
      .select({ userId: shifts.userId, date: shifts.date })
      .from(shifts)
      .where(
        and(
          inArray(shifts.userId, userIds),
          isNull(shifts.deletedAt),
          gte(shifts.date, from),
          lte(shifts.date, to),
        ),
      ),
    db
      .select({ userId: publishedShifts.userId, date: publishedShifts.date })
      .from(publishedShifts)
      .where(
        and(
          inArray(publishedShifts.userId, userIds),
          gte(publishedShifts.date, from),
          lte(publishedShifts.date, to),
        ),
      ),
  ]);
  return new Set([...board, ...published].map((row) => `${row.userId} ${row.date}`));
}

/** Whether a team approves open-shift claims without a manager. */
export async function isAutoApprovingClaims(db: Db, teamId: string | null): Promise<boolean> {
  if (!teamId) return false;
  const [row] = await db
    .select({ autoApproveClaims: teamRosterSettings.autoApproveClaims })
    .from(teamRosterSettings)
    .where(eq(teamRosterSettings.teamId, teamId));
  return row?.autoApproveClaims ?? false;
}

/** A person's team, name and positions (null when they do not exist). */
export async function findTradePerson(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      teamId: profiles.teamId,
      positions: profiles.positions,
      isSuspended: sql<boolean>`coalesce(${profiles.isSuspended}, false)`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ? { ...row, positions: row.positions ?? [] } : null;
}

/** The active people of a team, by name. */
export async function listTeamPeople(db: Db, teamId: string) {
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.teamId, teamId), eq(profiles.isSuspended, false)))
    .orderBy(asc(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`), asc(users.id));
  return rows;
}

// ---- Trades ------------------------------------------------------------------------------------

function selectTrades(db: Db) {
  return db
    .select({
      id: shiftTrades.id,
      kind: sql<ShiftTradeKind>`${shiftTrades.kind}`,
      status: sql<ShiftTradeStatus>`${shiftTrades.status}`,
      shiftId: shiftTrades.shiftId,
      userId: shiftTrades.userId,
      userName: sql<string>`${personNameOf(shiftTrades.userId)}`,
      takerId: shiftTrades.takerId,
      takerName: personNameOf(shiftTrades.takerId),
      note: shiftTrades.note,
      requestedAt: shiftTrades.requestedAt,
      acceptedAt: shiftTrades.acceptedAt,
      decidedBy: shiftTrades.decidedBy,
      decidedByName: personNameOf(shiftTrades.decidedBy),
      decidedAt: shiftTrades.decidedAt,
      decisionComment: shiftTrades.decisionComment,
      // The published version (what people see); the board's if it was never published.
      date: sql<string>`coalesce(${publishedShifts.date}, ${shifts.date})::text`,
      startTime: sql<string>`coalesce(${publishedShifts.startTime}, ${shifts.startTime})::text`,
      endTime: sql<string>`coalesce(${publishedShifts.endTime}, ${shifts.endTime})::text`,
      position: sql<
        string | null
      >`case when ${publishedShifts.id} is null then ${shifts.position} else ${publishedShifts.position} end`,
      teamId: sql<
        string | null
      >`case when ${publishedShifts.id} is null then ${shifts.teamId} else ${publishedShifts.teamId} end`,
      teamName: teams.name,
    })
    .from(shiftTrades)
    .innerJoin(shifts, eq(shifts.id, shiftTrades.shiftId))
    .leftJoin(publishedShifts, eq(publishedShifts.id, shiftTrades.shiftId))
    .leftJoin(
      teams,
      eq(
        teams.id,
        sql`case when ${publishedShifts.id} is null then ${shifts.teamId} else ${publishedShifts.teamId} end`,
      ),
    );
}

type SelectedTrade = Awaited<ReturnType<ReturnType<typeof selectTrades>['execute']>>[number];

export interface TradeRow {
  id: string;
  kind: ShiftTradeKind;
  status: ShiftTradeStatus;
  shiftId: string;
  userId: string;
  userName: string;
  takerId: string | null;
  takerName: string | null;
  note: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  shift: {
    id: string;
    date: string;
    startTime: string;
    endTime: string;
    position: string | null;
    teamId: string | null;
    teamName: string | null;
  };
}

function toTradeRow(row: SelectedTrade): TradeRow {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    shiftId: row.shiftId,
    userId: row.userId,
    userName: row.userName,
    takerId: row.takerId,
    takerName: row.takerName,
    note: row.note,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionComment: row.decisionComment,
    shift: {
      id: row.shiftId,
      date: row.date,
      startTime: row.startTime.slice(0, 5),
      endTime: row.endTime.slice(0, 5),
      position: row.position,
      teamId: row.teamId,
      teamName: row.teamName,
    },
  };
}

/** One trade; `lock` holds its row until the transaction ends. */
export async function findTrade(db: Db, id: string, lock = false): Promise<TradeRow | null> {
  const query = selectTrades(db).where(eq(shiftTrades.id, id));
  const [row] = lock ? await query.for('update', { of: shiftTrades }) : await query;
  return row ? toTradeRow(row) : null;
}

/** The trade of a shift still waiting (offered or pending), if any. */
export async function findLiveTradeOfShift(db: Db, shiftId: string) {
  const [row] = await db
    .select({ id: shiftTrades.id, kind: shiftTrades.kind, status: shiftTrades.status })
    .from(shiftTrades)
    .where(
      and(eq(shiftTrades.shiftId, shiftId), inArray(shiftTrades.status, [...LIVE_TRADE_STATUSES])),
    );
  return row ?? null;
}

/** Shifts among these with a trade still waiting. */
export async function listShiftsWithLiveTrades(db: Db, shiftIds: string[]): Promise<Set<string>> {
  if (shiftIds.length === 0) return new Set();
  const rows = await db
    .select({ shiftId: shiftTrades.shiftId })
    .from(shiftTrades)
    .where(
      and(
        inArray(shiftTrades.shiftId, shiftIds),
        inArray(shiftTrades.status, [...LIVE_TRADE_STATUSES]),
      ),
    );
  return new Set(rows.map((row) => row.shiftId));
}

/**
 * Withdraw the trades still waiting on these shifts (their shift changed under them): what the
 * people involved are told about. The decision comment says why.
 */
export async function voidLiveTrades(db: Db, shiftIds: readonly string[], comment: string) {
  if (shiftIds.length === 0) return [];
  return db
    .update(shiftTrades)
    .set({ status: 'cancelled', decidedAt: sql`now()`, decisionComment: comment })
    .where(
      and(
        inArray(shiftTrades.shiftId, [...shiftIds]),
        inArray(shiftTrades.status, [...LIVE_TRADE_STATUSES]),
      ),
    )
    .returning({
      id: shiftTrades.id,
      shiftId: shiftTrades.shiftId,
      userId: shiftTrades.userId,
      takerId: shiftTrades.takerId,
    });
}

/** What the market shows a person: offers to them or their team, and the trades they asked for. */
export async function listMarketTrades(db: Db, userId: string, teamId: string | null) {
  const [offers, mine] = await Promise.all([
    selectTrades(db)
      .where(
        and(
          eq(shiftTrades.status, 'offered'),
          or(
            and(eq(shiftTrades.kind, 'swap'), eq(shiftTrades.takerId, userId)),
            teamId
              ? and(
                  eq(shiftTrades.kind, 'drop'),
                  sql`${shiftTrades.userId} <> ${userId}`,
                  eq(publishedShifts.teamId, teamId),
                )
              : undefined,
          ),
        ),
      )
      .orderBy(asc(publishedShifts.date), asc(shiftTrades.requestedAt)),
    selectTrades(db)
      .where(eq(shiftTrades.userId, userId))
      .orderBy(desc(shiftTrades.requestedAt), desc(shiftTrades.id))
      .limit(100),
  ]);
  return { offers: offers.map(toTradeRow), mine: mine.map(toTradeRow) };
}

/**
 * Trades for the approvals queue: those that reached a manager (every claim; a swap or drop
 * once taken), by status, team of the shift and shift date.
 */
export async function listQueueTrades(
  db: Db,
  filter: { status?: string; teamIds?: string[] | null; from?: string; to?: string },
): Promise<TradeRow[]> {
  const teamColumn = sql`case when ${publishedShifts.id} is null then ${shifts.teamId} else ${publishedShifts.teamId} end`;
  const dateColumn = sql`coalesce(${publishedShifts.date}, ${shifts.date})`;
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(shiftTrades.status, filter.status) : undefined,
    or(eq(shiftTrades.kind, 'claim'), isNotNull(shiftTrades.acceptedAt)),
    filter.teamIds
      ? filter.teamIds.length > 0
        ? sql`${teamColumn} in ${filter.teamIds}`
        : sql`false`
      : undefined,
    filter.from ? sql`${dateColumn} >= ${filter.from}` : undefined,
    filter.to ? sql`${dateColumn} <= ${filter.to}` : undefined,
  ];
  const rows = await selectTrades(db)
    .where(and(...conditions))
    .orderBy(asc(shiftTrades.requestedAt));
  return rows.map(toTradeRow);
}

export async function insertTrade(
  db: Db,
  values: {
    kind: ShiftTradeKind;
    status: ShiftTradeStatus;
    shiftId: string;
    userId: string;
    takerId: string | null;
    note: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(shiftTrades)
    .values({
      ...values,
      // A claim is taken by its claimer at once.
      acceptedAt: values.kind === 'claim' ? sql`now()` : null,
    })
    .returning({ id: shiftTrades.id });
  if (!row) throw new Error('insert into shift_trades returned no row');
  return row.id;
}

/** A step of a trade: its new status, and who took it or decided it. */
export async function updateTrade(
  db: Db,
  id: string,
  step: {
    status: ShiftTradeStatus;
    takerId?: string;
    accepted?: boolean;
    decided?: { by: string | null; comment: string | null };
  },
): Promise<void> {
  await db
    .update(shiftTrades)
    .set({
      status: step.status,
      ...(step.takerId ? { takerId: step.takerId } : {}),
      ...(step.accepted ? { acceptedAt: sql`now()` } : {}),
      ...(step.decided
        ? {
            decidedBy: step.decided.by,
            decidedAt: sql`now()`,
            decisionComment: step.decided.comment,
          }
        : {}),
    })
    .where(eq(shiftTrades.id, id));
}
