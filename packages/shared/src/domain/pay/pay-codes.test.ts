import { describe, expect, it } from 'vitest';
import {
  amountCents,
  decimalHours,
  holidayPayMinutes,
  payCodeMinutes,
  payLines,
  type PayCodeDay,
} from './pay-codes.ts';

/*
 * A hand-made week (Sun 2026-06-28 … Sat 07-04), rate $20.00 = 2000 ¢/h:
 * - Mon 06-29: 10 h worked with a daily rule 8 h → 480 REG + 120 OT1.5.
 * - Tue 06-30: 13 h worked with >8 h 1.5× and >12 h 2× → 480 REG + 240 OT1.5 + 60 OT2.
 * - Wed 07-01 Canada Day: not worked, holiday pay 7.5 h (450 min) owed.
 * - Thu 07-02: 8 h vacation (VAC). Fri 07-03: 4 h sick (SICK) + 4 h worked.
 * - Sat 07-04: 3 h unpaid leave, 90 min banked time earned, 60 min banked time taken.
 */
const week: PayCodeDay[] = [
  { date: '2026-06-28', regularMinutes: 0, overtime: {} },
  { date: '2026-06-29', regularMinutes: 480, overtime: { 'OT1.5': 120 } },
  { date: '2026-06-30', regularMinutes: 480, overtime: { 'OT1.5': 240, OT2: 60 } },
  { date: '2026-07-01', regularMinutes: 0, overtime: {}, holidayPayMinutes: 450 },
  { date: '2026-07-02', regularMinutes: 0, overtime: {}, leaveByPayCode: { VAC: 480 } },
  { date: '2026-07-03', regularMinutes: 240, overtime: {}, leaveByPayCode: { SICK: 240 } },
  {
    date: '2026-07-04',
    regularMinutes: 0,
    overtime: {},
    leaveByPayCode: { UNPAID: 180, 'TOIL-TAKEN': 60 },
    toilEarnedMinutes: 90,
  },
];

describe('payCodeMinutes', () => {
  it('sorts a week with overtime tiers, a holiday and leave into the nine codes', () => {
    expect(payCodeMinutes(week)).toEqual({
      REG: 1200,
      'OT1.5': 360,
      OT2: 60,
      HOL: 450,
      VAC: 480,
      SICK: 240,
      UNPAID: 180,
      'TOIL-EARNED': 90,
      'TOIL-TAKEN': 60,
    });
  });

  it('treats banked time earned as optional (0 when absent)', () => {
    expect(payCodeMinutes([{ date: '2026-06-29', regularMinutes: 60, overtime: {} }])).toEqual(
      expect.objectContaining({ REG: 60, 'TOIL-EARNED': 0, HOL: 0 }),
    );
  });

  it('refuses an unknown code instead of losing its minutes', () => {
    expect(() =>
      payCodeMinutes([{ date: '2026-06-29', regularMinutes: 0, overtime: { OT3: 30 } }]),
    ).toThrow(/Unknown pay code OT3/);
  });
});

