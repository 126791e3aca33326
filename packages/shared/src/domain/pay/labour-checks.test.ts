import { describe, expect, it } from 'vitest';
import {
  findExcessWeeklyHours,
  findMissingBiweeklyRest,
  findMissingEatingPeriods,
  findMissingRestByRule,
  findMissingWeeklyRest,
  findShortDailyRest,
  findShortRestBetweenShifts,
  twoWeekRestPeriodStart,
  workedMinutesPerWeek,
  type WorkInterval,
} from './labour-checks.ts';

/*
 * All instants are written in UTC with the Toronto wall-clock time beside them: EST = UTC−5,
 * EDT = UTC−4. Spring forward: 2026-03-08 02:00 EST → 03:00 EDT (07:00Z). Fall back: 2026-11-01
 * 02:00 EDT → 01:00 EST (06:00Z). Expected figures are the real hours between the UTC instants,
 * counted by hand; the wall-clock figure is noted where it differs.
 */

const HOUR = 3_600_000;

function work(start: string, end: string): WorkInterval {
  return { start, end };
}

/** `count` shifts of `hours` real hours, one every 24 real hours from `firstStart`. */
function dailyShifts(firstStart: string, count: number, hours: number): WorkInterval[] {
  const first = Date.parse(firstStart);
  return Array.from({ length: count }, (_, day) => ({
    start: new Date(first + day * 24 * HOUR).toISOString(),
    end: new Date(first + day * 24 * HOUR + hours * HOUR).toISOString(),
  }));
}

describe('findMissingEatingPeriods', () => {
  it('allows exactly 5 hours and flags a minute more', () => {
    // 09:00–14:00 EDT = 13:00Z–18:00Z: 300 min.
    expect(
      findMissingEatingPeriods([work('2026-06-10T13:00:00Z', '2026-06-10T18:00:00Z')]),
    ).toEqual([]);
    expect(
      findMissingEatingPeriods([work('2026-06-10T13:00:00Z', '2026-06-10T18:01:00Z')]),
    ).toEqual([
      {
        kind: 'missing-eating-period',
        start: '2026-06-10T13:00:00.000Z',
        end: '2026-06-10T18:01:00.000Z',
        workedMinutes: 301,
        fiveHoursReachedAt: '2026-06-10T18:00:00.000Z',
      },
    ]);
  });

  it('does not let a 15-minute break reset the count', () => {
    // 09:00–12:00 (180 min), break 12:00–12:15, 12:15–15:00 (165 min): 345 min of work in one
    // run; 5 h are reached 120 min into the second piece, at 14:15 EDT = 18:15Z.
    const findings = findMissingEatingPeriods([
      work('2026-06-10T13:00:00Z', '2026-06-10T16:00:00Z'),
      work('2026-06-10T16:15:00Z', '2026-06-10T19:00:00Z'),
    ]);
    expect(findings).toEqual([
      {
        kind: 'missing-eating-period',
        start: '2026-06-10T13:00:00.000Z',
        end: '2026-06-10T19:00:00.000Z',
        workedMinutes: 345,
        fiveHoursReachedAt: '2026-06-10T18:15:00.000Z',
      },
    ]);
  });

  it('resets on an unpaid 30-minute gap', () => {
    // 09:00–12:00 (3 h), gap 30 min, 12:30–17:00 (4 h 30): no run over 5 h.
    expect(
      findMissingEatingPeriods([
        work('2026-06-10T13:00:00Z', '2026-06-10T16:00:00Z'),
        work('2026-06-10T16:30:00Z', '2026-06-10T21:00:00Z'),
      ]),
    ).toEqual([]);
  });

  it('resets on a paid eating period listed inside a work interval', () => {
    // 09:00–17:30 on the clock (510 min) with a paid meal 12:00–12:30: runs of 3 h and 5 h.
    const day = [work('2026-06-10T13:00:00Z', '2026-06-10T21:30:00Z')];
    const meal = [work('2026-06-10T16:00:00Z', '2026-06-10T16:30:00Z')];
    expect(findMissingEatingPeriods(day, meal)).toEqual([]);
    expect(findMissingEatingPeriods(day)[0]?.workedMinutes).toBe(510);
    // A 20-minute meal is too short: 510 − 20 = 490 min in one run.
    const shortMeal = [work('2026-06-10T16:00:00Z', '2026-06-10T16:20:00Z')];
    expect(findMissingEatingPeriods(day, shortMeal)[0]?.workedMinutes).toBe(490);
  });

  it('counts real hours on the spring-forward night (wall clock says 6 h, it is 5 h)', () => {
    // Sat 22:00 EST (03:00Z) → Sun 04:00 EDT (08:00Z): 5 real hours, allowed.
    expect(
      findMissingEatingPeriods([work('2026-03-08T03:00:00Z', '2026-03-08T08:00:00Z')]),
    ).toEqual([]);
  });

  it('counts real hours on the fall-back night (wall clock says 4 h 01, it is 5 h 01)', () => {
    // Sat 22:00 EDT (02:00Z) → Sun 02:01 EST (07:01Z): 301 real minutes; 5 h reached at 07:00Z
    // (01:00 EST, the second 01:00 of the night).
    expect(
      findMissingEatingPeriods([work('2026-11-01T02:00:00Z', '2026-11-01T07:01:00Z')]),
    ).toEqual([
      {
        kind: 'missing-eating-period',
        start: '2026-11-01T02:00:00.000Z',
        end: '2026-11-01T07:01:00.000Z',
        workedMinutes: 301,
        fiveHoursReachedAt: '2026-11-01T07:00:00.000Z',
      },
    ]);
  });

  it('merges overlapping intervals instead of counting a minute twice', () => {
    // 13:00Z–16:00Z and 15:00Z–18:00Z overlap: 13:00Z–18:00Z = 300 min, allowed.
    expect(
      findMissingEatingPeriods([
        work('2026-06-10T13:00:00Z', '2026-06-10T16:00:00Z'),
        work('2026-06-10T15:00:00Z', '2026-06-10T18:00:00Z'),
      ]),
    ).toEqual([]);
  });

  it('refuses an interval that ends before it starts', () => {
    expect(() =>
      findMissingEatingPeriods([work('2026-06-10T18:00:00Z', '2026-06-10T13:00:00Z')]),
    ).toThrow(RangeError);
  });
});

