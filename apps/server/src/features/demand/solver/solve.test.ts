import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessInstant, shiftDate } from '@punchclock/shared/domain/business-time';
import { findShiftConflicts } from '@punchclock/shared/domain/roster/conflicts';
import {
  rosterShiftInstants,
  rosterShiftPaidMinutes,
  type RosterShift,
} from '@punchclock/shared/domain/roster/shift';
import { lockedTimes } from './candidates.ts';
import { solveRoster } from './solve.ts';
import type {
  LockedShift,
  ProblemPerson,
  RosterProblem,
  ShiftShape,
  SolvedShift,
} from './types.ts';

const TORONTO = 'America/Toronto';
const WEEK = '2026-06-07';
const MONDAY = '2026-06-08';
const at = (date: string, time: string) => businessInstant(date, time, TORONTO).getTime();

function person(id: string, extra: Partial<ProblemPerson> = {}): ProblemPerson {
  return {
    id,
    name: id,
    positions: [],
    hourlyCost: 20,
    overtime: null,
    minWeekMinutes: 0,
    maxWeekMinutes: 2400,
    unavailable: [],
    preferNot: [],
    locked: [],
    ...extra,
  };
}

function locked(date: string, start: string, end: string, endDate = date): LockedShift {
  const span = { start: at(date, start), end: at(endDate, end) };
  return {
    date,
    ...span,
    paidMinutes: (span.end - span.start) / 60_000,
    lunch: null,
    position: '',
  };
}

/** Demand of `required` people, 07:00–11:00 on a day, in half-hours. */
function block(date: string, required: number, position = '') {
  return Array.from({ length: 8 }, (_, i) => ({
    start: at(date, '07:00') + i * 1_800_000,
    end: at(date, '07:00') + (i + 1) * 1_800_000,
    position,
    required,
  }));
}

function problem(
  people: ProblemPerson[],
  demand: RosterProblem['demand'],
  shape: Partial<ShiftShape> = {},
  weekStart = WEEK,
): RosterProblem {
  return {
    teamId: 'team',
    timeZone: TORONTO,
    weekDates: Array.from({ length: 7 }, (_, day) => shiftDate(weekStart, day)),
    shape: {
      lengthsMinutes: [240],
      startStepMinutes: 60,
      earliestStart: '07:00',
      latestEnd: '11:00',
      lunchMinutes: 0,
      breakDurationMins: 0,
      ...shape,
    },
    demand,
    people,
    costs: { underHour: 50, overHour: 5, preferNotShift: 10 },
    rules: { dailyRestMinutes: 660, betweenShiftsMinutes: 480, weeklyMaxMinutes: 2880 },
    notBefore: 0,
  };
}

const OPTIONS = { timeLimitSeconds: 5 };
const who = (shifts: SolvedShift[]) =>
  shifts.map((shift) => `${shift.userId} ${shift.date} ${shift.startTime}–${shift.endTime}`);

