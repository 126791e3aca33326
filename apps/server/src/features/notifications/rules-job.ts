import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import {
  COPIED_TO_OVERSEERS,
  draftOverseerCopy,
  evaluateNotificationRules,
  type NotificationDraft,
  type NotificationRuleSettings,
  type RuleEvent,
  type ScheduledShift,
} from '@punchclock/shared/domain/notification-rules';
import { isDateInRange, isWorkingDay, shiftInstants } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import {
  assignedSchedules,
  profiles,
  scheduleTemplates,
  timeEvents,
  userRoles,
  users,
} from '../../db/schema.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { insertDrafts } from './repository.ts';

// Any constant; shared by every instance so only one evaluates the rules at a time.
const RULES_LOCK_KEY = 7_240_312;

async function loadPeople(db: Db, fromDate: string, toDate: string) {
  const [people, assignments, events] = await Promise.all([
    db
      .select({
        id: users.id,
        name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
        role: userRoles.role,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(profiles.isSuspended, false)),
    db
      .select({
        userId: assignedSchedules.userId,
        dateRangeStart: assignedSchedules.dateRangeStart,
        dateRangeEnd: assignedSchedules.dateRangeEnd,
        name: scheduleTemplates.name,
        workStart: scheduleTemplates.workStart,
        workEnd: scheduleTemplates.workEnd,
        lunchStart: scheduleTemplates.lunchStart,
        lunchEnd: scheduleTemplates.lunchEnd,
        breakDurationMins: scheduleTemplates.breakDurationMins,
        workingDays: scheduleTemplates.workingDays,
      })
      .from(assignedSchedules)
      .innerJoin(scheduleTemplates, eq(scheduleTemplates.id, assignedSchedules.templateId))
      .where(
        and(
          lte(assignedSchedules.dateRangeStart, toDate),
          gte(assignedSchedules.dateRangeEnd, fromDate),
        ),
      ),
    db
      .select({
        id: timeEvents.id,
        userId: timeEvents.userId,
        eventType: timeEvents.eventType,
        occurredAt: timeEvents.occurredAt,
        date: timeEvents.date,
      })
      .from(timeEvents)
      .where(gte(timeEvents.date, fromDate)),
  ]);
  return { people, assignments, events };
}

/**
 * Evaluate the notification rules for everyone once (SPEC's late, overbreak, warning and
 * shift_reminder types). Safe on any number of instances at once: one takes the lock, the
 * others skip; and (user, occasion) is unique, so nothing is raised twice even so.
 * Returns how many notifications were raised, or null when another instance held the lock.
 */
export async function runNotificationRules(
  db: Db,
  timeZone: string,
  settings: NotificationRuleSettings,
  now: Date = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Both drivers return { rows } from execute; the generic type does not say so.
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RULES_LOCK_KEY}) as ok`,
    )) as unknown as { rows: { ok: boolean }[] };
    if (!locked.rows[0]?.ok) return null;

    const today = toBusinessDate(now, timeZone);
    const yesterday = shiftDate(today, -1);
    const { people, assignments, events } = await loadPeople(tx, yesterday, today);

    const eventsByUser = new Map<string, RuleEvent[]>();
    for (const event of events) {
      const list = eventsByUser.get(event.userId) ?? [];
      list.push({ ...event, occurredAt: event.occurredAt.toISOString() });
      eventsByUser.set(event.userId, list);
    }
    const overseers = people.filter((person) => person.role === 'admin');
    const drafts: NotificationDraft[] = [];

    for (const person of people) {
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
          templateName: assignment.name,
          breakLimitMinutes: assignment.breakDurationMins,
          ...shiftInstants(pattern, date, timeZone),
        });
      }
      const personEvents = eventsByUser.get(person.id) ?? [];
      if (shifts.length === 0 && personEvents.length === 0) continue;
      for (const draft of evaluateNotificationRules(
        { userId: person.id, shifts, events: personEvents },
        now,
        today,
        timeZone,
        settings,
      )) {
        drafts.push(draft);
        if (!COPIED_TO_OVERSEERS.has(draft.type)) continue;
        for (const overseer of overseers) {
          if (overseer.id !== person.id)
            drafts.push(draftOverseerCopy(draft, overseer.id, person.name));
        }
      }
    }

    const inserted = await insertDrafts(tx, drafts);
    for (const userId of new Set(inserted.map((row) => row.userId))) {
      await notifyLive(tx, userId, 'notifications');
    }
    return inserted.length;
  });
}
