import { describe, expect, it } from 'vitest';
import {
  SHIFT_TRADE_KINDS,
  SHIFT_TRADE_STATUSES,
  type ShiftTradeKind,
  type ShiftTradeStatus,
} from '../../contracts/rosters.ts';
import {
  initialTradeStatus,
  isTradeLive,
  nextTradeStatus,
  type TradeActorRole,
  type TradeStep,
} from './trades.ts';

const STEPS: TradeStep[] = ['accept', 'decline', 'cancel', 'approve', 'reject'];
const ACTORS: TradeActorRole[] = ['requester', 'colleague', 'manager'];

/** Every allowed move: kind, from, step, by whom, to. Anything else is refused. */
const ALLOWED: [ShiftTradeKind, ShiftTradeStatus, TradeStep, TradeActorRole, ShiftTradeStatus][] = [
  ['claim', 'pending', 'approve', 'manager', 'approved'],
  ['claim', 'pending', 'reject', 'manager', 'rejected'],
  ['claim', 'pending', 'cancel', 'requester', 'cancelled'],
  ['swap', 'offered', 'accept', 'colleague', 'pending'],
  ['swap', 'offered', 'decline', 'colleague', 'declined'],
  ['swap', 'offered', 'cancel', 'requester', 'cancelled'],
  ['swap', 'pending', 'cancel', 'requester', 'cancelled'],
  ['swap', 'pending', 'approve', 'manager', 'approved'],
  ['swap', 'pending', 'reject', 'manager', 'rejected'],
  ['drop', 'offered', 'accept', 'colleague', 'pending'],
  ['drop', 'offered', 'cancel', 'requester', 'cancelled'],
  ['drop', 'pending', 'cancel', 'requester', 'cancelled'],
  ['drop', 'pending', 'approve', 'manager', 'approved'],
  ['drop', 'pending', 'reject', 'manager', 'rejected'],
];

describe('initialTradeStatus', () => {
  it.each([
    ['claim', false, 'pending'],
    ['claim', true, 'approved'],
    ['swap', false, 'offered'],
    ['swap', true, 'offered'],
    ['drop', false, 'offered'],
    ['drop', true, 'offered'],
  ] as const)('%s with auto-approve %s starts %s', (kind, autoApproveClaims, expected) => {
    expect(initialTradeStatus(kind, { autoApproveClaims })).toBe(expected);
  });
});

describe('isTradeLive', () => {
  it.each(
    SHIFT_TRADE_STATUSES.map((status) => [status, status === 'offered' || status === 'pending']),
  )('%s: %s', (status, live) => {
    expect(isTradeLive(status as ShiftTradeStatus)).toBe(live);
  });
});

describe('nextTradeStatus, every kind × status × step × actor', () => {
  const cases = SHIFT_TRADE_KINDS.flatMap((kind) =>
    SHIFT_TRADE_STATUSES.flatMap((status) =>
      STEPS.flatMap((step) => ACTORS.map((actor) => [kind, status, step, actor] as const)),
    ),
  );

  it.each(cases)('%s %s: %s by the %s', (kind, status, step, actor) => {
    const allowed = ALLOWED.find(
      ([k, from, s, by]) => k === kind && from === status && s === step && by === actor,
    );
    const result = nextTradeStatus({ kind, status }, step, actor);
    if (allowed) expect(result).toEqual({ ok: true, status: allowed[4] });
    else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).not.toBe('');
    }
  });

  it('has every allowed move in a reachable status', () => {
    for (const [kind, from] of ALLOWED) {
      const reachable = [initialTradeStatus(kind, { autoApproveClaims: false })];
      for (const [k, f, , , to] of ALLOWED)
        if (k === kind && reachable.includes(f)) reachable.push(to);
      expect(reachable).toContain(from);
    }
  });
});