describe('findShortDailyRest', () => {
  it('measures 11 h off across the spring-forward night in real hours', () => {
    // Day 2026-03-08: window 05:00Z (00:00 EST) → 2026-03-09 05:00Z (01:00 EDT), 24 real hours.
    // Work 00:00–01:00 EST (05:00Z–06:00Z), off, work 13:00–23:00 EDT (17:00Z–03:00Z).
    // Off 06:00Z → 17:00Z = 11 real hours (the clock says 12): allowed.
    const enough = [
      work('2026-03-08T05:00:00Z', '2026-03-08T06:00:00Z'),
      work('2026-03-08T17:00:00Z', '2026-03-09T03:00:00Z'),
    ];
    expect(findShortDailyRest(enough)).toEqual([]);
    // Back at 12:59 EDT (16:59Z): 10 h 59 = 659 min off; the other stretch, 03:00Z → 05:00Z, is
    // 2 h. The clock would show 11 h 59 and miss it.
    const short = [
      work('2026-03-08T05:00:00Z', '2026-03-08T06:00:00Z'),
      work('2026-03-08T16:59:00Z', '2026-03-09T03:00:00Z'),
    ];
    expect(findShortDailyRest(short)).toEqual([
      {
        kind: 'short-daily-rest',
        businessDate: '2026-03-08',
        windowStart: '2026-03-08T05:00:00.000Z',
        windowEnd: '2026-03-09T05:00:00.000Z',
        longestOffMinutes: 659,
      },
    ]);
  });

  it('measures 11 h off across the fall-back night in real hours', () => {
    // Work Sat 16:00 EDT → Sun 00:30 EDT (Oct 31 20:00Z → Nov 1 04:30Z), then Sun 10:30 EST →
    // 20:00 EST (15:30Z → Nov 2 01:00Z). Off 04:30Z → 15:30Z = 11 real hours (the clock says 10).
    // Day 2026-11-01's window is 04:00Z → Nov 2 04:00Z; Oct 31's (04:00Z → Nov 1 04:00Z) has 16 h
    // off before 20:00Z.
    const enough = [
      work('2026-10-31T20:00:00Z', '2026-11-01T04:30:00Z'),
      work('2026-11-01T15:30:00Z', '2026-11-02T01:00:00Z'),
    ];
    expect(findShortDailyRest(enough)).toEqual([]);
    const short = [
      work('2026-10-31T20:00:00Z', '2026-11-01T04:30:00Z'),
      work('2026-11-01T15:29:00Z', '2026-11-02T01:00:00Z'),
    ];
    expect(findShortDailyRest(short)).toEqual([
      {
        kind: 'short-daily-rest',
        businessDate: '2026-11-01',
        windowStart: '2026-11-01T04:00:00.000Z',
        windowEnd: '2026-11-02T04:00:00.000Z',
        longestOffMinutes: 659,
      },
    ]);
  });

  it('flags a quick turnaround after an overnight shift on the day it lands', () => {
    // Night 22:00–06:00 EDT (Jun 10 02:00Z → 10:00Z), back 14:00–22:00 (18:00Z → Jun 11 02:00Z).
    // Day Jun 10 (04:00Z → Jun 11 04:00Z): work, off 10:00Z → 18:00Z (8 h), work, off 2 h → 480.
    // Day Jun 9 (Jun 9 04:00Z → Jun 10 04:00Z): 22 h off before 02:00Z. Day Jun 11: no work.
    expect(
      findShortDailyRest([
        work('2026-06-10T02:00:00Z', '2026-06-10T10:00:00Z'),
        work('2026-06-10T18:00:00Z', '2026-06-11T02:00:00Z'),
      ]),
    ).toEqual([
      {
        kind: 'short-daily-rest',
        businessDate: '2026-06-10',
        windowStart: '2026-06-10T04:00:00.000Z',
        windowEnd: '2026-06-11T04:00:00.000Z',
        longestOffMinutes: 480,
      },
    ]);
  });

  it('starts each day where the employer fixes it: an ordinary 09:00–17:00 week passes', () => {
    // Two days 09:00–17:00 EST (14:00Z–22:00Z). Midnight windows see 9 h and 7 h off: flagged.
    const days = [
      work('2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z'),
      work('2026-11-25T14:00:00Z', '2026-11-25T22:00:00Z'),
    ];
    expect(findShortDailyRest(days).map((finding) => finding.businessDate)).toEqual([
      '2026-11-24',
      '2026-11-25',
    ]);
    // Days that start at the shift start (09:00): 16 h off between the shifts.
    const starts = new Map([
      ['2026-11-24', '2026-11-24T14:00:00Z'],
      ['2026-11-25', '2026-11-25T14:00:00Z'],
    ]);
    expect(findShortDailyRest(days, 'America/Toronto', starts)).toEqual([]);
    // A second shift 21:00–03:00 on the 24th leaves 6 h off (03:00–09:00) in that day.
    const doubled = [...days, work('2026-11-25T02:00:00Z', '2026-11-25T08:00:00Z')];
    expect(findShortDailyRest(doubled, 'America/Toronto', starts)).toEqual([
      {
        kind: 'short-daily-rest',
        businessDate: '2026-11-24',
        windowStart: '2026-11-24T14:00:00.000Z',
        windowEnd: '2026-11-25T14:00:00.000Z',
        longestOffMinutes: 360,
      },
    ]);
  });

  it('measures a day that starts at 22:00 on the fall-back night in real hours', () => {
    // Night 22:00 EDT Oct 31 (02:00Z Nov 1) → 06:00 EST Nov 1 (11:00Z): 9 real hours of work.
    // The day from 22:00 EDT runs 24 real hours to 21:00 EST Nov 1 (02:00Z Nov 2); back at
    // 20:00 EST (01:00Z): off 11:00Z → 01:00Z = 14 h, passes. Back at 14:30 EST (19:30Z): 8 h 30.
    const starts = new Map([['2026-10-31', '2026-11-01T02:00:00Z']]);
    const night = work('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z');
    expect(
      findShortDailyRest(
        [night, work('2026-11-02T01:00:00Z', '2026-11-02T05:00:00Z')],
        'America/Toronto',
        starts,
      ).filter((finding) => finding.businessDate === '2026-10-31'),
    ).toEqual([]);
    expect(
      findShortDailyRest(
        [night, work('2026-11-01T19:30:00Z', '2026-11-02T01:00:00Z')],
        'America/Toronto',
        starts,
      ).filter((finding) => finding.businessDate === '2026-10-31'),
    ).toEqual([
      {
        kind: 'short-daily-rest',
        businessDate: '2026-10-31',
        windowStart: '2026-11-01T02:00:00.000Z',
        windowEnd: '2026-11-02T02:00:00.000Z',
        longestOffMinutes: 510,
      },
    ]);
  });

  it('is empty without work', () => {
    expect(findShortDailyRest([])).toEqual([]);
  });
});

