import { describe, expect, it } from 'vitest';
import { multiplierOfCode, toilExpiresOn, toilLedger, toilMinutesFor } from './toil.ts';

describe('toilMinutesFor', () => {
  it('banks 1.5 h per overtime hour: 6 h of overtime at 1.5× bank 9 h', () => {
    expect(toilMinutesFor({ 'OT1.5': 360 })).toBe(540);
  });
  it('sums the tiers and rounds the day once, half up', () => {
    expect(toilMinutesFor({ 'OT1.5': 61, OT2: 30 })).toBe(152); // 91.5 + 60
    expect(toilMinutesFor({})).toBe(0);
  });
  it('refuses a code that is not overtime', () => {
    expect(() => multiplierOfCode('REG')).toThrow(RangeError);
  });
});

describe('toilExpiresOn', () => {
  it('is 3 or 12 months on, clamped at month ends', () => {
    expect(toilExpiresOn('2026-06-12', 3)).toBe('2026-09-12');
    expect(toilExpiresOn('2026-11-30', 3)).toBe('2027-02-28');
    expect(toilExpiresOn('2026-06-12', 12)).toBe('2027-06-12');
  });
});

describe('toilLedger', () => {
  const earned = [
    { date: '2026-06-12', minutes: 540, expiresOn: '2026-09-12' },
    { date: '2026-07-10', minutes: 90, expiresOn: '2026-10-10' },
  ];

  it('takes the oldest usable minutes first', () => {
    const ledger = toilLedger(earned, [{ date: '2026-07-20', minutes: 480 }], '2026-08-01');
    expect(ledger).toEqual({
      balanceMinutes: 150,
      earnedMinutes: 630,
      takenMinutes: 480,
      expiredMinutes: 0,
      overdrawnMinutes: 0,
      lots: [
        { earnedOn: '2026-06-12', minutes: 540, remainingMinutes: 60, expiresOn: '2026-09-12' },
        { earnedOn: '2026-07-10', minutes: 90, remainingMinutes: 90, expiresOn: '2026-10-10' },
      ],
    });
  });

  it('expires what was not taken by the expiry date (the expiry day itself is too late)', () => {
    const before = toilLedger(earned, [{ date: '2026-07-20', minutes: 480 }], '2026-09-11');
    expect(before.balanceMinutes).toBe(150);
    const on = toilLedger(earned, [{ date: '2026-07-20', minutes: 480 }], '2026-09-12');
    expect(on).toMatchObject({ balanceMinutes: 90, expiredMinutes: 60 });
    // Taken on the expiry day: the June lot is gone, the July lot pays, the rest is overdrawn.
    const late = toilLedger(earned, [{ date: '2026-09-12', minutes: 120 }], '2026-09-12');
    expect(late).toMatchObject({ balanceMinutes: 0, expiredMinutes: 540, overdrawnMinutes: 30 });
  });

  it('ignores what is earned or taken after asOf, and time taken before it was earned', () => {
    const ledger = toilLedger(earned, [{ date: '2026-06-01', minutes: 60 }], '2026-06-30');
    expect(ledger).toMatchObject({ balanceMinutes: 540, earnedMinutes: 540, overdrawnMinutes: 60 });
  });
});
