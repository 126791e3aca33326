import { t } from '@lingui/core/macro';
import type { ShiftTradeKind, ShiftTradeStatus } from '../../contracts/rosters.ts';

/**
 * Open-shift claims, swaps and drops (#30, decision 0047) as a state machine:
 * - claim: `pending` (or `approved` at once when the team auto-approves claims); a manager
 *   approves or rejects; the claimer may cancel while it waits.
 * - swap (a named colleague): `offered`; the colleague accepts (→ `pending`) or declines; a
 *   manager then approves or rejects; the requester may cancel while offered or pending.
 * - drop (to the pool): `offered` to eligible colleagues; one accepts (→ `pending`, the taker);
 *   a manager approves or rejects; the requester may cancel while offered or pending.
 * The rules for the taker are checked by the caller at every step (conflicts.ts).
 */
export type TradeStep = 'accept' | 'decline' | 'cancel' | 'approve' | 'reject';
export type TradeActorRole = 'requester' | 'colleague' | 'manager';

export type TradeStepResult =
  { ok: true; status: ShiftTradeStatus } | { ok: false; reason: string };

/** The status a new trade starts in. */
export function initialTradeStatus(
  kind: ShiftTradeKind,
  options: { autoApproveClaims: boolean },
): ShiftTradeStatus {
  if (kind === 'claim') return options.autoApproveClaims ? 'approved' : 'pending';
  return 'offered';
}

/** Whether a trade still holds its shift (one live trade per shift). */
export function isTradeLive(status: ShiftTradeStatus): boolean {
  return status === 'offered' || status === 'pending';
}

/** Which role takes each step. */
const STEP_ACTOR: Record<TradeStep, TradeActorRole> = {
  accept: 'colleague',
  decline: 'colleague',
  cancel: 'requester',
  approve: 'manager',
  reject: 'manager',
};

/** From which statuses each step goes where, per kind; a step missing here is refused. */
const TRANSITIONS: Record<
  ShiftTradeKind,
  Partial<Record<TradeStep, Partial<Record<ShiftTradeStatus, ShiftTradeStatus>>>>
> = {
  claim: {
    cancel: { pending: 'cancelled' },
    approve: { pending: 'approved' },
    reject: { pending: 'rejected' },
  },
  swap: {
    accept: { offered: 'pending' },
    decline: { offered: 'declined' },
    cancel: { offered: 'cancelled', pending: 'cancelled' },
    approve: { pending: 'approved' },
    reject: { pending: 'rejected' },
  },
  drop: {
    accept: { offered: 'pending' },
    cancel: { offered: 'cancelled', pending: 'cancelled' },
    approve: { pending: 'approved' },
    reject: { pending: 'rejected' },
  },
};

function alreadyDecided(kind: ShiftTradeKind, status: ShiftTradeStatus): string {
  if (kind === 'claim') {
    switch (status) {
      case 'approved':
        return t`This claim was already approved`;
      case 'rejected':
        return t`This claim was already rejected`;
      default:
        return t`This claim was already withdrawn`;
    }
  }
  switch (status) {
    case 'approved':
      return kind === 'swap'
        ? t`This swap was already approved`
        : t`This shift was already given away`;
    case 'rejected':
      return kind === 'swap'
        ? t`This swap was already rejected`
        : t`This offer was already rejected`;
    case 'declined':
      return t`This swap was already declined`;
    default:
      return kind === 'swap'
        ? t`This swap was already withdrawn`
        : t`This offer was already withdrawn`;
  }
}

function wrongActor(kind: ShiftTradeKind, step: TradeStep): string {
  switch (step) {
    case 'accept':
      return kind === 'swap'
        ? t`Only the colleague it was offered to can accept it`
        : t`Only a colleague it is offered to can take it`;
    case 'decline':
      return t`Only the colleague it was offered to can decline it`;
    case 'cancel':
      return t`Only the person who asked can withdraw it`;
    case 'approve':
      return t`Only a manager can approve it`;
    default:
      return t`Only a manager can reject it`;
  }
}

/** Why a step does not apply to a live trade of this kind and status. */
function notNow(kind: ShiftTradeKind, step: TradeStep, status: ShiftTradeStatus): string {
  if (kind === 'claim' && (step === 'accept' || step === 'decline')) {
    return t`A claim is not offered to a colleague; a manager decides it`;
  }
  if (kind === 'drop' && step === 'decline') {
    return t`A dropped shift is offered to everyone eligible; leave it for someone else to take`;
  }
  if ((step === 'accept' || step === 'decline') && status === 'pending') {
    return t`It was already accepted and waits for a manager`;
  }
  // approve or reject while still offered
  return kind === 'swap'
    ? t`The colleague has not accepted this swap yet`
    : t`Nobody has taken this shift yet`;
}

/** Where a step takes a trade, or why it is refused. */
export function nextTradeStatus(
  trade: { kind: ShiftTradeKind; status: ShiftTradeStatus },
  step: TradeStep,
  actor: TradeActorRole,
): TradeStepResult {
  if (!isTradeLive(trade.status)) {
    return { ok: false, reason: alreadyDecided(trade.kind, trade.status) };
  }
  if (STEP_ACTOR[step] !== actor) return { ok: false, reason: wrongActor(trade.kind, step) };
  const next = TRANSITIONS[trade.kind][step]?.[trade.status];
  if (!next) return { ok: false, reason: notNow(trade.kind, step, trade.status) };
  return { ok: true, status: next };
}
