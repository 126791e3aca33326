import { eq, gte, sql } from 'drizzle-orm';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { RuleEvent, ScheduledShift } from '@punchclock/shared/domain/notification-rules';
import type { Role } from '@punchclock/shared/domain/roles';
import { isDateInRange, isWorkingDay, shiftInstants } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { listAssignmentPlans } from '../schedules/index.ts';
import { profiles, teams, timeEvents, userRoles, users } from '../../db/schema.ts';

export interface PersonAttendance {
  userId: string;
  name: string;
  email: string;
  role: Role | null;
  teamId: string | null;
  /** The lead of the person's team, who is copied on their late and over-break notifications. */
  teamLeadId: string | null;
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
 */
export async function loadAttendanceSnapshot(
  db: Db,
  timeZone: string,
  now: Date,
): Promise<AttendanceSnapshot> {
  const today = toBusinessDate(now, timeZone);
  const yesterday = shiftDate(today, -1);
  const [people, assignments, events] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
        role: userRoles.role,
        teamId: profiles.teamId,
        teamLeadId: teams.leadUserId,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .leftJoin(teams, eq(teams.id, profiles.teamId))
      .where(eq(profiles.isSuspended, false))
      .orderBy(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`),
    listAssignmentPlans(db, { from: yesterday, to: today }),
    db
      .select({
        id: timeEvents.id,
        userId: timeEvents.userId,
        eventType: timeEvents.eventType,
        occurredAt: timeEvents.occurredAt,
        date: timeEvents.date,
      })
      .from(timeEvents)
      .where(gte(timeEvents.date, yesterday))
      .orderBy(timeEvents.occurredAt),
  ]);

  const eventsByUser = new Map<string, RuleEvent[]>();
  for (const event of events) {
    const list = eventsByUser.get(event.userId) ?? [];
    list.push({ ...event, occurredAt: event.occurredAt.toISOString() });
    eventsByUser.set(event.userId, list);
  }

  return {
    today,
    people: people.map((person) => {
      const shifts: ScheduledShift[] = [];
      for (const date of [yesterday, today]) {
        const assignment = assignments.find(
          (candidate) => candidate.userId === person.id && isDateInRange(date, candidate),
        );
        if (!assignment || !isWorkingDay(assignment, date)) continue;
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
          ...shiftInstants(pattern, date, timeZone),
        });
      }
      return {
        userId: person.id,
        name: person.name,
        email: person.email,
        role: person.role,
        teamId: person.teamId,
        teamLeadId: person.teamLeadId,
        shifts,
        events: eventsByUser.get(person.id) ?? [],
      };
    }),
  };
}
