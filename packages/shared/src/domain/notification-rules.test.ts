import { describe, expect, it } from 'vitest';
import { shiftDate, toBusinessDate } from './business-time.ts';
import { renderNotification } from './notification-messages.ts';
import {
  COPIED_TO_OVERSEERS,
  DEFAULT_NOTIFICATION_SETTINGS,
  draftOverseerCopy,
  evaluateNotificationRules,
  type NotificationDraft,
  type PersonSnapshot,
  type RuleEvent,
  type ScheduledShift,
} from './notification-rules.ts';
import { shiftInstants, type ShiftPattern } from './schedule.ts';
import type { TimeEventType } from './time-state.ts';

const TORONTO = 'America/Toronto';
const MINUTE = 60_000;
const USER = '0b7f3c1e-8a4d-4f7e-9a1b-2c3d4e5f6a7b';
const OTHER_USER = '1c8e4d2f-9b5e-4a8f-8b2c-3d4e5f6a7b8c';
const ADMIN = '2d9f5e3a-ac6f-4b9a-9c3d-4e5f6a7b8c9d';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const DAY_SHIFT: ShiftPattern = {
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: null,
  lunchEnd: null,
  breakDurationMins: 15,
  workingDays: EVERY_DAY,
};
const NIGHT_SHIFT: ShiftPattern = { ...DAY_SHIFT, workStart: '22:00', workEnd: '06:00' };

/** A summer Wednesday in Toronto (EDT, UTC−4): 09:00 local is 13:00Z. */
const DAY = '2026-06-10';

/** The shift the snapshot would hand the rules for `date`, with real DST-aware instants. */
function shiftOn(
  date: string,
  pattern: ShiftPattern = DAY_SHIFT,
  templateName = 'Day',
): ScheduledShift {
  return {
    date,
    templateName,
    breakLimitMinutes: pattern.breakDurationMins,
    ...shiftInstants(pattern, date, TORONTO),
  };
}

const plus = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
const at = (iso: string) => new Date(iso);

let eventCounter = 0;
function punch(eventType: TimeEventType, instant: Date, id?: string): RuleEvent {
  eventCounter += 1;
  return {
    id: id ?? `event-${eventCounter}`,
    eventType,
    occurredAt: instant.toISOString(),
    date: toBusinessDate(instant, TORONTO),
  };
}

function person(shifts: ScheduledShift[], events: RuleEvent[] = []): PersonSnapshot {
  return { userId: USER, shifts, events };
}

/** The rules as the job calls them: today is the business day of `now` in Toronto. */
function evaluateDrafts(snapshot: PersonSnapshot, now: Date): NotificationDraft[] {
  return evaluateNotificationRules(snapshot, now, toBusinessDate(now, TORONTO), TORONTO);
}

/** A draft as an English reader reads it: its message key and values put into words. */
function read({ messageKey: _key, messageValues: _values, ...draft }: NotificationDraft) {
  return {
    ...draft,
    ...renderNotification({ messageKey: _key, messageValues: _values, ...draft }),
  };
}

/** The rules' drafts, as read. */
function evaluate(snapshot: PersonSnapshot, now: Date) {
  return evaluateDrafts(snapshot, now).map(read);
}

const typesOf = (drafts: NotificationDraft[]) => drafts.map((draft) => draft.type);

describe('notification settings', () => {
  it('default to a 5 minute grace, a 10 minute reminder, 120 minutes, lunch 30, break 15', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({
      lateAfterMinutes: 5,
      reminderBeforeMinutes: 10,
      forgotClockOutAfterMinutes: 120,
      lunchLimitMinutes: 30,
      defaultBreakLimitMinutes: 15,
    });
  });
});