describe('findShortRestBetweenShifts', () => {
  it('allows 8 h and flags 7 h 59 between a closing and an opening shift', () => {
    // 15:00–23:00 EDT (19:00Z → Jun 11 03:00Z), then 07:00 EDT (11:00Z): 8 h off.
    const close = work('2026-06-10T19:00:00Z', '2026-06-11T03:00:00Z');
    expect(
      findShortRestBetweenShifts([close, work('2026-06-11T11:00:00Z', '2026-06-11T19:00:00Z')]),
    ).toEqual([]);
    expect(
      findShortRestBetweenShifts([close, work('2026-06-11T10:59:00Z', '2026-06-11T19:00:00Z')]),
    ).toEqual([
      {
        kind: 'short-rest-between-shifts',
        previousShiftEnd: '2026-06-11T03:00:00.000Z',
        nextShiftStart: '2026-06-11T10:59:00.000Z',
        offMinutes: 479,
      },
    ]);
  });

  it('sees the spring-forward night as 7 real hours (the clock says 8)', () => {
    // Ends Sat 20:00 EST (Mar 8 01:00Z), starts Sun 04:00 EDT (08:00Z): 7 h = 420 min.
    expect(
      findShortRestBetweenShifts([
        work('2026-03-07T17:00:00Z', '2026-03-08T01:00:00Z'),
        work('2026-03-08T08:00:00Z', '2026-03-08T16:00:00Z'),
      ]),
    ).toEqual([
      {
        kind: 'short-rest-between-shifts',
        previousShiftEnd: '2026-03-08T01:00:00.000Z',
        nextShiftStart: '2026-03-08T08:00:00.000Z',
        offMinutes: 420,
      },
    ]);
  });

  it('sees the fall-back night as 8 real hours (the clock says 7)', () => {
    // Ends Sat 23:00 EDT (Nov 1 03:00Z), starts Sun 06:00 EST (11:00Z): 8 h, allowed.
    expect(
      findShortRestBetweenShifts([
        work('2026-10-31T19:00:00Z', '2026-11-01T03:00:00Z'),
        work('2026-11-01T11:00:00Z', '2026-11-01T19:00:00Z'),
      ]),
    ).toEqual([]);
  });

  it('owes no 8 hours between shifts that together last 13 hours or less (s. 18(3))', () => {
    // 4 h + 4 h with 5 h between: 8 h in all, not more than 13, so nothing is owed.
    const first = work('2026-06-10T10:00:00Z', '2026-06-10T14:00:00Z');
    expect(
      findShortRestBetweenShifts([first, work('2026-06-10T19:00:00Z', '2026-06-10T23:00:00Z')]),
    ).toEqual([]);
    // 8 h + 5 h = 13 h exactly: still nothing; 8 h + 5 h 01 = 13 h 01 with 5 h between: owed.
    const long = work('2026-06-10T06:00:00Z', '2026-06-10T14:00:00Z');
    expect(
      findShortRestBetweenShifts([long, work('2026-06-10T19:00:00Z', '2026-06-11T00:00:00Z')]),
    ).toEqual([]);
    expect(
      findShortRestBetweenShifts([long, work('2026-06-10T19:00:00Z', '2026-06-11T00:01:00Z')]),
    ).toEqual([
      {
        kind: 'short-rest-between-shifts',
        previousShiftEnd: '2026-06-10T14:00:00.000Z',
        nextShiftStart: '2026-06-10T19:00:00.000Z',
        offMinutes: 300,
      },
    ]);
  });

  it('treats a gap under 3 h as a break inside one shift, and 3 h as between shifts', () => {
    // 09:00–12:00, lunch 1 h, 13:00–17:00 EDT: one shift.
    expect(
      findShortRestBetweenShifts([
        work('2026-06-10T13:00:00Z', '2026-06-10T16:00:00Z'),
        work('2026-06-10T17:00:00Z', '2026-06-10T21:00:00Z'),
      ]),
    ).toEqual([]);
    // 2 h 59 apart: one shift. 3 h apart: two shifts (8 h + 6 h = 14 h > 13 h, so the 8 hours
    // between them are owed) with 180 min between them.
    const morning = work('2026-06-10T06:00:00Z', '2026-06-10T14:00:00Z');
    expect(
      findShortRestBetweenShifts([morning, work('2026-06-10T16:59:00Z', '2026-06-10T23:00:00Z')]),
    ).toEqual([]);
    expect(
      findShortRestBetweenShifts([morning, work('2026-06-10T17:00:00Z', '2026-06-10T23:00:00Z')]),
    ).toEqual([
      {
        kind: 'short-rest-between-shifts',
        previousShiftEnd: '2026-06-10T14:00:00.000Z',
        nextShiftStart: '2026-06-10T17:00:00.000Z',
        offMinutes: 180,
      },
    ]);
    // With a 4-hour shift gap the 3-hour split is one shift again.
    expect(
      findShortRestBetweenShifts(
        [morning, work('2026-06-10T17:00:00Z', '2026-06-10T20:00:00Z')],
        240,
      ),
    ).toEqual([]);
  });
});

