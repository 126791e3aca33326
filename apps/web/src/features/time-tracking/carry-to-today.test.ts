import { describe, expect, it } from 'vitest';
import type { TodayResponse } from '@punchclock/shared/contracts/time-tracking';
import { carryToToday } from './carry-to-today';

const answer = {
  date: '2026-11-23',
  timeZone: 'America/Toronto',
  state: 'working',
  events: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      eventType: 'clock_in',
      occurredAt: '2026-11-24T03:00:00.000Z',
    },
  ],
  stateSince: '2026-11-24T03:00:00.000Z',
} as unknown as TodayResponse;

describe('carryToToday', () => {
  it('keeps an answer given today, punches and all', () => {
    // 22:59 in Toronto on the 23rd.
    expect(carryToToday(answer, new Date('2026-11-24T03:59:00Z'))).toBe(answer);
  });

  it('keeps the state but not the punches of an answer from an earlier business day', () => {
    // 00:01 in Toronto on the 24th: a new business day, though the shift is still open.
    const carried = carryToToday(answer, new Date('2026-11-24T05:01:00Z'));
    expect(carried).toMatchObject({
      date: '2026-11-24',
      state: 'working',
      stateSince: answer.stateSince,
    });
    expect(carried.events).toEqual([]);
  });
});