describe('evaluateNotificationRules: shift reminder', () => {
  const shift = shiftOn(DAY);

  it('builds the shift at 09:00 Toronto time (13:00Z in summer)', () => {
    expect(shift.start.toISOString()).toBe('2026-06-10T13:00:00.000Z');
    expect(shift.end.toISOString()).toBe('2026-06-10T21:00:00.000Z');
  });

  it('reminds exactly 10 minutes before the start', () => {
    expect(evaluate(person([shift]), plus(shift.start, -10))).toEqual([
      {
        userId: USER,
        type: 'shift_reminder',
        occasionKey: `shift_reminder:${DAY}`,
        title: 'Shift starting soon',
        message: 'Your shift (Day) starts at 9:00 AM.',
        subjectUserId: USER,
      },
    ]);
  });

  // A plan's name is the template's or the roster position's own: "Evening shift" in the demo.
  it('names the plan once, in brackets, whatever its name ends with', () => {
    const evening = shiftOn(DAY, DAY_SHIFT, 'Evening shift');
    expect(evaluate(person([evening]), plus(evening.start, -10))[0]?.message).toBe(
      'Your shift (Evening shift) starts at 9:00 AM.',
    );
    expect(evaluate(person([evening]), plus(evening.start, 5))[0]?.message).toBe(
      'Your shift (Evening shift) started at 9:00 AM and you have not clocked in.',
    );
  });

  it('does not remind at 11 minutes before, nor at the start', () => {
    expect(evaluate(person([shift]), plus(shift.start, -11))).toEqual([]);
    expect(evaluate(person([shift]), plus(shift.start, -10.01))).toEqual([]);
    expect(evaluate(person([shift]), shift.start)).toEqual([]);
  });

  it('keeps the same occasion through the window, so it is raised once', () => {
    const keys = [-10, -5, -1].map(
      (minutes) => evaluate(person([shift]), plus(shift.start, minutes))[0]?.occasionKey,
    );
    expect(keys).toEqual([
      `shift_reminder:${DAY}`,
      `shift_reminder:${DAY}`,
      `shift_reminder:${DAY}`,
    ]);
  });

  it('does not remind someone who already clocked in early', () => {
    const events = [punch('clock_in', plus(shift.start, -40))];
    expect(evaluate(person([shift], events), plus(shift.start, -10))).toEqual([]);
  });

  it('follows the configured reminder lead time', () => {
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, reminderBeforeMinutes: 30 };
    const now = plus(shift.start, -30);
    const drafts = evaluateNotificationRules(person([shift]), now, DAY, TORONTO, settings);
    expect(typesOf(drafts)).toEqual(['shift_reminder']);
  });
});

describe('evaluateNotificationRules: late', () => {
  const shift = shiftOn(DAY);

  it('is raised exactly 5 minutes after the start without a clock-in', () => {
    expect(evaluate(person([shift]), plus(shift.start, 5))).toEqual([
      {
        userId: USER,
        type: 'late',
        occasionKey: `late:${DAY}`,
        title: 'You are late',
        message: 'Your shift (Day) started at 9:00 AM and you have not clocked in.',
        subjectUserId: USER,
      },
    ]);
  });

  it('is not raised at 4 minutes (or 4:59) after the start', () => {
    expect(evaluate(person([shift]), plus(shift.start, 4))).toEqual([]);
    expect(evaluate(person([shift]), plus(shift.start, 5 - 1 / 60))).toEqual([]);
  });

  it('follows settings.lateAfterMinutes', () => {
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, lateAfterMinutes: 10 };
    const check = (minutes: number) =>
      typesOf(
        evaluateNotificationRules(
          person([shift]),
          plus(shift.start, minutes),
          DAY,
          TORONTO,
          settings,
        ),
      );
    expect(check(9)).toEqual([]);
    expect(check(10)).toEqual(['late']);
  });

  it('is not raised once clocked in, even after a late clock-in', () => {
    const events = [punch('clock_in', plus(shift.start, 2))];
    expect(evaluate(person([shift], events), plus(shift.start, 5))).toEqual([]);
    expect(evaluate(person([shift], events), plus(shift.start, 90))).toEqual([]);
  });

  it('is not raised after a clock-in made up to 3 hours before the start', () => {
    for (const minutesBefore of [180, 120, 1]) {
      const events = [punch('clock_in', plus(shift.start, -minutesBefore))];
      expect(evaluate(person([shift], events), plus(shift.start, 5)), `${minutesBefore}`).toEqual(
        [],
      );
    }
  });

  it('does not count an earlier, finished session more than 3 hours before the start', () => {
    const events = [
      punch('clock_in', plus(shift.start, -181)),
      punch('clock_out', plus(shift.start, -150)),
    ];
    expect(typesOf(evaluate(person([shift], events), plus(shift.start, 5)))).toEqual(['late']);
  });

  it('is still raised during the shift, but not from its end on', () => {
    expect(typesOf(evaluate(person([shift]), plus(shift.end, -1)))).toEqual(['late']);
    expect(evaluate(person([shift]), shift.end)).toEqual([]);
    expect(evaluate(person([shift]), plus(shift.end, 60))).toEqual([]);
  });

  it('is raised for nobody without a shift', () => {
    expect(evaluate(person([]), plus(shift.start, 5))).toEqual([]);
  });
});