describe('findMissingWeeklyRest (24 h in each work week)', () => {
  it('gives the spring-forward week 167 h and counts its 24 h off in real hours', () => {
    // Sunday weeks. Week of Mar 8: 05:00Z → Mar 15 04:00Z. Off from the week start to Mon
    // Mar 9 05:00Z (01:00 EDT) = 24 real hours (the clock says 25). Then 12-h shifts every 24 h
    // from Mar 9 05:00Z (6 of them; 12-h gaps; the last ends Mar 14 17:00Z, 11 h before the end).
    const enough = dailyShifts('2026-03-09T05:00:00Z', 6, 12);
    expect(findMissingWeeklyRest(enough, { weekStartsOn: 0 })).toEqual([]);
    // An hour earlier (Mar 9 04:00Z = 00:00 EDT, the clock's 24 h): 23 real hours = 1380 min.
    const short = dailyShifts('2026-03-09T04:00:00Z', 6, 12);
    expect(findMissingWeeklyRest(short, { weekStartsOn: 0 })).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-03-08',
        periodStart: '2026-03-08T05:00:00.000Z',
        periodEnd: '2026-03-15T04:00:00.000Z',
        requiredOffMinutes: 1440,
        longestOffMinutes: 1380,
      },
    ]);
  });

  it('gives the fall-back week 169 h and counts its 24 h off in real hours', () => {
    // Week of Nov 1: 04:00Z → Nov 8 05:00Z. Off 04:00Z → Nov 2 04:00Z (Sun 23:00 EST) = 24 real
    // hours (the clock says 23), then 12-h shifts every 24 h (last ends Nov 7 16:00Z; 13 h left).
    expect(
      findMissingWeeklyRest(dailyShifts('2026-11-02T04:00:00Z', 6, 12), { weekStartsOn: 0 }),
    ).toEqual([]);
  });

  it('splits a weekend at the week boundary and an overnight shift across it', () => {
    // Overnight shifts 18:00–06:00 EDT (22:00Z → 10:00Z) starting Sat Jun 6 … Fri Jun 12, then a
    // day shift Mon Jun 15 06:00–18:00 EDT (10:00Z → 22:00Z). Sunday weeks:
    // - Jun 7 (Jun 7 04:00Z → Jun 14 04:00Z): the Jun 6 night counts from 04:00Z; 12-h gaps; the
    //   weekend Sat Jun 13 10:00Z → Jun 14 04:00Z is only 18 h inside it = 1080 min.
    // - Jun 14 (→ Jun 21 04:00Z): off 04:00Z → Jun 15 10:00Z = 30 h, fine.
    // - May 31 week: holds the Jun 6 night's first 6 h, days off before it, fine.
    const shifts = [
      ...dailyShifts('2026-06-06T22:00:00Z', 7, 12),
      work('2026-06-15T10:00:00Z', '2026-06-15T22:00:00Z'),
    ];
    expect(findMissingWeeklyRest(shifts, { weekStartsOn: 0 })).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-06-07',
        periodStart: '2026-06-07T04:00:00.000Z',
        periodEnd: '2026-06-14T04:00:00.000Z',
        requiredOffMinutes: 1440,
        longestOffMinutes: 1080,
      },
    ]);
    // With Saturday weeks the same weekend lies inside one week (Jun 13 04:00Z → Jun 20 04:00Z):
    // 48 h off from Jun 13 10:00Z. The Jun 6 week (Jun 6 04:00Z → Jun 13 04:00Z) has 18 h off
    // before the first night (04:00Z → 22:00Z) and 12-h gaps: 1080 min.
    expect(findMissingWeeklyRest(shifts, { weekStartsOn: 6 })).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-06-06',
        periodStart: '2026-06-06T04:00:00.000Z',
        periodEnd: '2026-06-13T04:00:00.000Z',
        requiredOffMinutes: 1440,
        longestOffMinutes: 1080,
      },
    ]);
  });
});

