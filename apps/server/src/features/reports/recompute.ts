import {
  computeDayMetrics,
  DEFAULT_ADHERENCE_RULES,
  type AdherenceRules,
  type DayPlan,
} from '@punchclock/shared/domain/adherence';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { isDateInRange, isWorkingDay, shiftInstants } from '@punchclock/shared/domain/schedule';
import { TZDate } from '@date-fns/tz';
import type { Db } from '../../db/client.ts';
import {
  loadAssignments,
  loadShiftEvents,
  queueDays,
  replaceDayMetrics,
  takeQueuedDays,
  type DayMetricsRow,
} from './day-metrics-repository.ts';

type Assignment = Awaited<ReturnType<typeof loadAssignments>>[number];

export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

/** The plan of a day from the assignment covering it, or null (none, or a day off). */
export function planFor(
  assignment: Assignment | undefined,
  date: string,
  timeZone: string,
): DayPlan | null {
  if (!assignment || !isWorkingDay(assignment, date)) return null;
  const pattern = {
    workStart: assignment.workStart.slice(0, 5),
    workEnd: assignment.workEnd.slice(0, 5),
    lunchStart: assignment.lunchStart?.slice(0, 5) ?? null,
    lunchEnd: assignment.lunchEnd?.slice(0, 5) ?? null,
    breakDurationMins: assignment.breakDurationMins,
    workingDays: assignment.workingDays,
  };
  const { start, end } = shiftInstants(pattern, date, timeZone);
  const lunch =
    pattern.lunchStart && pattern.lunchEnd
      ? shiftInstants(
          { ...pattern, workStart: pattern.lunchStart, workEnd: pattern.lunchEnd },
          date,
          timeZone,
        )
      : null;
  // A lunch after midnight of an overnight shift belongs to the next calendar day.
  const lunchOffset = lunch && lunch.start < start ? 24 * 3_600_000 : 0;
  return {
    templateName: assignment.templateName,
    start,
    end,
    lunchStart: lunch ? new Date(lunch.start.getTime() + lunchOffset) : null,
    lunchEnd: lunch ? new Date(lunch.end.getTime() + lunchOffset) : null,
    breakAllowanceMinutes: assignment.breakDurationMins,
  };
}

const USERS_PER_BATCH = 50;

/**
 * Recompute and store the metrics of some people over a date range, a batch of people at a
 * time so memory stays bounded on a year of data. Calls `onProgress` with person-days done.
 */
export async function recomputeDays(
  db: Db,
  timeZone: string,
  userIds: string[],
  from: string,
  to: string,
  options: {
    now?: Date;
    rules?: AdherenceRules;
    onProgress?: (doneDays: number) => Promise<void>;
  } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const today = toBusinessDate(now, timeZone);
  const last = to > today ? today : to;
  if (last < from) return 0;
  const dates = datesBetween(from, last);
  let done = 0;
  for (let index = 0; index < userIds.length; index += USERS_PER_BATCH) {
    const batch = userIds.slice(index, index + USERS_PER_BATCH);
    const [assignments, events] = await Promise.all([
      loadAssignments(db, batch, from, last),
      loadShiftEvents(db, batch, from, last),
    ]);
    const rows: DayMetricsRow[] = [];
    for (const userId of batch) {
      const mine = assignments.filter((assignment) => assignment.userId === userId);
      const myEvents = events.filter((event) => event.userId === userId);
      for (const date of dates) {
        const dayEvents = myEvents.filter((event) => event.shiftDate === date);
        const plan = planFor(
          mine.find((assignment) => isDateInRange(date, assignment)),
          date,
          timeZone,
        );
        if (!plan && dayEvents.length === 0) continue; // nothing planned, nothing done
        const metrics = computeDayMetrics({
          plan,
          events: dayEvents,
          now,
          rules: options.rules ?? DEFAULT_ADHERENCE_RULES,
        });
        const firstIn = dayEvents.find((event) => event.eventType === 'clock_in');
        rows.push({
          userId,
          date,
          status: metrics.status,
          templateName: plan?.templateName ?? null,
          scheduledMinutes: metrics.scheduledMinutes,
          workedMinutes: metrics.workedMinutes,
          breakMinutes: metrics.breakMinutes,
          lunchMinutes: metrics.lunchMinutes,
          adherentMinutes: metrics.adherentMinutes,
          lateMinutes: metrics.lateMinutes,
          earlyLeaveMinutes: metrics.earlyLeaveMinutes,
          overbreakMinutes: metrics.overbreakMinutes,
          unscheduledMinutes: metrics.unscheduledMinutes,
          missedClockOut: metrics.missedClockOut,
          firstClockInHour: firstIn
            ? new TZDate(Date.parse(firstIn.occurredAt), timeZone).getHours()
            : null,
        });
      }
    }
    await db.transaction((tx) => replaceDayMetrics(tx, { userIds: batch, from, to: last }, rows));
    done += batch.length * dates.length;
    await options.onProgress?.(done);
  }
  return done;
}

/**
 * Mark a person's days stale; the queue job recomputes them within seconds. Days after
 * tomorrow (UTC) are skipped: nothing has happened there yet, whatever the business zone.
 */
export async function markDaysStale(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<void> {
  const horizon = shiftDate(toBusinessDate(new Date(), 'UTC'), 1);
  const last = to > horizon ? horizon : to;
  if (last >= from) await queueDays(db, userId, from, last);
}

/** Drain part of the queue: what punches and schedule changes left stale. */
export async function recomputeQueuedDays(db: Db, timeZone: string, limit = 2000): Promise<number> {
  const taken = await takeQueuedDays(db, limit);
  const byUser = new Map<string, string[]>();
  for (const { userId, date } of taken) byUser.set(userId, [...(byUser.get(userId) ?? []), date]);
  for (const [userId, dates] of byUser) {
    dates.sort();
    await recomputeDays(db, timeZone, [userId], dates[0] ?? '', dates.at(-1) ?? '');
  }
  return taken.length;
}
