import {
  computeDayMetrics,
  DEFAULT_ADHERENCE_RULES,
  type AdherenceRules,
  type DayPlan,
} from '@punchclock/shared/domain/adherence';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { applyCorrections } from '@punchclock/shared/domain/corrections';
import {
  findPlanOn,
  isWorkingDay,
  shiftInstants,
  timeToMinutes,
  type ShiftPattern,
} from '@punchclock/shared/domain/schedule';
import { countWorkingDays, STANDARD_DAY_MINUTES } from '@punchclock/shared/domain/time-off';
import {
  listApprovedCorrections,
  listShiftEvents,
  toDomainCorrection,
} from '../time-tracking/index.ts';
import { listActiveTimeOff } from '../time-off/index.ts';
import { TZDate } from '@date-fns/tz';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  loadAssignments,
  replaceDayMetrics,
  type DayMetricsRow,
} from './day-metrics-repository.ts';
import { takeQueuedDays } from '../day-metrics-queue/index.ts';

/** What a day's plan is made of: a template assignment's or a published roster shift's. */
type Assignment = Pick<
  Awaited<ReturnType<typeof loadAssignments>>[number],
  | 'templateName'
  | 'workStart'
  | 'workEnd'
  | 'lunchStart'
  | 'lunchEnd'
  | 'breakDurationMins'
  | 'workingDays'
> &
  Pick<ShiftPattern, 'exceptDates'>;

type Leave = { startTime: string | null; endTime: string | null; isPaid: boolean };

/**
 * One person-day as reports see it — raw punches with approved corrections on top, approved
 * whole-day leave excusing it — shared by the stored rows and the drill-down so they agree.
 */
export function computePersonDay<T extends Parameters<typeof applyCorrections>[0][number]>(input: {
  plan: DayPlan | null;
  rawEvents: readonly T[];
  corrections: Parameters<typeof applyCorrections>[1];
  leave: Leave | undefined;
  now: Date;
  rules?: AdherenceRules;
}) {
  const corrected = applyCorrections(input.rawEvents, input.corrections);
  const metrics = computeDayMetrics({
    plan: input.plan,
    events: corrected.events,
    now: input.now,
    isExcused: input.leave !== undefined && input.leave.startTime === null,
    rules: input.rules ?? DEFAULT_ADHERENCE_RULES,
  });
  return { events: corrected.events, isCorrected: corrected.isCorrected, metrics };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = shiftDate(date, 1)) dates.push(date);
  return dates;
}

/**
 * The plan of a day from the plan covering it (a template assignment or a published roster
 * shift: `findPlanOn`), or null (none, or a day off).
 */
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
  const lunchPattern =
    pattern.lunchStart && pattern.lunchEnd
      ? { ...pattern, workStart: pattern.lunchStart, workEnd: pattern.lunchEnd }
      : null;
  let lunch = lunchPattern ? shiftInstants(lunchPattern, date, timeZone) : null;
  // A lunch after midnight of an overnight shift is on the next day's wall clock (not 24 h
  // later: the night the clocks change is 23 or 25 hours long).
  if (lunchPattern && lunch && lunch.start < start) {
    lunch = shiftInstants(lunchPattern, shiftDate(date, 1), timeZone);
  }
  return {
    templateName: assignment.templateName,
    start,
    end,
    lunchStart: lunch?.start ?? null,
    lunchEnd: lunch?.end ?? null,
    breakAllowanceMinutes: assignment.breakDurationMins,
  };
}

const USERS_PER_BATCH = 50;

