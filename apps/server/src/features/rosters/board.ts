// The roster board (#30 item 2): a week of the teams a caller plans — people with their
// availability and time off, shifts (drafts too) with their conflicts, the templates' shifts on
// days without one, and each team's time-off allotment.
import {
  rosterQuerySchema,
  type RosterPerson,
  type RosterResponse,
  type TemplateShift,
} from '@punchclock/shared/contracts/rosters';
import { resolveDayAvailability } from '@punchclock/shared/domain/roster/availability';
import { getWeekDates, weekdayOf } from '@punchclock/shared/domain/schedule';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../platform/errors.ts';
import { listTeams, type Caller, type TeamScope } from '../people/index.ts';
import { listAssignments, listTemplates } from '../schedules/index.ts';
import { listActiveTimeOff } from '../time-off/index.ts';
import { listExceptions, listWeeklyRules } from './availability-repository.ts';
import { assertPlansTeam, assertRosterDate, plannerScopeOf } from './planners.ts';
import {
  findPeople,
  listPlannablePeople,
  listShifts,
  shiftStateOf,
  type PlannablePerson,
  type ShiftRow,
} from './repository.ts';
import { listAllotmentDays, listTeamSettings } from './settings-repository.ts';
import { paidMinutesOf, toShifts } from './shift-view.ts';

export type RosterQuery = z.infer<typeof rosterQuerySchema>;

/** A week as planned for the teams a caller plans, filtered by team and position. */
export interface WeekPlan {
  scope: TeamScope;
  /** The team filter, when the week is one team's. */
  teamId: string | undefined;
  days: string[];
  /** The people shown (filters applied), and everyone of the teams in view (for allotments). */
  people: PlannablePerson[];
  teamPeople: PlannablePerson[];
  /** The board's shifts of the week, deleted-but-published ones included. */
  shifts: ShiftRow[];
  templateShifts: TemplateShift[];
}

/**
 * The week of `query.weekStart` as planned (drafts too) for a caller: the people of the teams
 * they plan (and anyone with a shift of those teams), their shifts and open shifts, and the
 * templates' shifts on days where a person has no roster shift. The board and the pay projection
 * both read this.
 */
export async function readWeekPlan(
  db: Db,
  caller: Caller,
  rawQuery: unknown,
  timeZone: string,
): Promise<WeekPlan> {
  const query = parseInput(rosterQuerySchema, rawQuery);
  assertRosterDate(query.weekStart);
  const scope = await plannerScopeOf(db, caller);
  if (query.teamId) assertPlansTeam(scope, query.teamId);
  const days = getWeekDates(query.weekStart);
  const from = days[0] ?? query.weekStart;
  const to = days[6] ?? query.weekStart;

  const teamPeople = await listPlannablePeople(db, scope, query.teamId);
  const teamIds = new Set(teamPeople.map((person) => person.userId));
  const weekShifts = (await listShifts(db, { from, to, scope })).filter(
    (shift) =>
      !query.teamId ||
      shift.teamId === query.teamId ||
      (shift.userId !== null && teamIds.has(shift.userId)),
  );
  // Someone with a shift of these teams who is not (or no longer) among their people.
  const others = await findPeople(db, [
    ...new Set(weekShifts.flatMap((s) => (s.userId && !teamIds.has(s.userId) ? [s.userId] : []))),
  ]);
  let people = [...teamPeople, ...others];
  let shifts = weekShifts;
  if (query.position) {
    const position = query.position;
    const withPosition = new Set(
      shifts.flatMap((s) => (s.position === position && s.userId ? [s.userId] : [])),
    );
    people = people.filter(
      (person) => person.positions.includes(position) || withPosition.has(person.userId),
    );
    const shown = new Set(people.map((person) => person.userId));
    shifts = shifts.filter((s) => (s.userId ? shown.has(s.userId) : s.position === position));
  }
  const templateShifts = await readTemplateShifts(
    db,
    people.map((person) => person.userId),
    days,
    shifts,
    timeZone,
  );
  return { scope, teamId: query.teamId, days, people, teamPeople, shifts, templateShifts };
}