describe('payLines', () => {
  it('prices each code at its multiple of the rate', () => {
    const lines = payLines(week, () => 2000);
    const byCode = Object.fromEntries(lines.map((line) => [line.code, line]));
    expect(lines.map((line) => line.code)).toEqual([
      'REG',
      'OT1.5',
      'OT2',
      'HOL',
      'VAC',
      'SICK',
      'UNPAID',
      'TOIL-EARNED',
      'TOIL-TAKEN',
    ]);
    expect(byCode.REG).toEqual({
      code: 'REG',
      minutes: 1200,
      rateCents: 2000,
      multiplier: 1,
      paidRateCents: 2000,
      amountCents: 40_000,
    });
    // Each line's rate is the rate its amount was paid at.
    expect(lines.map((line) => [line.code, line.multiplier, line.paidRateCents])).toEqual([
      ['REG', 1, 2000],
      ['OT1.5', 1.5, 3000],
      ['OT2', 2, 4000],
      ['HOL', 1, 2000],
      ['VAC', 1, 2000],
      ['SICK', 1, 2000],
      ['UNPAID', 0, 0],
      ['TOIL-EARNED', 0, 0],
      ['TOIL-TAKEN', 1, 2000],
    ]);
    // 6 h × $20 × 1.5 = $180; 1 h × $20 × 2 = $40.
    expect(byCode['OT1.5']?.amountCents).toBe(18_000);
    expect(byCode.OT2?.amountCents).toBe(4_000);
    expect(byCode.HOL?.amountCents).toBe(15_000);
    expect(byCode.UNPAID?.amountCents).toBe(0);
    expect(byCode['TOIL-EARNED']?.amountCents).toBe(0);
    expect(byCode['TOIL-TAKEN']?.amountCents).toBe(2_000);
  });

  it('works in hours alone without a rate', () => {
    const lines = payLines(week, () => null);
    expect(lines.find((line) => line.code === 'REG')).toEqual({
      code: 'REG',
      minutes: 1200,
      rateCents: null,
      multiplier: 1,
      paidRateCents: null,
      amountCents: null,
    });
  });

  it('splits a code in two lines when the rate changes inside the period', () => {
    const lines = payLines(week, (date) => (date >= '2026-07-01' ? 2500 : 2000));
    expect(lines.filter((line) => line.code === 'REG')).toEqual([
      {
        code: 'REG',
        minutes: 960,
        rateCents: 2000,
        multiplier: 1,
        paidRateCents: 2000,
        amountCents: 32_000,
      },
      {
        code: 'REG',
        minutes: 240,
        rateCents: 2500,
        multiplier: 1,
        paidRateCents: 2500,
        amountCents: 10_000,
      },
    ]);
  });

  it('rounds a line once, at its paid rate, so hours × rate = amount', () => {
    // 4 days of 675, 675, 675 and 615 min at 2001 ¢: each day rounded apart would give
    // 22 511 × 3 + 20 510 = 88 043 ¢; the line is 2640 min = 44 h × $20.01 = $880.44.
    const dates = ['2026-08-31', '2026-09-01', '2026-09-02', '2026-09-03'];
    const days: PayCodeDay[] = [675, 675, 675, 615].map((regularMinutes, index) => ({
      date: dates[index] ?? '',
      regularMinutes,
      overtime: index === 3 ? { 'OT1.5': 60 } : ({} as Record<string, number>),
    }));
    const lines = payLines(days, () => 2001);
    expect(lines).toEqual([
      {
        code: 'REG',
        minutes: 2640,
        rateCents: 2001,
        multiplier: 1,
        paidRateCents: 2001,
        amountCents: 88_044,
      },
      // Paid at 3001.5 ¢ exactly: 1 h → 3001.5 ¢, half up → 3002 ¢.
      {
        code: 'OT1.5',
        minutes: 60,
        rateCents: 2001,
        multiplier: 1.5,
        paidRateCents: 3001.5,
        amountCents: 3_002,
      },
    ]);
  });

  it('prices holiday pay with the ESA amount when one is given', () => {
    const lines = payLines(
      week,
      () => 2000,
      () => 16_640,
    );
    expect(lines.find((line) => line.code === 'HOL')?.amountCents).toBe(16_640);
  });
});

describe('amounts and hours', () => {
  it('rounds cents half up', () => {
    // 1 min × 1999 ¢ = 33.3 ¢ → 33; 1 min × 30 ¢ × 1.5 = 0.75 ¢ → 1.
    expect(amountCents('REG', 1, 1999)).toBe(33);
    expect(amountCents('OT1.5', 1, 30)).toBe(1);
  });

  it('gives hours in decimal to 2 places', () => {
    expect(decimalHours(450)).toBe('7.50');
    expect(decimalHours(20)).toBe('0.33');
    expect(decimalHours(0)).toBe('0.00');
    expect(decimalHours(2640)).toBe('44.00');
  });

  it('gives holiday pay as a twentieth of 4 weeks of regular and vacation minutes', () => {
    // 4 weeks × 37.5 h = 9000 min → 450 min (7.5 h); 3 weeks × 40 h + 1 week vacation 40 h.
    expect(holidayPayMinutes(9000, 0)).toBe(450);
    expect(holidayPayMinutes(7200, 2400)).toBe(480);
    expect(holidayPayMinutes(0, 0)).toBe(0);
  });
});
