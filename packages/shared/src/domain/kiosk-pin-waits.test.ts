import { describe, expect, it } from 'vitest';
import {
  formatWait,
  kioskPinWaitMessage,
  kioskWrongPinWaitMessage,
  MAX_PIN_WAIT_SECONDS,
  pinWaitSeconds,
} from './kiosk-pin-waits.ts';

describe('pinWaitSeconds', () => {
  it.each([
    [0, 0],
    [1, 0],
    [3, 0],
    [4, 15],
    [5, 30],
    [6, 60],
    [7, 120],
    [9, 480],
    [10, 900],
    [11, 900],
    [500, 900],
  ])('after %d wrong PINs the next try waits %d s', (wrongPins, seconds) => {
    expect(pinWaitSeconds(wrongPins)).toBe(seconds);
  });

  it('grows with every wrong PIN until the cap, and never ends in a lock', () => {
    const waits = Array.from({ length: 40 }, (_, index) => pinWaitSeconds(index + 1));
    for (const [index, wait] of waits.entries()) {
      expect(wait).toBeGreaterThanOrEqual(waits[index - 1] ?? 0);
      expect(wait).toBeLessThanOrEqual(MAX_PIN_WAIT_SECONDS);
    }
  });
});

describe('wait messages', () => {
  it('say how long in seconds, then whole minutes', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(30)).toBe('30 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(kioskWrongPinWaitMessage(30)).toBe(
      'Employee number or PIN is not correct. Wait 30 seconds before the next try.',
    );
    expect(kioskPinWaitMessage(900)).toBe('Wait 15 minutes before the next try.');
  });
});
