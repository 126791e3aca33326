import { describe, expect, it } from 'vitest';
import {
  BREAK_CHECK_INTERVAL_MS,
  BREAK_TOAST_DURATION_MS,
  DEFAULT_BREAK_MINUTES,
  getBreakTimerMessage,
  LUNCH_MINUTES,
  wholeMinutesSince,
} from './break-timer.ts';

const MINUTE = 60_000;
const START = Date.parse('2026-11-22T15:00:00Z');

describe('break constants (product §9)', () => {
  it('are 15 paid break minutes, 30 lunch minutes, a check every 60 s and 10 s toasts', () => {
    expect(DEFAULT_BREAK_MINUTES).toBe(15);
    expect(LUNCH_MINUTES).toBe(30);
    expect(BREAK_CHECK_INTERVAL_MS).toBe(60_000);
    expect(BREAK_TOAST_DURATION_MS).toBe(10_000);
  });
});

describe('wholeMinutesSince', () => {
  it('counts only whole minutes', () => {
    expect(wholeMinutesSince(START, START)).toBe(0);
    expect(wholeMinutesSince(START, START + MINUTE - 1)).toBe(0);
    expect(wholeMinutesSince(START, START + MINUTE)).toBe(1);
    expect(wholeMinutesSince(START, START + 15 * MINUTE - 1)).toBe(14);
    expect(wholeMinutesSince(START, START + 15 * MINUTE)).toBe(15);
    expect(wholeMinutesSince(START, START + 17 * MINUTE + 59_999)).toBe(17);
  });

  it('is never negative (a start slightly in the future by clock skew)', () => {
    expect(wholeMinutesSince(START, START - 30_000)).toBe(0);
    expect(wholeMinutesSince(START, START - 5 * MINUTE)).toBe(0);
  });
});

describe('getBreakTimerMessage', () => {
  it('says nothing below the limit', () => {
    for (let minutes = 0; minutes < 15; minutes++) {
      expect(getBreakTimerMessage(minutes, 15)).toBeNull();
    }
  });

  it('announces the limit at exactly n = limit', () => {
    expect(getBreakTimerMessage(15, 15)).toBe('Break time limit reached (15 minutes)');
    expect(getBreakTimerMessage(10, 10)).toBe('Break time limit reached (10 minutes)');
  });

  it('counts the minutes over the limit beyond it', () => {
    expect(getBreakTimerMessage(16, 15)).toBe('You are 1 minute(s) over your break!');
    expect(getBreakTimerMessage(17, 15)).toBe('You are 2 minute(s) over your break!');
    expect(getBreakTimerMessage(75, 15)).toBe('You are 60 minute(s) over your break!');
    expect(getBreakTimerMessage(12, 10)).toBe('You are 2 minute(s) over your break!');
  });

  it('gives the check’s message for a break measured with wholeMinutesSince', () => {
    const messageAt = (elapsedMs: number) =>
      getBreakTimerMessage(wholeMinutesSince(START, START + elapsedMs), DEFAULT_BREAK_MINUTES);
    expect(messageAt(15 * MINUTE - 1)).toBeNull();
    expect(messageAt(15 * MINUTE)).toBe('Break time limit reached (15 minutes)');
    expect(messageAt(15 * MINUTE + 59_999)).toBe('Break time limit reached (15 minutes)');
    expect(messageAt(17 * MINUTE + 30_000)).toBe('You are 2 minute(s) over your break!');
  });
});