/** The templates' shifts of people's assignments on days where they have no roster shift. */
async function readTemplateShifts(
  db: Db,
  userIds: string[],
  days: string[],
  shifts: readonly ShiftRow[],
  timeZone: string,
): Promise<TemplateShift[]> {
  if (userIds.length === 0) return [];
  const from = days[0] ?? '';
  const to = days[6] ?? '';
  const [assignments, templates] = await Promise.all([
    listAssignments(db, { userIds, from, to }),
    listTemplates(db),
  ]);
  const templateOf = new Map(templates.map((template) => [template.id, template]));
  const planned = new Set(
    shifts.flatMap((shift) =>
      shift.userId && !shift.isDeleted ? [`${shift.userId}|${shift.date}`] : [],
    ),
  );
  const result: TemplateShift[] = [];
  for (const assignment of assignments) {
    const template = templateOf.get(assignment.templateId);
    if (!template) continue;
    for (const date of days) {
      const isInRange = assignment.dateRangeStart <= date && date <= assignment.dateRangeEnd;
      if (!isInRange || !template.workingDays.includes(weekdayOf(date))) continue;
      if (planned.has(`${assignment.userId}|${date}`)) continue;
      result.push({
        userId: assignment.userId,
        date,
        templateId: template.id,
        templateName: template.name,
        startTime: template.workStart,
        endTime: template.workEnd,
        paidMinutes: paidMinutesOf(
          {
            date,
            startTime: template.workStart,
            endTime: template.workEnd,
            lunchStart: template.lunchStart,
            lunchEnd: template.lunchEnd,
          },
          timeZone,
        ),
      });
    }
  }
  return result.sort((a, b) => a.date.localeCompare(b.date) || a.userId.localeCompare(b.userId));
}

/** GET /api/roster. */
export async function getRosterBoard(
  db: Db,
  caller: Caller,
  rawQuery: unknown,
  timeZone: string,
): Promise<RosterResponse> {
  const plan = await readWeekPlan(db, caller, rawQuery, timeZone);
  const { days, scope } = plan;
  const from = days[0] ?? '';
  const to = days[6] ?? '';
  const userIds = [...new Set([...plan.people, ...plan.teamPeople].map((p) => p.userId))];
  const [weekly, exceptions, timeOff, teams, settings, allotmentDays, shifts] = await Promise.all([
    listWeeklyRules(db, userIds),
    listExceptions(db, userIds, from, to),
    listActiveTimeOff(db, userIds, from, to),
    listTeams(db),
    listTeamSettings(db, scope),
    listAllotmentDays(db, scope, { from, to }),
    toShifts(db, plan.shifts, timeZone),
  ]);
  const plannedTeams = teams.filter((team) => scope === null || scope.includes(team.id));
  const timeOffOn = (userId: string, date: string) =>
    timeOff.filter(
      (request) =>
        request.userId === userId &&
        request.startDate <= date &&
        date <= request.endDate &&
        (request.status === 'approved' || request.status === 'pending'),
    );

  const people: RosterPerson[] = plan.people.map((person) => ({
    userId: person.userId,
    name: person.name,
    teamId: person.teamId,
    teamName: teams.find((team) => team.id === person.teamId)?.name ?? null,
    positions: person.positions,
    availability: days.map((date) =>
      resolveDayAvailability(
        weekly.get(person.userId) ?? [],
        exceptions.filter((exception) => exception.userId === person.userId),
        date,
      ),
    ),
    timeOff: days.flatMap((date) =>
      timeOffOn(person.userId, date).map((request) => ({
        date,
        status: request.status as 'approved' | 'pending',
        typeName: request.typeName,
        startTime: request.startTime?.slice(0, 5) ?? null,
        endTime: request.endTime?.slice(0, 5) ?? null,
      })),
    ),
  }));

  // Each team in view: its usual limit, or the day's own; how many of it are off (or asking).
  const teamsInView = settings.filter((team) => !plan.teamId || team.teamId === plan.teamId);
  const allotments = teamsInView.flatMap((team) =>
    days.flatMap((date) => {
      const maxOff =
        allotmentDays.find((day) => day.teamId === team.teamId && day.date === date)?.maxOff ??
        team.maxOffPerDay;
      if (maxOff === null) return [];
      const members = plan.teamPeople.filter((person) => person.teamId === team.teamId);
      const offCount = members.filter((member) => timeOffOn(member.userId, date).length > 0).length;
      return [{ teamId: team.teamId, date, maxOff, offCount }];
    }),
  );

  const positions = [
    ...new Set([
      ...plan.teamPeople.flatMap((person) => person.positions),
      ...plan.shifts.flatMap((shift) => (shift.position ? [shift.position] : [])),
    ]),
  ].sort((a, b) => a.localeCompare(b));

  return {
    weekStart: from,
    days,
    people,
    shifts,
    templateShifts: plan.templateShifts,
    unpublishedCount: plan.shifts.filter((shift) => shiftStateOf(shift) !== 'published').length,
    teams: plannedTeams.map((team) => ({ id: team.id, name: team.name })),
    positions,
    allotments,
  };
}
