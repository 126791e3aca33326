import { describe, expect, it } from 'vitest';
import { formatCountdown, getIdlePhase, IDLE_LIMIT_MS, IDLE_WARNING_MS } from './idle-timeout.ts';

const MINUTE = 60_000;
const SIGNED_IN_AT = Date.UTC(2025, 0, 6, 9, 0, 0);

/** The phase after `idleMs` without activity, with the product's limits. */
function phaseAfter(idleMs: number) {
  return getIdlePhase(SIGNED_IN_AT + idleMs, SIGNED_IN_AT);
}

describe('getIdlePhase', () => {
  it('uses the product limits: 60 minutes, warning 5 minutes before', () => {
    expect(IDLE_LIMIT_MS).toBe(60 * MINUTE);
    expect(IDLE_WARNING_MS).toBe(5 * MINUTE);
  });

  it('is active until 55 idle minutes', () => {
    expect(phaseAfter(0)).toEqual({ phase: 'active' });
    expect(phaseAfter(30 * MINUTE)).toEqual({ phase: 'active' });
    expect(phaseAfter(55 * MINUTE - 1)).toEqual({ phase: 'active' });
  });

  it('warns at 55 minutes with 300 seconds left', () => {
    expect(phaseAfter(55 * MINUTE)).toEqual({ phase: 'warning', secondsLeft: 300 });
  });

  it('counts down one second per second to the last second', () => {
    for (let elapsed = 0; elapsed < 300; elapsed++) {
      expect(phaseAfter(55 * MINUTE + elapsed * 1000)).toEqual({
        phase: 'warning',
        secondsLeft: 300 - elapsed,
      });
    }
    // A partial second still shows as a whole one, so the countdown never shows 0:00 early.
    expect(phaseAfter(60 * MINUTE - 1)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(phaseAfter(55 * MINUTE + 500)).toEqual({ phase: 'warning', secondsLeft: 300 });
  });

  it('expires at 60 minutes and stays expired', () => {
    expect(phaseAfter(60 * MINUTE)).toEqual({ phase: 'expired' });
    expect(phaseAfter(8 * 60 * MINUTE)).toEqual({ phase: 'expired' });
  });

  it('treats activity stamped in the future (clock skew) as just now', () => {
    expect(getIdlePhase(SIGNED_IN_AT, SIGNED_IN_AT + 10 * MINUTE)).toEqual({ phase: 'active' });
  });

  it('takes other limits, such as a server-configured idle timeout', () => {
    const limit = 10 * MINUTE;
    const warning = MINUTE;
    expect(getIdlePhase(SIGNED_IN_AT + 9 * MINUTE - 1, SIGNED_IN_AT, limit, warning)).toEqual({
      phase: 'active',
    });
    expect(getIdlePhase(SIGNED_IN_AT + 9 * MINUTE, SIGNED_IN_AT, limit, warning)).toEqual({
      phase: 'warning',
      secondsLeft: 60,
    });
    expect(getIdlePhase(SIGNED_IN_AT + 10 * MINUTE, SIGNED_IN_AT, limit, warning)).toEqual({
      phase: 'expired',
    });
  });
});

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
    [3600, '60:00'],
  ])('%i seconds is %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });

  it('drops fractions and never goes below zero', () => {
    expect(formatCountdown(59.9)).toBe('0:59');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