describe('findMissingBiweeklyRest (48 h in every 2 work weeks)', () => {
  it('accepts the weekend the 24-h rule refused, when it is 48 h inside the pair', () => {
    // Same shifts as above; period Jun 7 → Jun 21 (04:00Z): off Sat Jun 13 10:00Z → Mon Jun 15
    // 10:00Z = 48 h, then 12-h shifts every 24 h from Tue Jun 16 10:00Z (5; the last ends
    // Jun 20 22:00Z, 6 h before the end; 12-h gaps). Back a minute early on Monday: 47 h 59 =
    // 2879 min.
    const shifts = [
      ...dailyShifts('2026-06-06T22:00:00Z', 7, 12),
      ...dailyShifts('2026-06-16T10:00:00Z', 5, 12),
    ];
    const options = { firstPeriodStartDate: '2026-06-07' };
    expect(
      findMissingBiweeklyRest(
        [...shifts, work('2026-06-15T10:00:00Z', '2026-06-15T22:00:00Z')],
        options,
      ),
    ).toEqual([]);
    expect(
      findMissingBiweeklyRest(
        [...shifts, work('2026-06-15T09:59:00Z', '2026-06-15T22:00:00Z')],
        options,
      ),
    ).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-06-07',
        periodStart: '2026-06-07T04:00:00.000Z',
        periodEnd: '2026-06-21T04:00:00.000Z',
        requiredOffMinutes: 2880,
        longestOffMinutes: 2879,
      },
    ]);
  });

  it('measures a weekend across spring forward as 47 real hours (the clock says 48)', () => {
    // Period Mar 1 05:00Z → Mar 15 04:00Z (335 h). 12-h shifts every 24 h from Sun Mar 1 05:00Z
    // (6; the last ends Fri Mar 6 17:00Z = 12:00 EST), then from Sun Mar 8 16:00Z (12:00 EDT; 6,
    // the last ends Mar 14 04:00Z, 24 h before the end). Weekend: Mar 6 17:00Z → Mar 8 16:00Z =
    // 47 h = 2820 min. Each week alone has its 24 h (36 h and 24 h), so only this rule flags it.
    const shifts = [
      ...dailyShifts('2026-03-01T05:00:00Z', 6, 12),
      ...dailyShifts('2026-03-08T16:00:00Z', 6, 12),
    ];
    expect(findMissingWeeklyRest(shifts, { weekStartsOn: 0 })).toEqual([]);
    expect(findMissingBiweeklyRest(shifts, { firstPeriodStartDate: '2026-03-01' })).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-03-01',
        periodStart: '2026-03-01T05:00:00.000Z',
        periodEnd: '2026-03-15T04:00:00.000Z',
        requiredOffMinutes: 2880,
        longestOffMinutes: 2820,
      },
    ]);
    // Back an hour later (17:00Z, 13:00 EDT): 48 real hours, allowed.
    const later = [
      ...dailyShifts('2026-03-01T05:00:00Z', 6, 12),
      ...dailyShifts('2026-03-08T17:00:00Z', 6, 12),
    ];
    expect(findMissingBiweeklyRest(later, { firstPeriodStartDate: '2026-03-01' })).toEqual([]);
  });
});