describe('evaluateNotificationRules: overbreak', () => {
  const shift = shiftOn(DAY);
  const clockIn = punch('clock_in', shift.start);

  it('is raised strictly beyond the 15 minute break limit, in whole minutes', () => {
    const breakStart = plus(shift.start, 60);
    const snapshot = person([shift], [clockIn, punch('break', breakStart, 'break-1')]);
    expect(evaluate(snapshot, plus(breakStart, 15))).toEqual([]);
    expect(evaluate(snapshot, plus(breakStart, 16 - 1 / 60))).toEqual([]);
    expect(evaluate(snapshot, plus(breakStart, 16))).toEqual([
      {
        userId: USER,
        type: 'overbreak',
        occasionKey: 'overbreak:break-1',
        title: 'Break over limit',
        message: 'Your break started at 10:00 AM and has passed its 15 minute limit.',
        subjectUserId: USER,
      },
    ]);
  });

  it('gives lunch its 30 minute limit', () => {
    const lunchStart = plus(shift.start, 180);
    const snapshot = person([shift], [clockIn, punch('lunch', lunchStart, 'lunch-1')]);
    expect(evaluate(snapshot, plus(lunchStart, 16))).toEqual([]);
    expect(evaluate(snapshot, plus(lunchStart, 30))).toEqual([]);
    expect(evaluate(snapshot, plus(lunchStart, 31))).toEqual([
      {
        userId: USER,
        type: 'overbreak',
        occasionKey: 'overbreak:lunch-1',
        title: 'Lunch over limit',
        message: 'Your lunch started at 12:00 PM and has passed its 30 minute limit.',
        subjectUserId: USER,
      },
    ]);
  });

  it("takes the break limit from today's shift", () => {
    const longBreaks = { ...shiftOn(DAY), breakLimitMinutes: 20 };
    const breakStart = plus(shift.start, 60);
    const snapshot = person([longBreaks], [clockIn, punch('break', breakStart, 'break-20')]);
    expect(evaluate(snapshot, plus(breakStart, 16))).toEqual([]);
    expect(evaluate(snapshot, plus(breakStart, 20))).toEqual([]);
    const [draft] = evaluate(snapshot, plus(breakStart, 21));
    expect(draft?.occasionKey).toBe('overbreak:break-20');
    expect(draft?.message).toContain('its 20 minute limit');
  });

  it("uses today's shift rather than yesterday's", () => {
    const yesterday = { ...shiftOn(shiftDate(DAY, -1)), breakLimitMinutes: 45 };
    const today = { ...shiftOn(DAY), breakLimitMinutes: 10 };
    const breakStart = plus(shift.start, 60);
    const snapshot = person([yesterday, today], [clockIn, punch('break', breakStart)]);
    expect(evaluate(snapshot, plus(breakStart, 10))).toEqual([]);
    expect(typesOf(evaluate(snapshot, plus(breakStart, 11)))).toEqual(['overbreak']);
  });

  it('falls back to the default 15 minutes without a shift', () => {
    const start = at('2026-06-10T15:00:00Z');
    const snapshot = person([], [punch('clock_in', plus(start, -60)), punch('break', start)]);
    expect(evaluate(snapshot, plus(start, 15))).toEqual([]);
    const [draft] = evaluate(snapshot, plus(start, 16));
    expect(draft?.type).toBe('overbreak');
    expect(draft?.message).toContain('its 15 minute limit');
  });

  it('keeps lunch at 30 minutes whatever the shift allows for breaks', () => {
    const generous = { ...shiftOn(DAY), breakLimitMinutes: 60 };
    const lunchStart = plus(shift.start, 180);
    const snapshot = person([generous], [clockIn, punch('lunch', lunchStart)]);
    expect(typesOf(evaluate(snapshot, plus(lunchStart, 31)))).toEqual(['overbreak']);
  });

  it('is one occasion per break: a new break is a new occasion', () => {
    const firstBreak = punch('break', plus(shift.start, 60), 'break-a');
    const back = punch('clock_in', plus(shift.start, 90));
    const secondBreak = punch('break', plus(shift.start, 300), 'break-b');
    const afterFirst = person([shift], [clockIn, firstBreak]);
    const afterSecond = person([shift], [clockIn, firstBreak, back, secondBreak]);

    const first = evaluate(afterFirst, plus(shift.start, 80));
    const second = evaluate(afterSecond, plus(shift.start, 320));
    expect(first.map((draft) => draft.occasionKey)).toEqual(['overbreak:break-a']);
    expect(second.map((draft) => draft.occasionKey)).toEqual(['overbreak:break-b']);
  });

  it('says nothing once back at work, however long the break was', () => {
    const events = [
      clockIn,
      punch('break', plus(shift.start, 60)),
      punch('clock_in', plus(shift.start, 100)),
    ];
    expect(evaluate(person([shift], events), plus(shift.start, 120))).toEqual([]);
  });

  it('reads the punches in time order whatever order they come in', () => {
    const breakStart = plus(shift.start, 60);
    const events = [punch('break', breakStart, 'break-late'), clockIn];
    expect(evaluate(person([shift], events), plus(breakStart, 16))[0]?.occasionKey).toBe(
      'overbreak:break-late',
    );
  });
});

