import { and, eq, gte, sql } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { RuleEvent, ScheduledShift } from '@punchclock/shared/domain/notification-rules';
import type { Role } from '@punchclock/shared/domain/roles';
import { findPlanOn, shiftInstants } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { listAssignmentPlans } from '../schedules/index.ts';
import {
  assignedSchedules,
  profiles,
  publishedShifts,
  teams,
  timeEvents,
  userRoles,
  users,
} from '../../db/schema.ts';

export interface PersonAttendance {
  userId: string;
  name: string;
  email: string;
  role: Role | null;
  teamId: string | null;
  /** The lead of the person's team, who is copied on their late and over-break notifications. */
  teamLeadId: string | null;
  /** The team lead is active (has a profile and is not suspended). */
  teamLeadActive: boolean;
  /** Working shifts starting yesterday or today (an overnight one may still be running). */
  shifts: ScheduledShift[];
  /** Punches of yesterday and today, oldest first. */
  events: RuleEvent[];
}

export interface AttendanceSnapshot {
  today: string;
  people: PersonAttendance[];
}

/**
 * Everyone active, with their shifts and punches of yesterday and today: what the notification
 * rules and the break-monitoring board both start from. Three reads, whatever the head count.
 *
 * `onlyBusy`: only the people with an assignment, a published shift or a punch in those two
 * days, and the admins (who oversee everyone) — the rest have nothing to evaluate, so a
 * background job's work grows with the day's attendance, not with the head count or history. `teamLeadActive` says whether
 * the lead of a person's team is among the active people (whether listed or not).
 */
export async function loadAttendanceSnapshot(
  db: Db,
  timeZone: string,
  now: Date,
  { onlyBusy = false }: { onlyBusy?: boolean } = {},
): Promise<AttendanceSnapshot> {
  const today = toBusinessDate(now, timeZone);
  const yesterday = shiftDate(today, -1);
  const leadProfiles = alias(profiles, 'lead_profiles');
  // Served by time_events_date_idx, assigned_schedules_range_end_idx (migration 0016) and
  // published_shifts_date_idx: a published roster shift is a plan like an assignment.
  const busy = sql`(${users.id} in (
    select ${timeEvents.userId} from ${timeEvents} where ${timeEvents.date} >= ${yesterday}
    union
    select ${assignedSchedules.userId} from ${assignedSchedules}
    where ${assignedSchedules.dateRangeStart} <= ${today} and ${assignedSchedules.dateRangeEnd} >= ${yesterday}
    union
    select ${publishedShifts.userId} from ${publishedShifts}
    where ${publishedShifts.date} between ${yesterday} and ${today}
      and ${publishedShifts.userId} is not null
  ) or ${userRoles.role} = 'admin')`;
  // Built here, run below (drizzle's queries are lazy).
  const readPeople = db
    .select({
      id: users.id,
      email: users.email,
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      role: userRoles.role,
      teamId: profiles.teamId,
      teamLeadId: teams.leadUserId,
      teamLeadActive: sql<boolean>`coalesce(not ${leadProfiles.isSuspended}, false)`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(teams, eq(teams.id, profiles.teamId))
    .leftJoin(leadProfiles, eq(leadProfiles.id, teams.leadUserId))
    .where(and(eq(profiles.isSuspended, false), onlyBusy ? busy : undefined))
    .orderBy(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`);
  const readEvents = db
    .select({
      id: timeEvents.id,
      userId: timeEvents.userId,
      eventType: timeEvents.eventType,
      occurredAt: timeEvents.occurredAt,
      date: timeEvents.date,
    })
    .from(timeEvents)
    .where(gte(timeEvents.date, yesterday))
    .orderBy(timeEvents.occurredAt);
  const readAssignments = () => listAssignmentPlans(db, { from: yesterday, to: today });
  // A connection runs one query at a time: in a transaction (the rules job) the reads go in
  // turn, as node-postgres deprecates queueing them; on the pool they run side by side.
  const [people, assignments, events] =
    db instanceof PgTransaction
      ? [await readPeople, await readAssignments(), await readEvents]
      : await Promise.all([readPeople, readAssignments(), readEvents]);

  const eventsByUser = groupByUser(
    events.map((event) => ({ ...event, occurredAt: event.occurredAt.toISOString() })),
  );
  // Indexed once: scanning every assignment for every person was O(people × assignments).
  const assignmentsByUser = groupByUser(assignments);

  // A shift's instants depend on its times and date only: time-zone arithmetic once per
  // template (or roster shift times) and day, not once per person (it was most of a run with
  // thousands at work).
  const instants = new Map<string, { start: number; end: number }>();
  const instantsOf = (pattern: Parameters<typeof shiftInstants>[0], date: string) => {
    const key = `${pattern.workStart}|${pattern.workEnd}|${pattern.lunchStart}|${pattern.lunchEnd}|${date}`;
    let cached = instants.get(key);
    if (!cached) {
      const { start, end } = shiftInstants(pattern, date, timeZone);
      cached = { start: start.getTime(), end: end.getTime() };
      instants.set(key, cached);
    }
    return { start: new Date(cached.start), end: new Date(cached.end) };
  };

  return {
    today,
    people: people.map((person) => {
      const shifts: ScheduledShift[] = [];
      const mine = assignmentsByUser.get(person.id) ?? [];
      for (const date of [yesterday, today]) {
        // A published roster shift that day takes the place of the template's (findPlanOn).
        const assignment = findPlanOn(mine, date);
        if (!assignment) continue;
        const pattern = {
          ...assignment,
          workStart: assignment.workStart.slice(0, 5),
          workEnd: assignment.workEnd.slice(0, 5),
          lunchStart: assignment.lunchStart?.slice(0, 5) ?? null,
          lunchEnd: assignment.lunchEnd?.slice(0, 5) ?? null,
        };
        shifts.push({
          date,
          templateName: assignment.templateName,
          breakLimitMinutes: assignment.breakDurationMins,
          ...instantsOf(pattern, date),
        });
      }
      return {
        userId: person.id,
        name: person.name,
        email: person.email,
        role: person.role,
        teamId: person.teamId,
        teamLeadId: person.teamLeadId,
        teamLeadActive: person.teamLeadActive,
        shifts,
        events: eventsByUser.get(person.id) ?? [],
      };
    }),
  };
}

function groupByUser<T extends { userId: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.userId);
    if (group) group.push(item);
    else groups.set(item.userId, [item]);
  }
  return groups;
}
