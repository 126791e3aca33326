import { describe, expect, it } from 'vitest';
import {
  describePunchOrigin,
  checkTransition,
  deriveTimeState,
  EVENT_SUCCESS_MESSAGES,
  eventLabels,
  findOpenShiftStart,
  MAX_OPEN_SHIFT_HOURS,
  pleaseClockInFirst,
  sortEvents,
  STATE_LABELS,
  TIME_EVENT_TYPES,
  type TimedEvent,
  type TimeEventType,
  type TimeState,
} from './time-state.ts';

const HOUR = 3_600_000;

describe('checkTransition', () => {
  // product §4 and §5: the full table of state × action.
  const expected: Record<TimeState, Record<TimeEventType, string | null>> = {
    none: {
      clock_in: null,
      break: pleaseClockInFirst(),
      lunch: pleaseClockInFirst(),
      clock_out: pleaseClockInFirst(),
    },
    clock_out: {
      clock_in: null,
      break: pleaseClockInFirst(),
      lunch: pleaseClockInFirst(),
      clock_out: pleaseClockInFirst(),
    },
    clock_in: {
      clock_in: 'You are already working',
      break: null,
      lunch: null,
      clock_out: null,
    },
    break: {
      clock_in: null,
      break: 'You are already on break',
      lunch: null,
      clock_out: null,
    },
    lunch: {
      clock_in: null,
      break: null,
      lunch: 'You are already at lunch',
      clock_out: null,
    },
  };
  const cases = (Object.keys(expected) as TimeState[]).flatMap((state) =>
    TIME_EVENT_TYPES.map((action) => [state, action, expected[state][action]] as const),
  );

  it('covers all 20 pairs', () => {
    expect(cases).toHaveLength(5 * 4);
  });

  it.each(cases)('from %s, %s → %s', (state, action, message) => {
    expect(checkTransition(state, action)).toEqual(
      message === null ? { allowed: true } : { allowed: false, message },
    );
  });

  it('uses the catalogue text for acting without being clocked in', () => {
    expect(pleaseClockInFirst()).toBe('Please clock in first');
  });

  it('labels states and success toasts as the product says', () => {
    expect(STATE_LABELS).toEqual({
      none: 'Not clocked in',
      clock_in: 'Working',
      break: 'On Break',
      lunch: 'On Lunch',
      clock_out: 'Clocked Out',
    });
    expect(EVENT_SUCCESS_MESSAGES).toEqual({
      clock_in: 'Clocked In - Working',
      break: 'On Break',
      lunch: 'On Lunch',
      clock_out: 'Clocked Out',
    });
  });
});

/** An event at a UTC instant; `date` is given explicitly as the business day. */
function at(eventType: TimeEventType, occurredAt: string, date: string): TimedEvent {
  return { eventType, occurredAt, date };
}

// 2026-11-21/22 in Toronto is EST (UTC-5): local 09:00 is 14:00Z.
const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';

describe('deriveTimeState', () => {
  const noon = Date.parse('2026-11-22T17:00:00Z');

  it('is none with no events', () => {
    expect(deriveTimeState([], noon, TODAY)).toBe('none');
  });

  it.each(['clock_in', 'break', 'lunch'] as const)(
    'is the latest event of an open shift today: %s',
    (latest) => {
      const events = [at('clock_in', '2026-11-22T14:00:00Z', TODAY)];
      if (latest !== 'clock_in') events.push(at(latest, '2026-11-22T15:00:00Z', TODAY));
      expect(deriveTimeState(events, noon, TODAY)).toBe(latest);
    },
  );

  it('is clock_out after clocking out today', () => {
    const events = [
      at('clock_in', '2026-11-22T14:00:00Z', TODAY),
      at('clock_out', '2026-11-22T16:00:00Z', TODAY),
    ];
    expect(deriveTimeState(events, noon, TODAY)).toBe('clock_out');
  });

  it('is none when the latest event is yesterday’s clock_out', () => {
    const events = [
      at('clock_in', '2026-11-21T14:00:00Z', YESTERDAY),
      at('clock_out', '2026-11-21T22:00:00Z', YESTERDAY),
    ];
    expect(deriveTimeState(events, noon, TODAY)).toBe('none');
  });

  it('sorts events itself: the latest by time wins, not the last in the array', () => {
    const events = [
      at('break', '2026-11-22T15:00:00Z', TODAY),
      at('clock_out', '2026-11-22T16:00:00Z', TODAY),
      at('clock_in', '2026-11-22T14:00:00Z', TODAY),
    ];
    expect(deriveTimeState(events, noon, TODAY)).toBe('clock_out');
  });

  describe('a shift open past midnight', () => {
    // Clocked in 22:00 Toronto on the 21st (03:00Z on the 22nd, still the 21st locally).
    const nightIn = at('clock_in', '2026-11-22T03:00:00Z', YESTERDAY);
    const halfPastMidnight = Date.parse('2026-11-22T05:30:00Z');

    it('is still working at 00:30 the next day', () => {
      expect(deriveTimeState([nightIn], halfPastMidnight, TODAY)).toBe('clock_in');
    });

    it('keeps a break taken before midnight', () => {
      const events = [nightIn, at('break', '2026-11-22T04:50:00Z', YESTERDAY)];
      expect(deriveTimeState(events, halfPastMidnight, TODAY)).toBe('break');
    });

    it('carries a shift with events on both days', () => {
      const events = [nightIn, at('lunch', '2026-11-22T06:00:00Z', TODAY)];
      expect(deriveTimeState(events, Date.parse('2026-11-22T06:10:00Z'), TODAY)).toBe('lunch');
    });

    it(`carries over up to ${MAX_OPEN_SHIFT_HOURS} hours after the clock-in, and no longer`, () => {
      expect(MAX_OPEN_SHIFT_HOURS).toBe(16);
      const clockInMs = Date.parse(nightIn.occurredAt);
      const events = [nightIn, at('break', '2026-11-22T10:00:00Z', TODAY)];
      expect(deriveTimeState(events, clockInMs + 16 * HOUR, TODAY)).toBe('break');
      // The cut-off counts from the clock-in, not from the latest event.
      expect(deriveTimeState(events, clockInMs + 16 * HOUR + 1, TODAY)).toBe('none');
      expect(deriveTimeState([nightIn], clockInMs + 20 * HOUR, TODAY)).toBe('none');
    });

    it('counts the cut-off from the shift’s first clock-in, not from a return from break', () => {
      // In 08:00, break 15:00, back 15:15, never clocked out: at 07:00 the next day the shift
      // is 23 h old, so the person may clock in again.
      const events = [
        at('clock_in', '2026-11-21T13:00:00Z', YESTERDAY),
        at('break', '2026-11-21T20:00:00Z', YESTERDAY),
        at('clock_in', '2026-11-21T20:15:00Z', YESTERDAY),
      ];
      const sevenAm = Date.parse('2026-11-22T12:00:00Z');
      expect(deriveTimeState(events, sevenAm, TODAY)).toBe('none');
      expect(checkTransition(deriveTimeState(events, sevenAm, TODAY), 'clock_in')).toEqual({
        allowed: true,
      });
    });
  });

  it('applies the cut-off to a shift forgotten open on the same day too', () => {
    const early = at('clock_in', '2026-11-22T05:30:00Z', TODAY);
    const nowMs = Date.parse(early.occurredAt) + 17 * HOUR;
    expect(deriveTimeState([early], nowMs, TODAY)).toBe('none');
  });

  it('is none when the open events have no clock-in (it started before the window)', () => {
    const events = [at('break', '2026-11-22T10:00:00Z', TODAY)];
    expect(deriveTimeState(events, noon, TODAY)).toBe('none');
  });
});

