// The auto-fill's problem from the database (#31 item 3): a team's week as the solver sees it —
// demand, people with their positions, availability, time off, shifts already on the board, pay
// and overtime — in a fixed number of reads. The solver (solver/solve.ts) knows nothing of the
// database; the pieces that turn rows into spans are pure and exported for tests.
import type { DemandSettings } from '@punchclock/shared/contracts/demand';
import type { WeeklyAvailabilityRule } from '@punchclock/shared/contracts/rosters';
import { shiftDate, startOfBusinessDay } from '@punchclock/shared/domain/business-time';
import {
  availabilityRangeInstants,
  resolveDayAvailability,
  type AvailabilityException,
} from '@punchclock/shared/domain/roster/availability';
import type { PlanTimeOff } from '@punchclock/shared/domain/roster/conflicts';
import type { RosterShift } from '@punchclock/shared/domain/roster/shift';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateOnFrom, readRatesOfPeople } from '../pay-settings/index.ts';
import { ruleSetResolversFor } from '../pay-rules/index.ts';
import { loadPlanContexts } from '../rosters/index.ts';
import { listRequirements, listTeamMembers, type TeamMember } from './problem-repository.ts';
import { weekGrid } from './grid.ts';
import { demandSettingsOf } from './settings.ts';
import { weekDemand } from './week-demand.ts';
import { shiftSpanOf } from './shift-spans.ts';
import type { LockedShift, RosterProblem, TimeSpan } from './solver/types.ts';

/** The ESA limits decision 0047's conflict rules check, in minutes. */
export const ESA_RULES = {
  dailyRestMinutes: 11 * 60,
  betweenShiftsMinutes: 8 * 60,
  weeklyMaxMinutes: 48 * 60,
} as const;

/** The business days from `from` to `to`, inclusive. */
function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

const spanOf = (range: { start: Date; end: Date }): TimeSpan => ({
  start: range.start.getTime(),
  end: range.end.getTime(),
});

/**
 * A person's availability over some dates as spans: "unavailable" is hard, "prefer not" soft
 * (available and unstated time are neither). A date's exceptions replace its weekly rules.
 */
export function availabilitySpans(
  weekly: readonly WeeklyAvailabilityRule[],
  exceptions: readonly AvailabilityException[],
  dates: readonly string[],
  timeZone: string,
): { unavailable: TimeSpan[]; preferNot: TimeSpan[] } {
  const unavailable: TimeSpan[] = [];
  const preferNot: TimeSpan[] = [];
  for (const date of dates) {
    for (const range of resolveDayAvailability(weekly, exceptions, date).ranges) {
      if (range.kind === 'available') continue;
      const span = spanOf(availabilityRangeInstants(range, date, timeZone));
      (range.kind === 'unavailable' ? unavailable : preferNot).push(span);
    }
  }
  return { unavailable, preferNot };
}

/**
 * Time off (approved or pending: a pending request is not planned over either) as spans on the
 * dates given: a whole-day request takes the business day, a part-day one its hours each day.
 */
export function timeOffSpans(
  timeOff: readonly PlanTimeOff[],
  dates: readonly string[],
  timeZone: string,
): TimeSpan[] {
  const spans: TimeSpan[] = [];
  for (const request of timeOff) {
    for (const date of dates) {
      if (date < request.startDate || date > request.endDate) continue;
      if (request.startTime === null || request.endTime === null) {
        spans.push({
          start: startOfBusinessDay(date, timeZone).getTime(),
          end: startOfBusinessDay(shiftDate(date, 1), timeZone).getTime(),
        });
      } else {
        const range = { kind: 'unavailable' as const, ...request };
        spans.push(spanOf(availabilityRangeInstants(range, date, timeZone)));
      }
    }
  }
  return spans;
}

/**
 * A person's shifts in the range as locked shifts: the board's, and their template's on days
 * without a board shift (loadPlanContexts already drops a template shift where a roster shift
 * takes its place). A template shift is what the person will work that day, as the roster's own
 * conflict rules count it: its day is taken, its hours and rest count.
 */
export function lockedShiftsOf(
  shifts: readonly RosterShift[],
  from: string,
  to: string,
  timeZone: string,
): LockedShift[] {
  return shifts
    .filter((shift) => shift.date >= from && shift.date <= to)
    .map((shift) => {
      const span = shiftSpanOf(shift, timeZone);
      return {
        start: span.start,
        end: span.end,
        date: shift.date,
        paidMinutes: span.paidMinutes,
        lunch: span.lunch,
        position: shift.position ?? '',
      };
    });
}