describe('the reasons', () => {
  it.each([
    [{ kind: 'swap', status: 'approved' }, 'accept', 'colleague', 'This swap was already approved'],
    [{ kind: 'swap', status: 'declined' }, 'approve', 'manager', 'This swap was already declined'],
    [
      { kind: 'swap', status: 'cancelled' },
      'accept',
      'colleague',
      'This swap was already withdrawn',
    ],
    [
      { kind: 'claim', status: 'rejected' },
      'cancel',
      'requester',
      'This claim was already rejected',
    ],
    [
      { kind: 'claim', status: 'approved' },
      'cancel',
      'requester',
      'This claim was already approved',
    ],
    [
      { kind: 'drop', status: 'approved' },
      'accept',
      'colleague',
      'This shift was already given away',
    ],
    [
      { kind: 'swap', status: 'offered' },
      'accept',
      'manager',
      'Only the colleague it was offered to can accept it',
    ],
    [
      { kind: 'swap', status: 'offered' },
      'accept',
      'requester',
      'Only the colleague it was offered to can accept it',
    ],
    [
      { kind: 'drop', status: 'offered' },
      'accept',
      'requester',
      'Only a colleague it is offered to can take it',
    ],
    [
      { kind: 'swap', status: 'offered' },
      'decline',
      'manager',
      'Only the colleague it was offered to can decline it',
    ],
    [
      { kind: 'swap', status: 'pending' },
      'cancel',
      'colleague',
      'Only the person who asked can withdraw it',
    ],
    [{ kind: 'claim', status: 'pending' }, 'approve', 'requester', 'Only a manager can approve it'],
    [{ kind: 'swap', status: 'pending' }, 'reject', 'colleague', 'Only a manager can reject it'],
    [
      { kind: 'swap', status: 'offered' },
      'approve',
      'manager',
      'The colleague has not accepted this swap yet',
    ],
    [{ kind: 'drop', status: 'offered' }, 'reject', 'manager', 'Nobody has taken this shift yet'],
    [
      { kind: 'swap', status: 'pending' },
      'accept',
      'colleague',
      'It was already accepted and waits for a manager',
    ],
    [
      { kind: 'claim', status: 'pending' },
      'accept',
      'colleague',
      'A claim is not offered to a colleague; a manager decides it',
    ],
    [
      { kind: 'drop', status: 'offered' },
      'decline',
      'colleague',
      'A dropped shift is offered to everyone eligible; leave it for someone else to take',
    ],
  ] as const)('%o %s by the %s: %s', (trade, step, actor, reason) => {
    expect(nextTradeStatus(trade, step, actor)).toEqual({ ok: false, reason });
  });
});

describe('whole journeys', () => {
  const walk = (
    kind: ShiftTradeKind,
    autoApproveClaims: boolean,
    steps: [TradeStep, TradeActorRole][],
  ) => {
    let status = initialTradeStatus(kind, { autoApproveClaims });
    const seen = [status];
    for (const [step, actor] of steps) {
      const result = nextTradeStatus({ kind, status }, step, actor);
      if (!result.ok) throw new Error(result.reason);
      status = result.status;
      seen.push(status);
    }
    return seen;
  };

  it('a claim, approved by a manager', () => {
    expect(walk('claim', false, [['approve', 'manager']])).toEqual(['pending', 'approved']);
  });

  it('a claim on an auto-approving team needs no step, and then takes none', () => {
    expect(walk('claim', true, [])).toEqual(['approved']);
    expect(nextTradeStatus({ kind: 'claim', status: 'approved' }, 'cancel', 'requester').ok).toBe(
      false,
    );
  });

  it('a swap: offered, accepted, approved', () => {
    expect(
      walk('swap', false, [
        ['accept', 'colleague'],
        ['approve', 'manager'],
      ]),
    ).toEqual(['offered', 'pending', 'approved']);
  });

  it('a drop: offered, taken, rejected', () => {
    expect(
      walk('drop', false, [
        ['accept', 'colleague'],
        ['reject', 'manager'],
      ]),
    ).toEqual(['offered', 'pending', 'rejected']);
  });
});
