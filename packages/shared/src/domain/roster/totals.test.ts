import { describe, expect, it } from 'vitest';
import { rosterTotals } from './totals.ts';

const DAYS = ['2026-03-08', '2026-03-09', '2026-03-10'];

describe('rosterTotals', () => {
  it('adds roster and template shifts per person and per day', () => {
    const totals = rosterTotals(
      [
        { userId: 'ana', date: '2026-03-08', paidMinutes: 420, state: 'published' },
        { userId: 'ana', date: '2026-03-09', paidMinutes: 480, state: 'draft' },
        { userId: 'ben', date: '2026-03-09', paidMinutes: 450, state: 'changed' },
      ],
      [{ userId: 'ben', date: '2026-03-10', paidMinutes: 450 }],
      DAYS,
    );
    expect(totals).toEqual({
      byPerson: { ana: 900, ben: 900 },
      byDay: { '2026-03-08': 420, '2026-03-09': 930, '2026-03-10': 450 },
      total: 1800,
    });
  });

  it('leaves deleted shifts out, counts open shifts in their day only, and days outside the week out', () => {
    const totals = rosterTotals(
      [
        { userId: 'ana', date: '2026-03-09', paidMinutes: 480, state: 'deleted' },
        { userId: null, date: '2026-03-09', paidMinutes: 240, state: 'draft' },
        { userId: 'ana', date: '2026-03-15', paidMinutes: 480, state: 'draft' },
      ],
      [{ userId: 'ben', date: '2026-03-07', paidMinutes: 450 }],
      DAYS,
    );
    expect(totals).toEqual({
      byPerson: {},
      byDay: { '2026-03-08': 0, '2026-03-09': 240, '2026-03-10': 0 },
      total: 240,
    });
  });
});