/** The shapes the solver may build, from the team's settings. */
export function shiftShapeOf(settings: DemandSettings): RosterProblem['shape'] {
  return {
    lengthsMinutes: [...settings.shiftLengthsMinutes],
    startStepMinutes: settings.startStepMinutes,
    earliestStart: settings.earliestStart,
    latestEnd: settings.latestEnd,
    lunchMinutes: settings.lunchMinutes,
    breakDurationMins: settings.breakDurationMins,
  };
}

/** Average of some numbers, 0 for none. */
const averageOf = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * A person's weekly limits: their own (User Management) where set, else the team's. A person's
 * own maximum below the team's minimum lowers the minimum with it: the two never cross.
 */
export function weekLimitsOf(
  member: Pick<TeamMember, 'minWeekMinutes' | 'maxWeekMinutes'>,
  team: Pick<DemandSettings, 'minWeekMinutes' | 'maxWeekMinutes'>,
): { minWeekMinutes: number; maxWeekMinutes: number } {
  const maxWeekMinutes = member.maxWeekMinutes ?? team.maxWeekMinutes;
  const minWeekMinutes = Math.min(member.minWeekMinutes ?? team.minWeekMinutes, maxWeekMinutes);
  return { minWeekMinutes, maxWeekMinutes };
}

/**
 * A team's Sunday-started week (`weekStart` may be any day of it) as the solver's problem. People
 * are the team's, not suspended; a person's cost is their hourly rate on the week's first day
 * (the team's average where they have none, 0 when nobody has one), their overtime the weekly
 * threshold and rate of the rule set in force for them then (Ontario's 44 h at 1.5 by default;
 * daily tiers and averaging are not modelled). Nothing is planned to start before `now`.
 */
export async function loadRosterProblem(
  db: Db,
  config: AppConfig,
  teamId: string,
  weekStart: string,
  now: number = Date.now(),
): Promise<RosterProblem> {
  const { timeZone } = config;
  const weekDates = getWeekDates(weekStart);
  const first = weekDates[0] ?? weekStart;
  const last = weekDates[6] ?? weekStart;
  // The days either side: a shift there limits the week's first and last days (rest).
  const before = shiftDate(first, -1);
  const after = shiftDate(last, 1);
  const around = datesFrom(before, after);

  // One after the other: `db` may be a transaction (one connection).
  const settings = await demandSettingsOf(db, teamId);
  const requirements = await listRequirements(db, { teamId, from: first, to: last });
  const members = await listTeamMembers(db, teamId);
  const userIds = members.map((member) => member.userId);
  const contexts = await loadPlanContexts(db, {
    userIds,
    from: first,
    to: last,
    version: 'planned',
  });
  const ratesOf = await readRatesOfPeople(db, userIds);
  const targets = members.map((member) => ({ id: member.userId, teamId }));
  const resolverOf = await ruleSetResolversFor(db, config, targets);

  const rateOf = new Map(
    members.map((member) => [member.userId, rateOnFrom(ratesOf(member.userId))(first)]),
  );
  const known = [...rateOf.values()].filter((rate): rate is number => rate !== null);
  const fallbackCents = averageOf(known);

  const people = members.map((member) => {
    const context = contexts.get(member.userId);
    const availability = availabilitySpans(
      context?.weekly ?? [],
      context?.exceptions ?? [],
      around,
      timeZone,
    );
    const timeOff = timeOffSpans(context?.timeOff ?? [], around, timeZone);
    const { rules } = resolverOf({ id: member.userId, teamId }).resolve(first);
    return {
      id: member.userId,
      name: member.name,
      positions: [...member.positions],
      hourlyCost: (rateOf.get(member.userId) ?? fallbackCents) / 100,
      overtime: {
        weeklyThresholdMinutes: rules.weeklyThresholdMinutes,
        premiumMultiplier: Math.max(0, (rules.weeklyMultiplier ?? 1.5) - 1),
      },
      ...weekLimitsOf(member, settings),
      unavailable: [...availability.unavailable, ...timeOff],
      preferNot: availability.preferNot,
      locked: lockedShiftsOf(context?.shifts ?? [], before, after, timeZone),
    };
  });

  return {
    teamId,
    timeZone,
    weekDates,
    shape: shiftShapeOf(settings),
    demand: weekDemand(requirements, weekGrid(first, settings.intervalMinutes, timeZone)),
    people,
    costs: {
      underHour: settings.underCoverHourCost,
      overHour: settings.overCoverHourCost,
      preferNotShift: settings.preferNotCost,
    },
    rules: { ...ESA_RULES },
    notBefore: now,
  };
}
