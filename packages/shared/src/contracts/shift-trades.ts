import { z } from 'zod';
import { isoDate } from './common.ts';

/*
 * Open-shift claims, swaps and drops (#30, decision 0047) as the approvals queue and the shift
 * market show them. Apart from the rest of the roster's contracts (rosters.ts) so the approvals
 * contract, on the first page's path, does not bring them along.
 */

export const SHIFT_TRADE_KINDS = [
  /** Someone asks for an open shift. */
  'claim',
  /** Someone offers their shift to a named colleague. */
  'swap',
  /** Someone offers their shift to anyone eligible. */
  'drop',
] as const;
export type ShiftTradeKind = (typeof SHIFT_TRADE_KINDS)[number];

export const SHIFT_TRADE_STATUSES = [
  /** A swap or drop waiting for a colleague to take it. */
  'offered',
  /** Waiting for a manager. */
  'pending',
  'approved',
  'rejected',
  /** The named colleague said no. */
  'declined',
  /** Withdrawn by the person who asked, or void because the shift changed. */
  'cancelled',
] as const;
export type ShiftTradeStatus = (typeof SHIFT_TRADE_STATUSES)[number];

/** A shift as trades show it (always its published version). */
export const tradeShiftSchema = z.object({
  id: z.uuid(),
  date: isoDate,
  startTime: z.string(),
  endTime: z.string(),
  position: z.string().nullable(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
});
export type TradeShift = z.infer<typeof tradeShiftSchema>;

export const shiftTradeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SHIFT_TRADE_KINDS),
  status: z.enum(SHIFT_TRADE_STATUSES),
  shift: tradeShiftSchema,
  /** Who asked: the claimer, or the person giving the shift away. */
  userId: z.uuid(),
  userName: z.string(),
  /** Who takes the shift: the named colleague of a swap, whoever took a drop; null until then. */
  takerId: z.uuid().nullable(),
  takerName: z.string().nullable(),
  note: z.string().nullable(),
  requestedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
  /** What would refuse it now (checked again at every step), in the reader's language. */
  problems: z.array(z.string()),
});
export type ShiftTrade = z.infer<typeof shiftTradeSchema>;
