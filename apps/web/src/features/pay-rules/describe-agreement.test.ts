import { describe, expect, it } from 'vitest';
import { agreementKindLabel, agreementStatus } from './describe-agreement';

describe('agreementStatus', () => {
  it('is upcoming before its first day, in force through its last day, ended after', () => {
    const fixed = { startDate: '2026-06-07', endDate: '2026-06-13' };
    expect(agreementStatus(fixed, '2026-06-06')).toBe('Upcoming');
    expect(agreementStatus(fixed, '2026-06-07')).toBe('In force');
    expect(agreementStatus(fixed, '2026-06-13')).toBe('In force');
    expect(agreementStatus(fixed, '2026-06-14')).toBe('Ended');
    expect(agreementStatus({ startDate: '2026-06-07', endDate: null }, '2099-01-01')).toBe(
      'In force',
    );
  });

  it('labels the excess-hours kind in plain words', () => {
    expect(agreementKindLabel('excess_weekly_hours')).toBe('More than 48 hours a week');
  });
});