/** Minutes of approved leave on a day: the part-day span, else the planned (or a standard) day. */
function leaveMinutesFor(
  leave: { startTime: string | null; endTime: string | null },
  plan: DayPlan | null,
  date: string,
  scheduledMinutes: number,
): number {
  if (leave.startTime && leave.endTime) {
    return timeToMinutes(leave.endTime) - timeToMinutes(leave.startTime);
  }
  if (plan) return scheduledMinutes;
  return countWorkingDays(date, date) * STANDARD_DAY_MINUTES;
}

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
  // A plan depends only on the template and the date: compute each once per run.
  const plans = new Map<string, DayPlan | null>();
  // Only plans that run on the date come here (findPlanOn), so except dates need no key.
  const cachedPlan = (assignment: Assignment | undefined, date: string) => {
    if (!assignment) return null;
    const key = `${assignment.workStart}|${assignment.workEnd}|${assignment.lunchStart}|${assignment.lunchEnd}|${assignment.breakDurationMins}|${assignment.workingDays.join()}|${assignment.templateName}|${date}`;
    if (!plans.has(key)) plans.set(key, planFor(assignment, date, timeZone));
    return plans.get(key) ?? null;
  };
  let done = 0;
  for (let index = 0; index < userIds.length; index += USERS_PER_BATCH) {
    const batch = userIds.slice(index, index + USERS_PER_BATCH);
    const [assignments, rawEvents, corrections, timeOff] = await Promise.all([
      loadAssignments(db, batch, from, last),
      listShiftEvents(db, batch, from, last),
      listApprovedCorrections(db, batch, from, last),
      listActiveTimeOff(db, batch, from, last),
    ]);
    // Index once: per person and shift day, instead of rescanning every list for every date.
    const eventsByDay = groupBy(rawEvents, (event) => `${event.userId}|${event.shiftDate}`);
    const correctionsByDay = groupBy(corrections, (item) => `${item.userId}|${item.date}`);
    const rows: DayMetricsRow[] = [];
    for (const [position, userId] of batch.entries()) {
      // A year for fifty people is seconds of CPU: let requests (clock-ins) through meanwhile.
      if (position % 5 === 4) await new Promise((resolve) => setImmediate(resolve));
      const mine = assignments.filter((assignment) => assignment.userId === userId);
      const myTimeOff = timeOff.filter(
        (request) => request.userId === userId && request.status === 'approved',
      );
      for (const date of dates) {
        const plan = cachedPlan(findPlanOn(mine, date), date);
        const leave = myTimeOff.find(
          (request) => request.startDate <= date && date <= request.endDate,
        );
        const rawEvents = eventsByDay.get(`${userId}|${date}`) ?? [];
        const dayCorrections = correctionsByDay.get(`${userId}|${date}`) ?? [];
        const isUnpunched = rawEvents.length === 0 && dayCorrections.length === 0;
        // Nothing planned, nothing done: no row. A day punched only through corrections counts.
        if (!plan && isUnpunched && !leave) continue;
        // A shift counts from the moment it starts: until then today is like any later day.
        if (plan && isUnpunched && now < plan.start) continue;
        const corrected = computePersonDay({
          plan,
          rawEvents,
          corrections: dayCorrections.map(toDomainCorrection),
          leave,
          now,
          rules: options.rules,
        });
        const { metrics, events: dayEvents } = corrected;
        const leaveMinutes = leave
          ? leaveMinutesFor(leave, plan, date, metrics.scheduledMinutes)
          : 0;
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
          paidLeaveMinutes: leave?.isPaid ? leaveMinutes : 0,
          unpaidLeaveMinutes: leave && !leave.isPaid ? leaveMinutes : 0,
          leavePayCode: leave?.payCode ?? null,
          isCorrected: corrected.isCorrected,
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

/** Drain part of the queue: what punches and schedule changes left stale. */
export async function recomputeQueuedDays(db: Db, timeZone: string, limit = 2000): Promise<number> {
  const taken = await takeQueuedDays(db, limit);
  const byUser = new Map<string, string[]>();
  for (const { userId, date } of taken) {
    const dates = byUser.get(userId);
    if (dates) dates.push(date);
    else byUser.set(userId, [date]);
  }
  // Each person's days from their first queued day to their last, as before; but the people
  // who share a span are recomputed together (recomputeDays reads fifty at a time), not one
  // person per round of reads: the hourly sweep queues everyone's yesterday and today alike.
  const bySpan = new Map<string, { from: string; to: string; userIds: string[] }>();
  for (const [userId, dates] of byUser) {
    dates.sort();
    const from = dates[0] ?? '';
    const to = dates.at(-1) ?? '';
    const span = bySpan.get(`${from}|${to}`);
    if (span) span.userIds.push(userId);
    else bySpan.set(`${from}|${to}`, { from, to, userIds: [userId] });
  }
  for (const { from, to, userIds } of bySpan.values()) {
    await recomputeDays(db, timeZone, userIds, from, to);
  }
  return taken.length;
}

const SWEEP_KEY = 'day_metrics.last_sweep';

/**
 * Days nobody punched on still need a row (an absence is news). Once an hour, on whichever
 * instance gets there first, queue yesterday and today for everyone with a schedule.
 */
export async function sweepScheduledDays(db: Db, timeZone: string): Promise<boolean> {
  const claimed = (await db.execute(sql`
    insert into app_settings (key, value, updated_at) values (${SWEEP_KEY}, 'true'::jsonb, now())
    on conflict (key) do update set updated_at = now()
    where app_settings.updated_at < now() - interval '1 hour'
    returning key`)) as unknown as { rows: unknown[] };
  if (claimed.rows.length === 0) return false;
  const today = toBusinessDate(new Date(), timeZone);
  const yesterday = shiftDate(today, -1);
  await db.execute(sql`
    insert into day_metrics_queue (user_id, date)
    select distinct a.user_id, day.date
    from assigned_schedules a
    cross join (values (${yesterday}::date), (${today}::date)) as day(date)
    where a.date_range_start <= day.date and a.date_range_end >= day.date
    union
    select p.user_id, p.date from published_shifts p
    where p.user_id is not null and p.date in (${yesterday}::date, ${today}::date)
    on conflict do nothing`);
  return true;
}