describe('findOpenShiftStart', () => {
  it('finds the clock-in that opened the shift, not a return from a break', () => {
    const second = at('clock_in', '2026-11-22T15:00:00Z', TODAY);
    const events = [
      at('clock_in', '2026-11-22T13:00:00Z', TODAY),
      at('clock_out', '2026-11-22T14:00:00Z', TODAY),
      second,
      at('break', '2026-11-22T16:00:00Z', TODAY),
      at('clock_in', '2026-11-22T16:15:00Z', TODAY),
    ];
    expect(findOpenShiftStart(events)).toBe(second);
  });

  it('starts a new shift at a clock-in made after a shift expired open', () => {
    const forgotten = at('clock_in', '2026-11-21T13:00:00Z', YESTERDAY);
    const fresh = at('clock_in', '2026-11-22T13:00:00Z', TODAY);
    expect(findOpenShiftStart([forgotten, fresh])).toBe(fresh);
    expect(deriveTimeState([forgotten, fresh], Date.parse('2026-11-22T14:00:00Z'), TODAY)).toBe(
      'clock_in',
    );
  });

  it('is undefined after a clock-out or with no events', () => {
    expect(findOpenShiftStart([])).toBeUndefined();
    expect(
      findOpenShiftStart([
        at('clock_in', '2026-11-22T13:00:00Z', TODAY),
        at('clock_out', '2026-11-22T14:00:00Z', TODAY),
      ]),
    ).toBeUndefined();
  });
});

describe('sortEvents', () => {
  it('orders by instant without changing the input', () => {
    const events = [
      at('clock_out', '2026-11-22T16:00:00Z', TODAY),
      at('clock_in', '2026-11-22T09:00:00-05:00', TODAY),
      at('break', '2026-11-22T15:00:00Z', TODAY),
    ];
    const copy = [...events];
    expect(sortEvents(events).map((event) => event.eventType)).toEqual([
      'clock_in',
      'break',
      'clock_out',
    ]);
    expect(events).toEqual(copy);
  });
});

describe('eventLabels', () => {
  it('labels a return from a break or lunch "Back to work", not a second "Clocked In"', () => {
    const types: TimeEventType[] = [
      'clock_in',
      'break',
      'clock_in',
      'lunch',
      'clock_in',
      'clock_out',
    ];
    expect(eventLabels(types.map((eventType) => ({ eventType })))).toEqual([
      'Clocked In',
      'Started Break',
      'Back to work',
      'Started Lunch',
      'Back to work',
      'Clocked Out',
    ]);
  });

  it('keeps "Clocked In" for a new shift after a clock-out', () => {
    expect(eventLabels([{ eventType: 'clock_out' }, { eventType: 'clock_in' }])).toEqual([
      'Clocked Out',
      'Clocked In',
    ]);
  });
});

describe('describePunchOrigin', () => {
  it('names where a punch was made, and says nothing of the person’s own screen', () => {
    expect(describePunchOrigin({ source: 'web' })).toBeNull();
    expect(describePunchOrigin({ source: 'offline_sync' })).toBe('recorded offline');
    expect(describePunchOrigin({ source: 'admin_correction' })).toBe('corrected');
    expect(describePunchOrigin({ source: 'kiosk', kioskName: 'Front door' })).toBe(
      'kiosk: Front door',
    );
    expect(describePunchOrigin({ source: 'kiosk' })).toBe('kiosk: a removed device');
  });
});