describe('evaluateNotificationRules: forgot to clock out', () => {
  const shift = shiftOn(DAY);
  const clockIn = punch('clock_in', plus(shift.start, -5));

  it('warns 120 minutes after the end while still clocked in', () => {
    expect(evaluate(person([shift], [clockIn]), plus(shift.end, 120))).toEqual([
      {
        userId: USER,
        type: 'warning',
        occasionKey: `forgot_clock_out:${DAY}`,
        title: 'Still clocked in',
        message: 'Your shift ended at 5:00 PM. Did you forget to clock out?',
        subjectUserId: USER,
      },
    ]);
  });

  it('does not warn at 119 minutes', () => {
    expect(evaluate(person([shift], [clockIn]), plus(shift.end, 119))).toEqual([]);
  });

  it('does not warn after a clock-out', () => {
    const events = [clockIn, punch('clock_out', plus(shift.end, 3))];
    expect(evaluate(person([shift], events), plus(shift.end, 120))).toEqual([]);
    expect(evaluate(person([shift], events), plus(shift.end, 300))).toEqual([]);
  });

  it('warns someone still on a break past the end, too', () => {
    const events = [clockIn, punch('break', plus(shift.end, -10))];
    expect(typesOf(evaluate(person([shift], events), plus(shift.end, 120)))).toContain('warning');
  });

  it('does not warn about a shift someone clocked in for only after it ended', () => {
    const events = [punch('clock_in', plus(shift.end, 30))];
    expect(evaluate(person([shift], events), plus(shift.end, 150))).toEqual([]);
  });
});