describe('workedMinutesPerWeek and findExcessWeeklyHours (48 h)', () => {
  // Spring-forward week (Sunday weeks, Mar 8 05:00Z → Mar 15 04:00Z). Overnight Sat 20:00 EST →
  // Sun 10:00 EDT (Mar 8 01:00Z → 14:00Z) = 13 real hours (the clock says 14): 4 h fall in the
  // week of Mar 1, 9 h in the week of Mar 8 (the clock would say 10).
  const overnight = work('2026-03-08T01:00:00Z', '2026-03-08T14:00:00Z');
  // Tue–Thu 10 h each (08:00–18:00 EDT = 12:00Z–22:00Z) and Fri 9 h (12:00Z–21:00Z): 39 h.
  const rest = [
    ...dailyShifts('2026-03-10T12:00:00Z', 3, 10),
    work('2026-03-13T12:00:00Z', '2026-03-13T21:00:00Z'),
  ];

  it('splits an overnight shift at the week boundary by real time, each minute once', () => {
    expect(workedMinutesPerWeek([overnight, ...rest], { weekStartsOn: 0 })).toEqual([
      { weekStartDate: '2026-03-01', workedMinutes: 240 },
      { weekStartDate: '2026-03-08', workedMinutes: 48 * 60 }, // 9 h + 39 h
    ]);
  });

  it('allows 48 h in the spring-forward week and flags a minute more', () => {
    expect(
      findExcessWeeklyHours([overnight, ...rest], {
        weekStartsOn: 0,
        hasExcessHoursAgreement: false,
      }),
    ).toEqual([]);
    const longer = [...rest, work('2026-03-08T01:00:00Z', '2026-03-08T14:01:00Z')];
    expect(
      findExcessWeeklyHours(longer, { weekStartsOn: 0, hasExcessHoursAgreement: false }),
    ).toEqual([
      {
        kind: 'excess-weekly-hours',
        weekStartDate: '2026-03-08',
        weekStart: '2026-03-08T05:00:00.000Z',
        weekEnd: '2026-03-15T04:00:00.000Z',
        workedMinutes: 2881,
      },
    ]);
    expect(
      findExcessWeeklyHours(longer, { weekStartsOn: 0, hasExcessHoursAgreement: true }),
    ).toEqual([]);
  });

  it('flags 49 real hours in the fall-back week that the clock shows as 48', () => {
    // Week of Nov 1: 04:00Z → Nov 8 05:00Z. Overnight Sat 22:00 EDT → Sun 06:00 EST (Nov 1
    // 02:00Z → 11:00Z) = 9 real hours, 7 of them in this week (the clock says 6). Plus Mon–Thu
    // 10 h and Fri 2 h = 42 h: 49 h = 2940 min.
    const shifts = [
      work('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z'),
      ...dailyShifts('2026-11-02T13:00:00Z', 4, 10),
      work('2026-11-06T13:00:00Z', '2026-11-06T15:00:00Z'),
    ];
    expect(workedMinutesPerWeek(shifts, { weekStartsOn: 0 })).toEqual([
      { weekStartDate: '2026-10-25', workedMinutes: 120 },
      { weekStartDate: '2026-11-01', workedMinutes: 2940 },
    ]);
    expect(
      findExcessWeeklyHours(shifts, { weekStartsOn: 0, hasExcessHoursAgreement: false }),
    ).toEqual([
      {
        kind: 'excess-weekly-hours',
        weekStartDate: '2026-11-01',
        weekStart: '2026-11-01T04:00:00.000Z',
        weekEnd: '2026-11-08T05:00:00.000Z',
        workedMinutes: 2940,
      },
    ]);
  });
});

describe('an overnight shift across a month end and a work-week boundary', () => {
  // Week starting Wednesday (3): the boundary is Wed Jul 1 00:00 EDT = 04:00Z, also the month
  // end. Tue Jun 30 08:00–16:00 EDT (12:00Z → 20:00Z), then a night Tue 22:00 → Wed 06:00 EDT
  // (Jul 1 02:00Z → 10:00Z).
  const shifts = [
    work('2026-06-30T12:00:00Z', '2026-06-30T20:00:00Z'),
    work('2026-07-01T02:00:00Z', '2026-07-01T10:00:00Z'),
  ];

  it('puts 2 h of the night in the week of Jun 24 and 6 h in the week of Jul 1', () => {
    // Week of Jun 24: 8 h day + 02:00Z → 04:00Z = 10 h = 600 min; week of Jul 1: 04:00Z → 10:00Z.
    expect(workedMinutesPerWeek(shifts, { weekStartsOn: 3 })).toEqual([
      { weekStartDate: '2026-06-24', workedMinutes: 600 },
      { weekStartDate: '2026-07-01', workedMinutes: 360 },
    ]);
  });

  it('flags Jun 30 for daily rest and the 6 h between the two shifts', () => {
    // Day Jun 30 (04:00Z → Jul 1 04:00Z): off 04:00Z → 12:00Z = 8 h and 20:00Z → 02:00Z = 6 h.
    // Day Jul 1 (→ Jul 2 04:00Z): off 10:00Z → end = 18 h, fine.
    expect(findShortDailyRest(shifts).map((f) => [f.businessDate, f.longestOffMinutes])).toEqual([
      ['2026-06-30', 480],
    ]);
    expect(findShortRestBetweenShifts(shifts).map((f) => f.offMinutes)).toEqual([360]);
  });
});

