import { describe, expect, it } from 'vitest';
import { dollarsToCents } from './rates-section';

describe('dollarsToCents', () => {
  it('reads dollars and cents as whole cents', () => {
    expect(dollarsToCents('23.50')).toBe(2350);
    expect(dollarsToCents('$17.2')).toBe(1720);
    expect(dollarsToCents(' 20 ')).toBe(2000);
    expect(dollarsToCents('0.07')).toBe(7);
  });

  it('gives NaN for anything that is not an amount (the form says so)', () => {
    expect(dollarsToCents('twenty')).toBeNaN();
    expect(dollarsToCents('1.234')).toBeNaN();
    expect(dollarsToCents('')).toBeNaN();
  });
});