describe('evaluateNotificationRules: overnight shift 22:00–06:00', () => {
  const yesterdaysNight = shiftOn(shiftDate(DAY, -1), NIGHT_SHIFT, 'Night');
  const tonight = shiftOn(DAY, NIGHT_SHIFT, 'Night');
  const tomorrowNight = shiftOn(shiftDate(DAY, 1), NIGHT_SHIFT, 'Night');

  it('runs from 22:00 on its start day to 06:00 the next day', () => {
    expect(tonight.start.toISOString()).toBe('2026-06-11T02:00:00.000Z');
    expect(tonight.end.toISOString()).toBe('2026-06-11T10:00:00.000Z');
  });

  it('raises late at 22:05 on its start day, keyed by that day', () => {
    // Last night's shift was worked; tonight's is missed.
    const events = [
      punch('clock_in', yesterdaysNight.start),
      punch('clock_out', yesterdaysNight.end),
    ];
    const snapshot = person([yesterdaysNight, tonight], events);
    const now = plus(tonight.start, 5);
    expect(toBusinessDate(now, TORONTO)).toBe(DAY);
    expect(evaluate(snapshot, plus(tonight.start, 4))).toEqual([]);
    expect(evaluate(snapshot, now)).toEqual([
      expect.objectContaining({
        type: 'late',
        occasionKey: `late:${DAY}`,
        message: 'Your shift (Night) started at 10:00 PM and you have not clocked in.',
      }),
    ]);
  });

  it('is still late for the shift after midnight, under the same occasion', () => {
    const now = at('2026-06-11T04:30:00Z'); // 00:30 the next business day
    const drafts = evaluate(person([tonight, tomorrowNight]), now);
    expect(drafts.map((draft) => draft.occasionKey)).toEqual([`late:${DAY}`]);
  });

  it('is not late after midnight for someone who clocked in at 22:00', () => {
    const now = at('2026-06-11T04:30:00Z');
    const events = [punch('clock_in', tonight.start)];
    expect(evaluate(person([tonight, tomorrowNight], events), now)).toEqual([]);
  });

  it('warns at 08:00 the next day while still clocked in, keyed by the start day', () => {
    const events = [punch('clock_in', plus(tonight.start, -5))];
    const snapshot = person([tonight, tomorrowNight], events);
    const eightAm = at('2026-06-11T12:00:00Z');
    expect(toBusinessDate(eightAm, TORONTO)).toBe(shiftDate(DAY, 1));
    expect(evaluate(snapshot, plus(eightAm, -1))).toEqual([]);
    expect(evaluate(snapshot, eightAm)).toEqual([
      expect.objectContaining({
        type: 'warning',
        occasionKey: `forgot_clock_out:${DAY}`,
        message: 'Your shift ended at 6:00 AM. Did you forget to clock out?',
      }),
    ]);
  });

  it('does not warn at 08:00 after a clock-out at 06:00', () => {
    const events = [punch('clock_in', tonight.start), punch('clock_out', tonight.end)];
    expect(evaluate(person([tonight, tomorrowNight], events), at('2026-06-11T12:00:00Z'))).toEqual(
      [],
    );
  });
});

