import { describe, expect, it } from 'vitest';
import { businessInstant, shiftDate } from '@punchclock/shared/domain/business-time';
import { rosterShiftInstants } from '@punchclock/shared/domain/roster/shift';
import { asRosterShift, buildCandidates, shiftTemplates } from './candidates.ts';
import type { ProblemPerson, RosterProblem, ShiftShape } from './types.ts';

const TORONTO = 'America/Toronto';
const HOUR = 3_600_000;

function problemOf(
  weekStart: string,
  shape: Partial<ShiftShape>,
  people: Partial<ProblemPerson>[] = [{}],
  demandPositions: string[] = [''],
): RosterProblem {
  const weekDates = Array.from({ length: 7 }, (_, day) => shiftDate(weekStart, day));
  const start = businessInstant(weekStart, '00:00', TORONTO).getTime();
  return {
    teamId: 'team',
    timeZone: TORONTO,
    weekDates,
    shape: {
      lengthsMinutes: [480],
      startStepMinutes: 30,
      earliestStart: '07:00',
      latestEnd: '22:00',
      lunchMinutes: 0,
      breakDurationMins: 0,
      ...shape,
    },
    demand: demandPositions.map((position) => ({
      start,
      end: start + HOUR,
      position,
      required: 1,
    })),
    people: people.map((person, index) => ({
      id: `p${index}`,
      name: `Person ${index}`,
      positions: [],
      hourlyCost: 20,
      overtime: null,
      minWeekMinutes: 0,
      maxWeekMinutes: 2880,
      unavailable: [],
      preferNot: [],
      locked: [],
      ...person,
    })),
    costs: { underHour: 50, overHour: 5, preferNotShift: 10 },
    rules: { dailyRestMinutes: 660, betweenShiftsMinutes: 480, weeklyMaxMinutes: 2880 },
    notBefore: 0,
  };
}

const realHours = (template: { start: number; end: number }) =>
  (template.end - template.start) / HOUR;

describe('shift templates', () => {
  it('steps every start from the earliest, ending by the latest end, lunch in the middle on the grid', () => {
    const [monday] = shiftTemplates(
      problemOf('2026-06-07', { lengthsMinutes: [480, 240], lunchMinutes: 30 }),
    ).slice(1);
    const eights = monday!.filter((template) => template.paidMinutes === 450);
    const fours = monday!.filter((template) => template.paidMinutes === 240);
    expect(eights.map((template) => template.startTime)).toEqual(
      Array.from(
        { length: 15 },
        (_, i) => `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      ),
    );
    expect(eights[0]).toMatchObject({
      startTime: '07:00',
      endTime: '15:00',
      lunchStart: '10:30',
      lunchEnd: '11:00',
    });
    expect(fours.at(-1)).toMatchObject({ startTime: '18:00', endTime: '22:00', lunchStart: null });
  });

  it('leaves out the clock times skipped when clocks spring forward (2026-03-08)', () => {
    const [sunday] = shiftTemplates(
      problemOf('2026-03-08', {
        lengthsMinutes: [240],
        earliestStart: '00:00',
        latestEnd: '08:00',
      }),
    );
    const starts = sunday!.map((template) => template.startTime);
    expect(starts).not.toContain('02:00');
    expect(starts).not.toContain('02:30');
    expect(starts).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00']);
    // 00:00–04:00 that night is 3 real hours; the roster reads the same instants.
    expect(realHours(sunday![0]!)).toBe(3);
    for (const template of sunday!) {
      const instants = rosterShiftInstants(asRosterShift(template, 't'), TORONTO);
      expect([instants.start.getTime(), instants.end.getTime()]).toEqual([
        template.start,
        template.end,
      ]);
    }
  });

  it('gives a shift over the repeated hour its real length (2026-11-01)', () => {
    const [sunday] = shiftTemplates(
      problemOf('2026-11-01', {
        lengthsMinutes: [480],
        earliestStart: '00:00',
        latestEnd: '09:00',
      }),
    );
    expect(sunday![0]).toMatchObject({ startTime: '00:00', endTime: '08:00', paidMinutes: 480 });
    expect(realHours(sunday![0]!)).toBe(9);
    expect(sunday![0]!.weekWorkMinutes).toBe(540);
  });

  it('runs an overnight shape into the next day up to the latest end', () => {
    // Saturday 2026-03-07 22:00 to Sunday 06:00 crosses the spring-forward night: 7 real hours.
    const days = shiftTemplates(
      problemOf('2026-03-01', {
        lengthsMinutes: [480],
        earliestStart: '22:00',
        latestEnd: '06:00',
      }),
    );
    expect(days.map((day) => day.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const saturday = days[6]![0]!;
    expect(saturday).toMatchObject({ date: '2026-03-07', startTime: '22:00', endTime: '06:00' });
    expect(realHours(saturday)).toBe(7);
    // The week ends at Sunday's midnight: only 2 of its hours count in this week.
    expect(saturday.weekWorkMinutes).toBe(120);
  });
});

describe('candidates', () => {
  it('only for positions the person holds (and the whole team), on days without a locked shift, off their unavailable time', () => {
    const monday = '2026-06-08';
    const problem = problemOf(
      '2026-06-07',
      { lengthsMinutes: [480], earliestStart: '07:00', latestEnd: '16:00' },
      [
        {
          positions: ['Cashier'],
          unavailable: [
            {
              start: businessInstant(monday, '12:00', TORONTO).getTime(),
              end: businessInstant(monday, '13:00', TORONTO).getTime(),
            },
          ],
        },
        {
          locked: [
            {
              date: '2026-06-09',
              start: businessInstant('2026-06-09', '09:00', TORONTO).getTime(),
              end: businessInstant('2026-06-09', '17:00', TORONTO).getTime(),
              paidMinutes: 480,
              lunch: null,
              position: '',
            },
          ],
        },
      ],
      ['', 'cashier'],
    );
    const set = buildCandidates(problem);
    const [first, second] = set.byPersonDay;
    expect(new Set(first![0]!.map((candidate) => candidate.position))).toEqual(
      new Set(['', 'cashier']),
    );
    expect(new Set(second![0]!.map((candidate) => candidate.position))).toEqual(new Set(['']));
    // Monday 07:00–16:00 shifts all meet 12:00–13:00.
    expect(first![1]).toEqual([]);
    expect(second![2]).toEqual([]);
    expect(set.lockedPaidMinutes).toEqual([0, 480]);
  });

  it('leaves out shifts too close to a locked shift the day before (the roster’s daily rest)', () => {
    const problem = problemOf(
      '2026-06-07',
      { lengthsMinutes: [240], earliestStart: '06:00', latestEnd: '14:00', startStepMinutes: 60 },
      [
        {
          locked: [
            {
              date: '2026-06-07',
              start: businessInstant('2026-06-07', '14:00', TORONTO).getTime(),
              end: businessInstant('2026-06-07', '22:00', TORONTO).getTime(),
              paidMinutes: 480,
              lunch: null,
              position: '',
            },
          ],
        },
      ],
    );
    const monday = buildCandidates(problem).byPersonDay[0]![1]!;
    // 22:00 + 11 h = 09:00: earlier starts leave under 11 h off in Sunday's 24 hours from 14:00.
    expect(monday.map((candidate) => candidate.template.startTime)).toEqual(['09:00', '10:00']);
  });
});