describe('solveRoster on weeks whose optimum is known', () => {
  it('gives the shift to the other person when the cheaper one must rest', async () => {
    // Ann is cheaper, but her locked Sunday shift ends at 23:00: Monday 07:00 leaves her 8 h off.
    const ann = person('ann', { hourlyCost: 15, locked: [locked(WEEK, '15:00', '23:00')] });
    const bob = person('bob', { hourlyCost: 25 });
    const answer = await solveRoster(problem([ann, bob], block(MONDAY, 1)), OPTIONS);
    expect(who(answer.shifts)).toEqual([`bob ${MONDAY} 07:00–11:00`]);
    expect(answer.result).toMatchObject({
      outcome: 'optimal',
      coverage: 1,
      shortfallHours: 0,
      shiftsAdded: 1,
    });
    expect(answer.result.cost.labour).toBe(100);
  });

  it('without the locked shift, the cheaper person takes it', async () => {
    const answer = await solveRoster(
      problem(
        [person('ann', { hourlyCost: 15 }), person('bob', { hourlyCost: 25 })],
        block(MONDAY, 1),
      ),
      OPTIONS,
    );
    expect(who(answer.shifts)).toEqual([`ann ${MONDAY} 07:00–11:00`]);
  });

  it('reports a demand it cannot cover as shortfall, not as infeasible', async () => {
    const answer = await solveRoster(problem([person('ann')], block(MONDAY, 2)), OPTIONS);
    expect(answer.shifts).toHaveLength(1);
    expect(answer.result).toMatchObject({
      outcome: 'optimal',
      requiredHours: 8,
      coveredHours: 4,
      shortfallHours: 4,
      coverage: 0.5,
    });
    expect(answer.result.cost.underCoverage).toBe(200);
  });

  it('plans a person up to their weekly minimum even where nothing is required', async () => {
    const answer = await solveRoster(
      problem([person('ann', { minWeekMinutes: 480 })], block(MONDAY, 1)),
      OPTIONS,
    );
    expect(answer.shifts).toHaveLength(2);
    expect(answer.shifts.map((shift) => shift.date)).toContain(MONDAY);
    expect(answer.result.notes).toEqual([]);
  });

  it('says so when a minimum cannot be reached', async () => {
    const answer = await solveRoster(
      problem([person('ann', { minWeekMinutes: 2400, maxWeekMinutes: 2400 })], block(MONDAY, 1)),
      OPTIONS,
    );
    // Seven 4-hour shifts at most: 28 h of the 40.
    expect(answer.shifts).toHaveLength(7);
    expect(answer.result.notes.join(' ')).toContain('ann');
  });

  it('prefers the person below their overtime threshold', async () => {
    // Ann is cheaper but already has 44 h: 4 more cost her 20 × 1.5 an hour.
    const ann = person('ann', {
      hourlyCost: 20,
      maxWeekMinutes: 3600,
      overtime: { weeklyThresholdMinutes: 2640, premiumMultiplier: 0.5 },
      locked: [2, 3, 4, 5].map((day) => locked(shiftDate(WEEK, day), '07:00', '18:00')),
    });
    const bob = person('bob', {
      hourlyCost: 25,
      overtime: { weeklyThresholdMinutes: 2640, premiumMultiplier: 0.5 },
    });
    const answer = await solveRoster(problem([ann, bob], block(MONDAY, 1)), OPTIONS);
    expect(who(answer.shifts)).toEqual([`bob ${MONDAY} 07:00–11:00`]);
    expect(answer.result.cost.overtime).toBe(0);
  });

  it('answers cancelled, with no shifts, when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const answer = await solveRoster(problem([person('ann')], block(MONDAY, 1)), {
      ...OPTIONS,
      signal: controller.signal,
    });
    expect(answer.result.outcome).toBe('cancelled');
    expect(answer.shifts).toEqual([]);
  });

  it('has nothing to fill without demand', async () => {
    const answer = await solveRoster(problem([person('ann')], []), OPTIONS);
    expect(answer.result.outcome).toBe('nothing_to_fill');
  });
});