describe('evaluateNotificationRules across daylight-saving changes in Toronto', () => {
  it('2026-03-08 (spring forward): 09:00 is 13:00Z, the day before it was 14:00Z', () => {
    const before = shiftOn('2026-03-07');
    const shift = shiftOn('2026-03-08');
    expect(before.start.toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(shift.start.toISOString()).toBe('2026-03-08T13:00:00.000Z');

    const kinds = (iso: string) => typesOf(evaluate(person([shift]), at(iso)));
    expect(kinds('2026-03-08T12:49:00Z')).toEqual([]);
    expect(kinds('2026-03-08T12:50:00Z')).toEqual(['shift_reminder']);
    expect(kinds('2026-03-08T13:04:00Z')).toEqual([]);
    expect(kinds('2026-03-08T13:05:00Z')).toEqual(['late']);
    expect(evaluate(person([shift]), at('2026-03-08T12:50:00Z'))[0]?.message).toBe(
      'Your shift (Day) starts at 9:00 AM.',
    );
  });

  it('2026-11-01 (fall back): 09:00 is 14:00Z, the day before it was 13:00Z', () => {
    const before = shiftOn('2026-10-31');
    const shift = shiftOn('2026-11-01');
    expect(before.start.toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(shift.start.toISOString()).toBe('2026-11-01T14:00:00.000Z');

    const kinds = (iso: string) => typesOf(evaluate(person([shift]), at(iso)));
    expect(kinds('2026-11-01T13:49:00Z')).toEqual([]);
    expect(kinds('2026-11-01T13:50:00Z')).toEqual(['shift_reminder']);
    expect(kinds('2026-11-01T14:04:00Z')).toEqual([]);
    expect(kinds('2026-11-01T14:05:00Z')).toEqual(['late']);
    expect(evaluate(person([shift]), at('2026-11-01T14:05:00Z'))[0]?.message).toBe(
      'Your shift (Day) started at 9:00 AM and you have not clocked in.',
    );
  });

  it('a night shift across spring forward lasts 7 hours and warns at 08:00 EDT', () => {
    const night = shiftOn('2026-03-07', NIGHT_SHIFT, 'Night');
    expect(night.start.toISOString()).toBe('2026-03-08T03:00:00.000Z');
    expect(night.end.toISOString()).toBe('2026-03-08T10:00:00.000Z');
    const snapshot = person([night], [punch('clock_in', night.start)]);
    expect(evaluate(snapshot, at('2026-03-08T11:59:00Z'))).toEqual([]);
    expect(evaluate(snapshot, at('2026-03-08T12:00:00Z'))).toEqual([
      expect.objectContaining({ type: 'warning', occasionKey: 'forgot_clock_out:2026-03-07' }),
    ]);
  });

  it('a night shift across fall back lasts 9 hours and warns at 08:00 EST', () => {
    const night = shiftOn('2026-10-31', NIGHT_SHIFT, 'Night');
    expect(night.start.toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(night.end.toISOString()).toBe('2026-11-01T11:00:00.000Z');
    const snapshot = person([night], [punch('clock_in', night.start)]);
    expect(evaluate(snapshot, at('2026-11-01T12:59:00Z'))).toEqual([]);
    expect(evaluate(snapshot, at('2026-11-01T13:00:00Z'))).toEqual([
      expect.objectContaining({ type: 'warning', occasionKey: 'forgot_clock_out:2026-10-31' }),
    ]);
  });
});

describe('draftOverseerCopy', () => {
  const shift = shiftOn(DAY);
  const lateDraft = (userId: string) =>
    evaluateDrafts(
      { userId, shifts: [shift], events: [] },
      plus(shift.start, 5),
    )[0] as NotificationDraft;

  it('copies late and overbreak to overseers, nothing else', () => {
    expect([...COPIED_TO_OVERSEERS].sort()).toEqual(['late', 'overbreak']);
  });

  it('addresses the overseer, names the person and keeps the subject', () => {
    expect(read(draftOverseerCopy(lateDraft(USER), ADMIN, 'Ada Lovelace'))).toEqual({
      userId: ADMIN,
      type: 'late',
      occasionKey: `late:${DAY}:${USER}`,
      title: 'Ada Lovelace is late',
      message: "Ada Lovelace's shift (Day) started at 9:00 AM and they have not clocked in.",
      subjectUserId: USER,
    });
  });

  it('gives each subject a distinct occasion, apart from the overseer’s own', () => {
    const own = lateDraft(ADMIN);
    const aboutUser = read(draftOverseerCopy(lateDraft(USER), ADMIN, 'Ada'));
    const aboutOther = read(draftOverseerCopy(lateDraft(OTHER_USER), ADMIN, 'Grace'));
    const keys = [own.occasionKey, aboutUser.occasionKey, aboutOther.occasionKey];
    expect(new Set(keys).size).toBe(3);
    expect(aboutOther.title).toBe('Grace is late');
  });

  it('says break or lunch for an overbreak', () => {
    const breakStart = plus(shift.start, 60);
    const onBreak = person([shift], [punch('clock_in', shift.start), punch('break', breakStart)]);
    const atLunch = person([shift], [punch('clock_in', shift.start), punch('lunch', breakStart)]);
    const [breakDraft] = evaluateDrafts(onBreak, plus(breakStart, 16));
    const [lunchDraft] = evaluateDrafts(atLunch, plus(breakStart, 31));

    const breakCopy = read(draftOverseerCopy(breakDraft as NotificationDraft, ADMIN, 'Ada'));
    const lunchCopy = read(draftOverseerCopy(lunchDraft as NotificationDraft, ADMIN, 'Ada'));
    expect(breakCopy.title).toBe('Ada is over their break');
    expect(breakCopy.message).toBe(
      "Ada's break started at 10:00 AM and has passed its 15 minute limit.",
    );
    expect(lunchCopy.title).toBe('Ada is over their lunch');
    expect(lunchCopy.message).toBe(
      "Ada's lunch started at 10:00 AM and has passed its 30 minute limit.",
    );
    expect(breakCopy.occasionKey).toBe(`${breakDraft?.occasionKey}:${USER}`);
  });
});
