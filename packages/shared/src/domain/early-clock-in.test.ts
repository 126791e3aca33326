import { describe, expect, it } from 'vitest';
import { earlyClockInWarning } from './early-clock-in.ts';

const TORONTO = 'America/Toronto';
const shiftStart = new Date('2026-11-23T09:00:00-05:00');
const warn = (clockIn: string, marginMinutes = 60) =>
  earlyClockInWarning({
    clockInAt: new Date(clockIn),
    shiftStart,
    marginMinutes,
    timeZone: TORONTO,
  });

describe('earlyClockInWarning', () => {
  it('names the lead time and the shift start in the business time zone', () => {
    expect(warn('2026-11-23T05:50:00-05:00')).toBe(
      'You clocked in 3 h 10 min before your shift starts at 9:00 AM',
    );
    expect(warn('2026-11-23T07:00:00-05:00')).toBe(
      'You clocked in 2 h before your shift starts at 9:00 AM',
    );
    expect(warn('2026-11-23T08:15:00-05:00', 30)).toBe(
      'You clocked in 45 min before your shift starts at 9:00 AM',
    );
  });

  it('is silent up to the margin and after the start', () => {
    expect(warn('2026-11-23T08:00:00-05:00')).toBeNull();
    expect(warn('2026-11-23T07:59:30-05:00')).toBeNull();
    expect(warn('2026-11-23T09:30:00-05:00')).toBeNull();
  });
});