describe('twoWeekRestPeriodStart (how the pairs of work weeks for the 48-hour rule are chosen)', () => {
  it('counts pairs every 14 days from the work week holding the anchor, before and after it', () => {
    // Sunday weeks, anchor Sun 2026-01-04: pairs start Jan 4, Jan 18, … Jun 7 (154 days = 11
    // pairs later), and Dec 21, 2025 before it.
    expect(twoWeekRestPeriodStart('2026-01-04', 0, '2026-01-04')).toBe('2026-01-04');
    expect(twoWeekRestPeriodStart('2026-01-17', 0, '2026-01-04')).toBe('2026-01-04');
    expect(twoWeekRestPeriodStart('2026-01-18', 0, '2026-01-04')).toBe('2026-01-18');
    expect(twoWeekRestPeriodStart('2026-06-13', 0, '2026-01-04')).toBe('2026-06-07');
    expect(twoWeekRestPeriodStart('2026-06-20', 0, '2026-01-04')).toBe('2026-06-07');
    expect(twoWeekRestPeriodStart('2026-01-03', 0, '2026-01-04')).toBe('2025-12-21');
    // Across both DST changes the count stays in whole calendar days.
    expect(twoWeekRestPeriodStart('2026-03-14', 0, '2026-01-04')).toBe('2026-03-01');
    expect(twoWeekRestPeriodStart('2026-11-07', 0, '2026-01-04')).toBe('2026-10-25');
    // An anchor in mid-week means its work week: with Monday weeks, Wed Jan 7 → Mon Jan 5.
    expect(twoWeekRestPeriodStart('2026-01-19', 1, '2026-01-07')).toBe('2026-01-19');
    expect(twoWeekRestPeriodStart('2026-01-18', 1, '2026-01-07')).toBe('2026-01-05');
  });
});

