import { describe, expect, it } from 'vitest';
import {
  completedYearsOfEmployment,
  esaVacationMinimumX100,
  esaVacationPayPercent,
  vacationPayEarned,
} from './vacation.ts';

describe('completedYearsOfEmployment', () => {
  it('counts a year only on its anniversary', () => {
    expect(completedYearsOfEmployment('2021-06-15', '2026-06-14')).toBe(4);
    expect(completedYearsOfEmployment('2021-06-15', '2026-06-15')).toBe(5);
    expect(completedYearsOfEmployment('2021-06-15', '2021-06-15')).toBe(0);
    expect(completedYearsOfEmployment('2026-06-15', '2026-01-01')).toBe(0);
  });

  it('completes a Feb 29 hire on Mar 1 in a common year, Feb 29 in a leap year', () => {
    expect(completedYearsOfEmployment('2024-02-29', '2025-02-28')).toBe(0);
    expect(completedYearsOfEmployment('2024-02-29', '2025-03-01')).toBe(1);
    expect(completedYearsOfEmployment('2024-02-29', '2028-02-29')).toBe(4);
  });
});

describe('esaVacationMinimumX100', () => {
  it('is 2 weeks a year under 5 years of employment', () => {
    expect(esaVacationMinimumX100('2024-01-01', 2026)).toBe(1000);
    expect(esaVacationMinimumX100('2021-01-02', 2026)).toBe(1000);
  });

  it('is 3 weeks from the first year that starts with 5 completed years', () => {
    // Hired 2021-01-01: on 2026-01-01 five years are complete.
    expect(esaVacationMinimumX100('2021-01-01', 2026)).toBe(1500);
    // Hired mid-2021: 5 years complete in mid-2026, so the step is in 2027.
    expect(esaVacationMinimumX100('2021-07-01', 2026)).toBe(1000);
    expect(esaVacationMinimumX100('2021-07-01', 2027)).toBe(1500);
  });

  it('pro-rates the hire year (stub period) by days employed, rounded up', () => {
    // Hired July 1, 2026: 184 of 365 days → 10 × 184 / 365 = 5.041… → 5.05 days.
    expect(esaVacationMinimumX100('2026-07-01', 2026)).toBe(505);
    // Leap year 2028, hired Dec 31: 1 of 366 days → 0.0273… → 0.03 days.
    expect(esaVacationMinimumX100('2028-12-31', 2028)).toBe(3);
    // Hired January 1: the whole year.
    expect(esaVacationMinimumX100('2026-01-01', 2026)).toBe(1000);
  });

  it('owes nothing before the hire year', () => {
    expect(esaVacationMinimumX100('2027-03-01', 2026)).toBe(0);
  });
});

describe('esaVacationPayPercent', () => {
  it('is 4 % under 5 years and 6 % from 5 years', () => {
    expect(esaVacationPayPercent('2024-05-01', 2026)).toBe(4);
    expect(esaVacationPayPercent('2020-05-01', 2026)).toBe(6);
  });
});

describe('vacationPayEarned', () => {
  it('is 4 % of every priced line but vacation itself, rounded to the cent', () => {
    const lines = [
      { code: 'REG', amountCents: 100_000 },
      { code: 'OT1.5', amountCents: 22_501 },
      { code: 'VAC', amountCents: 20_000 },
      { code: 'HOL', amountCents: 16_000 },
    ];
    // (100 000 + 22 501 + 16 000) × 4 % = 5 540.04 → 5 540 cents.
    expect(vacationPayEarned(lines, '2024-05-01', 2026)).toEqual({
      percent: 4,
      wagesCents: 138_501,
      amountCents: 5_540,
    });
    expect(vacationPayEarned(lines, '2020-05-01', 2026)).toMatchObject({
      percent: 6,
      amountCents: 8_310,
    });
  });

  it('is null without rates: everything stays in hours', () => {
    expect(vacationPayEarned([{ code: 'REG', amountCents: null }], '2024-05-01', 2026)).toBeNull();
    expect(vacationPayEarned([], '2024-05-01', 2026)).toBeNull();
  });
});
