import { t } from '@lingui/core/macro';
// The shift market (#30 item 5): what a person may pick up, what is offered to them, their own
// trades, and their shifts they may offer, each with what would refuse it now.
import type { ShiftMarket, TradeShift } from '@punchclock/shared/contracts/rosters';
import { businessInstant, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../people/index.ts';
import {
  findTradePerson,
  findTradeShift,
  listMarketTrades,
  listPublishedShifts,
  listShiftsWithLiveTrades,
  listTeamPeople,
  type TradeShiftRow,
} from './trades-repository.ts';
import { tradeProblems, withProblems } from './trades.ts';

function toTradeShift(shift: TradeShiftRow): TradeShift | null {
  const published = shift.published;
  if (!published) return null;
  return {
    id: shift.id,
    date: published.date,
    startTime: published.startTime,
    endTime: published.endTime,
    position: published.position,
    teamId: published.teamId,
    teamName: published.teamName,
  };
}

/** The published shifts of these ids that have not started yet. */
async function loadComingShifts(
  db: Db,
  ids: string[],
  now: Date,
  timeZone: string,
): Promise<TradeShiftRow[]> {
  const rows = await Promise.all(ids.map((id) => findTradeShift(db, id)));
  return rows.filter(
    (row): row is TradeShiftRow =>
      row?.published != null &&
      businessInstant(row.published.date, row.published.startTime, timeZone) > now,
  );
}

/** GET /api/shift-market for the caller. */
export async function getShiftMarket(
  db: Db,
  timeZone: string,
  caller: Caller,
  now = new Date(),
): Promise<ShiftMarket> {
  const me = await findTradePerson(db, caller.userId);
  const teamId = me?.teamId ?? null;
  const today = toBusinessDate(now, timeZone);
  const [openIds, myIds, trades, colleagues] = await Promise.all([
    teamId ? listPublishedShifts(db, { openInTeam: teamId }, today) : [],
    listPublishedShifts(db, { userId: caller.userId }, today),
    listMarketTrades(db, caller.userId, teamId),
    teamId ? listTeamPeople(db, teamId) : [],
  ]);
  const [openRows, myRows] = await Promise.all([
    loadComingShifts(db, openIds, now, timeZone),
    loadComingShifts(db, myIds, now, timeZone),
  ]);
  const traded = await listShiftsWithLiveTrades(db, [...openIds, ...myIds]);
  const [openProblems, myProblems] = await Promise.all([
    tradeProblems(
      db,
      timeZone,
      caller.userId,
      openRows.map((shift) => ({
        shift,
        kind: 'claim' as const,
        requesterId: caller.userId,
        takerId: caller.userId,
      })),
      now,
    ),
    tradeProblems(
      db,
      timeZone,
      caller.userId,
      myRows.map((shift) => ({
        shift,
        kind: 'drop' as const,
        requesterId: caller.userId,
        takerId: null,
      })),
      now,
    ),
  ]);
  const waiting = t`Someone already asked for this shift; it waits for a decision`;
  // Offers are checked with the caller as the one who would take them.
  const offers = await withProblems(
    db,
    timeZone,
    caller.userId,
    trades.offers.map((trade) => ({ ...trade, takerId: caller.userId })),
  );
  return {
    openShifts: openRows.flatMap((shift, index) => {
      const trade = toTradeShift(shift);
      const problems = [...(traded.has(shift.id) ? [waiting] : []), ...(openProblems[index] ?? [])];
      return trade ? [{ ...trade, problems }] : [];
    }),
    offers: offers.map((offer, index) => ({
      ...offer,
      // The offer as stored: a drop names no taker until someone takes it.
      takerId: trades.offers[index]?.takerId ?? null,
      takerName: trades.offers[index]?.takerName ?? null,
    })),
    mine: await withProblems(db, timeZone, caller.userId, trades.mine),
    myShifts: myRows.flatMap((shift, index) => {
      const trade = toTradeShift(shift);
      const offerable = !traded.has(shift.id) && (myProblems[index] ?? []).length === 0;
      return trade && offerable ? [trade] : [];
    }),
    colleagues: colleagues
      .filter((person) => person.id !== caller.userId)
      .map((person) => ({ id: person.id, name: person.name })),
  };
}