describe('findMissingRestByRule (the rule set chooses 24 h a week or 48 h in two weeks)', () => {
  // Sunday weeks, pairs from the default anchor (Jan 4): the pair Jun 7 → Jun 21 (04:00Z, EDT).
  const sundayWeeks = { weekStartsOn: 0 };

  it('60 h off straddling the middle of the pair, only 12 h of it in the first week: flagged under 24 h a week, not under 48 h in two weeks', () => {
    // 12-h shifts every 24 h from Sun Jun 7 04:00Z (00:00 EDT): 7 of them, the last ends Sat
    // Jun 13 16:00Z. Off until Tue Jun 16 04:00Z = 60 h, of which 12 h lie in the first week
    // (→ Jun 14 04:00Z) and 48 h in the second. Then 5 shifts from Jun 16 04:00Z (last ends Sat
    // Jun 20 16:00Z, 12 h before the pair ends). Every other gap is 12 h.
    const shifts = [
      ...dailyShifts('2026-06-07T04:00:00Z', 7, 12),
      ...dailyShifts('2026-06-16T04:00:00Z', 5, 12),
    ];
    expect(findMissingRestByRule(shifts, { ...sundayWeeks, ruleOn: 'weekly_24' })).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-06-07',
        periodStart: '2026-06-07T04:00:00.000Z',
        periodEnd: '2026-06-14T04:00:00.000Z',
        requiredOffMinutes: 1440,
        longestOffMinutes: 720,
      },
    ]);
    expect(findMissingRestByRule(shifts, { ...sundayWeeks, ruleOn: 'biweekly_48' })).toEqual([]);
    // The same as findMissingWeeklyRest for rule (a).
    expect(findMissingWeeklyRest(shifts, sundayWeeks)).toEqual(
      findMissingRestByRule(shifts, { ...sundayWeeks, ruleOn: 'weekly_24' }),
    );
  });

  it('36 h off in each week and nothing longer: fine under 24 h a week, flagged under 48 h in two weeks', () => {
    // 6 shifts of 12 h every 24 h from Sun Jun 7 04:00Z (last ends Fri Jun 12 16:00Z), off 36 h to
    // Sun Jun 14 04:00Z; the same again from Jun 14 (last ends Jun 19 16:00Z, 36 h to the end).
    const shifts = [
      ...dailyShifts('2026-06-07T04:00:00Z', 6, 12),
      ...dailyShifts('2026-06-14T04:00:00Z', 6, 12),
    ];
    expect(findMissingRestByRule(shifts, { ...sundayWeeks, ruleOn: 'weekly_24' })).toEqual([]);
    expect(findMissingRestByRule(shifts, { ...sundayWeeks, ruleOn: 'biweekly_48' })).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-06-07',
        periodStart: '2026-06-07T04:00:00.000Z',
        periodEnd: '2026-06-21T04:00:00.000Z',
        requiredOffMinutes: 2880,
        longestOffMinutes: 2160,
      },
    ]);
  });

  it('measures a pair across spring forward and across fall back in real hours', () => {
    // Pair Mar 1 05:00Z → Mar 15 04:00Z (335 h; Mar 1 is a pair start from Jan 4). Weekend
    // Fri Mar 6 17:00Z → Sun Mar 8 16:00Z = 47 real hours (the clock says 48): flagged.
    const spring = [
      ...dailyShifts('2026-03-01T05:00:00Z', 6, 12),
      ...dailyShifts('2026-03-08T16:00:00Z', 6, 12),
    ];
    expect(findMissingRestByRule(spring, { ...sundayWeeks, ruleOn: 'biweekly_48' })).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-03-01',
        periodStart: '2026-03-01T05:00:00.000Z',
        periodEnd: '2026-03-15T04:00:00.000Z',
        requiredOffMinutes: 2880,
        longestOffMinutes: 2820,
      },
    ]);
    // Pair Oct 25 04:00Z → Nov 8 05:00Z (337 h). Shifts from Sun Oct 25 04:00Z (6; the last ends
    // Fri Oct 30 16:00Z), back Sun Nov 1 15:00Z (10:00 EST; the clock's 42 h since Fri 12:00 EDT
    // are 47 real hours, one short; 16:00Z gives 48). The second week's shifts run every 24 h.
    const fall = (back: string) => [
      ...dailyShifts('2026-10-25T04:00:00Z', 6, 12),
      ...dailyShifts(back, 6, 12),
    ];
    expect(
      findMissingRestByRule(fall('2026-11-01T15:00:00Z'), {
        ...sundayWeeks,
        ruleOn: 'biweekly_48',
      }),
    ).toEqual([
      {
        kind: 'missing-weekly-rest',
        periodStartDate: '2026-10-25',
        periodStart: '2026-10-25T04:00:00.000Z',
        periodEnd: '2026-11-08T05:00:00.000Z',
        requiredOffMinutes: 2880,
        longestOffMinutes: 2820,
      },
    ]);
    expect(
      findMissingRestByRule(fall('2026-11-01T16:00:00Z'), {
        ...sundayWeeks,
        ruleOn: 'biweekly_48',
      }),
    ).toEqual([]);
  });

  it('does not join rest across the boundary between two pairs', () => {
    // 12-h shifts every 24 h from Sun Jun 7 04:00Z to Fri Jun 19 (13; the last ends Jun 19
    // 16:00Z), off until Tue Jun 23 04:00Z (84 h), then shifts again to Sat Jun 27 … ends Jul 4.
    // The pair Jun 7–20 holds only 36 h of that rest (Jun 19 16:00Z → Jun 21 04:00Z): flagged;
    // the pair Jun 21–Jul 4 holds 48 h (→ Jun 23 04:00Z): fine.
    const shifts = [
      ...dailyShifts('2026-06-07T04:00:00Z', 13, 12),
      ...dailyShifts('2026-06-23T04:00:00Z', 11, 12),
    ];
    expect(
      findMissingRestByRule(shifts, { ...sundayWeeks, ruleOn: 'biweekly_48' }).map((finding) => [
        finding.periodStartDate,
        finding.longestOffMinutes,
      ]),
    ).toEqual([['2026-06-07', 2160]]);
    // Anchored a week later (pairs Jun 14–27), the 84 h lie inside one pair, and the pair
    // May 31–Jun 13 is off until Jun 7 04:00Z (a week): nothing to flag.
    expect(
      findMissingRestByRule(shifts, {
        ...sundayWeeks,
        ruleOn: 'biweekly_48',
        pairAnchorDate: '2026-06-14',
      }).map((finding) => finding.periodStartDate),
    ).toEqual([]);
  });

  it('holds each week of a pair to 24 h when the rule changes between its two weeks', () => {
    // The 60-h case above: with (b) in the first week only, the pair is checked as two weeks.
    const shifts = [
      ...dailyShifts('2026-06-07T04:00:00Z', 7, 12),
      ...dailyShifts('2026-06-16T04:00:00Z', 5, 12),
    ];
    const ruleOn = (weekStartDate: string) =>
      weekStartDate < '2026-06-14' ? ('biweekly_48' as const) : ('weekly_24' as const);
    expect(
      findMissingRestByRule(shifts, { ...sundayWeeks, ruleOn }).map((finding) => [
        finding.periodStartDate,
        finding.requiredOffMinutes,
      ]),
    ).toEqual([['2026-06-07', 1440]]);
  });
});
