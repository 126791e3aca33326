import { describe, expect, it } from 'vitest';
import { agreementsCover, weekCoveredBy } from './agreements.ts';
import { findExcessWeeklyHours, type WorkInterval } from './labour-checks.ts';

describe('agreementsCover', () => {
  it('covers a week only when every day of it is inside an agreement', () => {
    const week = ['2026-03-08', '2026-03-14'] as const;
    expect(agreementsCover([], ...week)).toBe(false);
    expect(agreementsCover([{ startDate: '2026-03-08', endDate: null }], ...week)).toBe(true);
    expect(agreementsCover([{ startDate: '2026-01-01', endDate: '2026-03-14' }], ...week)).toBe(
      true,
    );
    // Starts a day late, or ends a day early: the week is not covered.
    expect(agreementsCover([{ startDate: '2026-03-09', endDate: null }], ...week)).toBe(false);
    expect(agreementsCover([{ startDate: '2026-01-01', endDate: '2026-03-13' }], ...week)).toBe(
      false,
    );
  });

  it('joins back-to-back agreements, and refuses a one-day gap between them', () => {
    const week = ['2026-03-08', '2026-03-14'] as const;
    const backToBack = [
      { startDate: '2026-03-11', endDate: null },
      { startDate: '2026-02-01', endDate: '2026-03-10' },
    ];
    expect(agreementsCover(backToBack, ...week)).toBe(true);
    const gap = [
      { startDate: '2026-02-01', endDate: '2026-03-10' },
      { startDate: '2026-03-12', endDate: null },
    ];
    expect(agreementsCover(gap, ...week)).toBe(false);
  });
});

describe('findExcessWeeklyHours with agreements per week', () => {
  // Two Sunday weeks in Toronto, five 10-h days (13:00Z–23:00Z, 09:00–19:00 EDT) each: 50 h.
  const tenHourDays = (firstDate: string): WorkInterval[] =>
    [0, 1, 2, 3, 4].map((offset) => {
      const day = new Date(`${firstDate}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + offset);
      const date = day.toISOString().slice(0, 10);
      return { start: `${date}T13:00:00Z`, end: `${date}T23:00:00Z` };
    });
  const work = [...tenHourDays('2026-06-08'), ...tenHourDays('2026-06-15')];
  const options = { weekStartsOn: 0, timeZone: 'America/Toronto' };

  it('flags both 50-h weeks without an agreement', () => {
    const findings = findExcessWeeklyHours(work, { ...options, hasExcessHoursAgreement: false });
    expect(findings.map((f) => [f.weekStartDate, f.workedMinutes])).toEqual([
      ['2026-06-07', 3000],
      ['2026-06-14', 3000],
    ]);
  });

  it('drops only the week an agreement covers whole', () => {
    // From Sunday 2026-06-14 on: the second week is covered, the first is not.
    const from14 = weekCoveredBy([{ startDate: '2026-06-14', endDate: null }]);
    expect(
      findExcessWeeklyHours(work, { ...options, hasExcessHoursAgreement: from14 }).map(
        (f) => f.weekStartDate,
      ),
    ).toEqual(['2026-06-07']);
    // Starting on the Monday leaves the Sunday of the week uncovered: both weeks stay flagged.
    const from15 = weekCoveredBy([{ startDate: '2026-06-15', endDate: null }]);
    expect(
      findExcessWeeklyHours(work, { ...options, hasExcessHoursAgreement: from15 }),
    ).toHaveLength(2);
    // One covering both weeks: nothing flagged.
    const both = weekCoveredBy([{ startDate: '2026-06-01', endDate: '2026-06-20' }]);
    expect(findExcessWeeklyHours(work, { ...options, hasExcessHoursAgreement: both })).toEqual([]);
  });
});