describe('solveRoster keeps every hard rule', () => {
  const RULES = new Set([
    'overlap',
    'time_off',
    'unavailable',
    'daily_rest',
    'between_shifts',
    'weekly_hours',
    'position',
  ]);

  const asRoster = (shift: SolvedShift, id: string): RosterShift => ({
    id,
    overrideReason: null,
    ...shift,
  });

  /** An 8-hour locked shift on the day `day` of the week (-1: the Saturday before), maybe overnight. */
  const edgeShift = (week: string, day: number, startHour: number) => {
    const date = shiftDate(week, day);
    const end = startHour + 8;
    return locked(
      date,
      `${String(startHour).padStart(2, '0')}:00`,
      `${String(end % 24).padStart(2, '0')}:00`,
      end >= 24 ? shiftDate(date, 1) : date,
    );
  };

  it('no auto-filled shift breaks a hard rule (random small weeks, spring-forward week included, locked shifts around the week, up to 48 h)', async () => {
    const dayArb = fc.integer({ min: 0, max: 6 });
    const personArb = fc.record({
      positions: fc.subarray(['A']),
      hourlyCost: fc.integer({ min: 15, max: 30 }),
      // Up to the 48-hour week (rules.weeklyMaxMinutes 2880), so the 48 h rule can bind.
      minHours: fc.constantFrom(0, 0, 8, 16, 40, 48),
      maxHours: fc.constantFrom(12, 24, 40, 44, 48),
      offDay: fc.option(dayArb),
      offHour: fc.integer({ min: 6, max: 20 }),
      lockedDay: fc.option(dayArb),
      lockedStart: fc.integer({ min: 12, max: 16 }),
      // A shift on the day before Sunday (-1) or after Saturday (7): rest across the week's edge.
      edgeDay: fc.option(fc.constantFrom(-1, 7)),
      // Early (rest before Saturday's late shifts) or late (overnight into Sunday: in-week hours
      // that the week's paid minutes do not count, but the 48 h rule does).
      edgeStart: fc.constantFrom(0, 4, 12, 16, 18, 20),
      // A full week wanted: minimum = maximum = 48 h, so the 48 h rule binds.
      isFullWeek: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          week: fc.constantFrom('2026-03-08', '2026-06-07', '2026-11-01'),
          people: fc.array(personArb, { minLength: 1, maxLength: 3 }),
          demand: fc.array(
            fc.record({
              day: dayArb,
              from: fc.integer({ min: 6, max: 18 }),
              hours: fc.integer({ min: 1, max: 5 }),
              required: fc.integer({ min: 1, max: 3 }),
              isA: fc.boolean(),
            }),
            { minLength: 1, maxLength: 4 },
          ),
        }),
        async (input) => {
          const dates = Array.from({ length: 7 }, (_, day) => shiftDate(input.week, day));
          const people = input.people.map((each, index) =>
            person(`p${index}`, {
              positions: each.positions,
              hourlyCost: each.hourlyCost,
              minWeekMinutes: (each.isFullWeek ? 48 : each.minHours) * 60,
              maxWeekMinutes: (each.isFullWeek ? 48 : each.maxHours) * 60,
              unavailable:
                each.offDay === null
                  ? []
                  : [
                      {
                        start: at(
                          dates[each.offDay]!,
                          `${String(each.offHour).padStart(2, '0')}:00`,
                        ),
                        end: at(
                          dates[each.offDay]!,
                          `${String(each.offHour + 3).padStart(2, '0')}:00`,
                        ),
                      },
                    ],
              locked: [
                ...(each.lockedDay === null
                  ? []
                  : [
                      locked(
                        dates[each.lockedDay]!,
                        `${each.lockedStart}:00`,
                        `${each.lockedStart + 8}:00`,
                      ),
                    ]),
                ...(each.edgeDay === null
                  ? []
                  : [edgeShift(input.week, each.edgeDay, each.edgeStart)]),
              ],
            }),
          );
          const demand = input.demand.flatMap((each) =>
            Array.from({ length: each.hours }, (_, hour) => ({
              start: at(dates[each.day]!, `${String(each.from + hour).padStart(2, '0')}:00`),
              end:
                at(dates[each.day]!, `${String(each.from + hour).padStart(2, '0')}:00`) + 3_600_000,
              position: each.isA ? 'A' : '',
              required: each.required,
            })),
          );
          const week = problem(
            people,
            demand,
            {
              lengthsMinutes: [480, 300],
              startStepMinutes: 60,
              earliestStart: '06:00',
              latestEnd: '23:00',
              lunchMinutes: 30,
            },
            input.week,
          );
          const answer = await solveRoster(week, { timeLimitSeconds: 3 });
          people.forEach((each) => {
            const own = answer.shifts
              .filter((shift) => shift.userId === each.id)
              .map((shift, i) => asRoster(shift, `s${i}`));
            const lockedShifts = each.locked.map((shift, i) => ({
              ...asRoster(
                {
                  userId: each.id,
                  ...lockedTimes(shift, TORONTO),
                  breakDurationMins: 0,
                  position: null,
                },
                `l${i}`,
              ),
            }));
            for (const shift of own) {
              const conflicts = findShiftConflicts(
                shift,
                {
                  userId: each.id,
                  positions: each.positions,
                  shifts: [...own, ...lockedShifts],
                  timeOff: [],
                  weekly: [],
                  exceptions: [],
                },
                TORONTO,
              ).filter((conflict) => RULES.has(conflict.code));
              expect(conflicts.map((conflict) => conflict.message)).toEqual([]);
              const span = rosterShiftInstants(shift, TORONTO);
              const touches = each.unavailable.some(
                (off) => off.start < span.end.getTime() && span.start.getTime() < off.end,
              );
              expect(touches).toBe(false);
            }
            const paid = own.reduce((sum, shift) => sum + rosterShiftPaidMinutes(shift), 0);
            // The week's paid minutes count its own days only (not the shifts around it).
            const lockedPaid = each.locked
              .filter((shift) => dates.includes(shift.date))
              .reduce((sum, shift) => sum + shift.paidMinutes, 0);
            expect(paid + lockedPaid).toBeLessThanOrEqual(
              Math.max(each.maxWeekMinutes, lockedPaid),
            );
            const isMinimumMet = paid + lockedPaid >= each.minWeekMinutes;
            expect(isMinimumMet || answer.result.notes.some((note) => note.includes(each.id))).toBe(
              true,
            );
          });
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
