import { and, asc, count, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type {
  Assignment,
  MyScheduleShift,
  ScheduleTemplate,
} from '@punchclock/shared/contracts/schedules';
import type { Db } from '../../db/client.ts';
import { param, preparedStatement } from '../../db/prepared.ts';
import {
  assignedSchedules,
  profiles,
  publishedShifts,
  scheduleTemplates,
  teams,
  users,
} from '../../db/schema.ts';

/** Postgres `time` reads back as "HH:mm:ss"; the contract speaks "HH:mm". */
const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

const templateColumns = {
  id: scheduleTemplates.id,
  name: scheduleTemplates.name,
  workStart: scheduleTemplates.workStart,
  workEnd: scheduleTemplates.workEnd,
  lunchStart: scheduleTemplates.lunchStart,
  lunchEnd: scheduleTemplates.lunchEnd,
  breakDurationMins: scheduleTemplates.breakDurationMins,
  workingDays: scheduleTemplates.workingDays,
  isArchived: scheduleTemplates.isArchived,
};

type TemplateRow = Omit<ScheduleTemplate, 'assignmentCount'>;

export function toTemplate(row: TemplateRow, assignmentCount = 0): ScheduleTemplate {
  return {
    ...row,
    workStart: hhmm(row.workStart) ?? '',
    workEnd: hhmm(row.workEnd) ?? '',
    lunchStart: hhmm(row.lunchStart),
    lunchEnd: hhmm(row.lunchEnd),
    assignmentCount,
  };
}

export interface TemplateValues {
  name: string;
  workStart: string;
  workEnd: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  breakDurationMins: number;
  workingDays: number[];
}

export async function listTemplates(db: Db): Promise<ScheduleTemplate[]> {
  const rows = await db
    .select({ ...templateColumns, assignmentCount: count(assignedSchedules.id) })
    .from(scheduleTemplates)
    .leftJoin(assignedSchedules, eq(assignedSchedules.templateId, scheduleTemplates.id))
    .groupBy(scheduleTemplates.id)
    .orderBy(asc(scheduleTemplates.isArchived), asc(sql`lower(${scheduleTemplates.name})`));
  return rows.map(({ assignmentCount, ...row }) => toTemplate(row, assignmentCount));
}

export async function findTemplate(db: Db, id: string): Promise<ScheduleTemplate | null> {
  const [row] = await db
    .select({ ...templateColumns, assignmentCount: count(assignedSchedules.id) })
    .from(scheduleTemplates)
    .leftJoin(assignedSchedules, eq(assignedSchedules.templateId, scheduleTemplates.id))
    .where(eq(scheduleTemplates.id, id))
    .groupBy(scheduleTemplates.id);
  if (!row) return null;
  const { assignmentCount, ...template } = row;
  return toTemplate(template, assignmentCount);
}

export async function isTemplateNameTaken(
  db: Db,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: scheduleTemplates.id })
    .from(scheduleTemplates)
    .where(
      and(
        sql`lower(${scheduleTemplates.name}) = lower(${name})`,
        exceptId ? ne(scheduleTemplates.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertTemplate(db: Db, values: TemplateValues): Promise<string> {
  const [row] = await db
    .insert(scheduleTemplates)
    .values(values)
    .returning({ id: scheduleTemplates.id });
  if (!row) throw new Error('insert into schedule_templates returned no row');
  return row.id;
}

export async function updateTemplate(
  db: Db,
  id: string,
  values: Partial<TemplateValues> & { isArchived?: boolean },
): Promise<void> {
  await db
    .update(scheduleTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(scheduleTemplates.id, id));
}

export async function deleteTemplate(db: Db, id: string): Promise<void> {
  await db.delete(scheduleTemplates).where(eq(scheduleTemplates.id, id));
}

const assignmentColumns = {
  id: assignedSchedules.id,
  userId: assignedSchedules.userId,
  userName: profiles.fullName,
  userEmail: users.email,
  templateId: assignedSchedules.templateId,
  templateName: scheduleTemplates.name,
  dateRangeStart: assignedSchedules.dateRangeStart,
  dateRangeEnd: assignedSchedules.dateRangeEnd,
};

function selectAssignments(db: Db) {
  return db
    .select(assignmentColumns)
    .from(assignedSchedules)
    .innerJoin(users, eq(users.id, assignedSchedules.userId))
    .leftJoin(profiles, eq(profiles.id, assignedSchedules.userId))
    .innerJoin(scheduleTemplates, eq(scheduleTemplates.id, assignedSchedules.templateId));
}

export async function listAssignments(
  db: Db,
  filter: { userIds?: string[]; templateId?: string; from?: string; to?: string },
): Promise<Assignment[]> {
  return selectAssignments(db)
    .where(
      and(
        filter.userIds ? inArray(assignedSchedules.userId, filter.userIds) : undefined,
        filter.templateId ? eq(assignedSchedules.templateId, filter.templateId) : undefined,
        filter.from ? gte(assignedSchedules.dateRangeEnd, filter.from) : undefined,
        filter.to ? lte(assignedSchedules.dateRangeStart, filter.to) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.email})`), asc(assignedSchedules.dateRangeStart));
}

export async function findAssignment(db: Db, id: string): Promise<Assignment | null> {
  const [row] = await selectAssignments(db).where(eq(assignedSchedules.id, id));
  return row ?? null;
}

/** Assignments of a user overlapping a range (optionally ignoring one being edited). */
export async function findOverlappingAssignments(
  db: Db,
  userId: string,
  range: { dateRangeStart: string; dateRangeEnd: string },
  exceptId?: string,
): Promise<Assignment[]> {
  return selectAssignments(db).where(
    and(
      eq(assignedSchedules.userId, userId),
      lte(assignedSchedules.dateRangeStart, range.dateRangeEnd),
      gte(assignedSchedules.dateRangeEnd, range.dateRangeStart),
      exceptId ? ne(assignedSchedules.id, exceptId) : undefined,
    ),
  );
}

export async function insertAssignment(
  db: Db,
  values: { userId: string; templateId: string; dateRangeStart: string; dateRangeEnd: string },
): Promise<string> {
  const [row] = await db
    .insert(assignedSchedules)
    .values(values)
    .returning({ id: assignedSchedules.id });
  if (!row) throw new Error('insert into assigned_schedules returned no row');
  return row.id;
}

export async function updateAssignment(
  db: Db,
  id: string,
  values: { templateId?: string; dateRangeStart?: string; dateRangeEnd?: string },
): Promise<void> {
  await db.update(assignedSchedules).set(values).where(eq(assignedSchedules.id, id));
}

export async function deleteAssignment(db: Db, id: string): Promise<void> {
  await db.delete(assignedSchedules).where(eq(assignedSchedules.id, id));
}

/** Serialise schedule changes per person, so two admins cannot create overlapping ranges. */
export async function lockUsersForScheduling(db: Db, userIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(inArray(profiles.id, userIds))
    .orderBy(asc(profiles.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The user's assignments overlapping a range, with each template (the my-schedule read). */
export async function listUserScheduleEntries(db: Db, userId: string, from: string, to: string) {
  const rows = await db
    .select({
      id: assignedSchedules.id,
      dateRangeStart: assignedSchedules.dateRangeStart,
      dateRangeEnd: assignedSchedules.dateRangeEnd,
      template: templateColumns,
    })
    .from(assignedSchedules)
    .innerJoin(scheduleTemplates, eq(scheduleTemplates.id, assignedSchedules.templateId))
    .where(
      and(
        eq(assignedSchedules.userId, userId),
        lte(assignedSchedules.dateRangeStart, to),
        gte(assignedSchedules.dateRangeEnd, from),
      ),
    )
    .orderBy(asc(assignedSchedules.dateRangeStart));
  return rows.map((row) => {
    const {
      isArchived: _archived,
      assignmentCount: _count,
      ...template
    } = toTemplate(row.template);
    return {
      id: row.id,
      dateRangeStart: row.dateRangeStart,
      dateRangeEnd: row.dateRangeEnd,
      template,
    };
  });
}

/** The user's published roster shifts in a range, by date (the my-schedule read; never drafts). */
export async function listUserPublishedShifts(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<MyScheduleShift[]> {
  const rows = await db
    .select({
      id: publishedShifts.id,
      date: publishedShifts.date,
      startTime: publishedShifts.startTime,
      endTime: publishedShifts.endTime,
      lunchStart: publishedShifts.lunchStart,
      lunchEnd: publishedShifts.lunchEnd,
      breakDurationMins: publishedShifts.breakDurationMins,
      position: publishedShifts.position,
      note: publishedShifts.note,
    })
    .from(publishedShifts)
    .where(
      and(
        eq(publishedShifts.userId, userId),
        gte(publishedShifts.date, from),
        lte(publishedShifts.date, to),
      ),
    )
    .orderBy(asc(publishedShifts.date));
  return rows.map((row) => ({
    ...row,
    startTime: hhmm(row.startTime) ?? '',
    endTime: hhmm(row.endTime) ?? '',
    lunchStart: hhmm(row.lunchStart),
    lunchEnd: hhmm(row.lunchEnd),
  }));
}

/**
 * A published roster shift's plan is named after its position, else its team ("Your shift (Front
 * desk) starts at…"), else this.
 */
export const ROSTER_SHIFT_NAME = 'Shift';

/**
 * What a person is scheduled for over a date range (decision 0047), what the dashboard, the
 * notification rules, the break board, the calendar feeds, the timesheets and the adherence
 * engine all start from:
 * - each template assignment overlapping the range with its template's plan (`source:
 *   'template'`), and in `exceptDates` the dates of its range on which the person has a
 *   published roster shift (`isWorkingDay` is false on them);
 * - one plan per published shift with a person in the range (`source: 'roster'`), over its one
 *   date and weekday, named after its position.
 * So `findPlanOn` (domain/schedule.ts) finds a person's published shift on a date instead of
 * their template shift. Drafts (`shifts`) are nobody's plan; nor are open shifts. One query.
 */
export async function listAssignmentPlans(
  db: Db,
  filter: { userIds?: string[]; from: string; to: string },
): Promise<AssignmentPlan[]> {
  if (filter.userIds && filter.userIds.length === 0) return [];
  // Served by published_shifts_user_date_key, one probe per assignment.
  const exceptDates = sql<string[]>`coalesce((
    select array_agg(${publishedShifts.date}::text order by ${publishedShifts.date})
    from ${publishedShifts}
    where ${publishedShifts.userId} = ${assignedSchedules.userId}
      and ${publishedShifts.date} between ${assignedSchedules.dateRangeStart}
        and ${assignedSchedules.dateRangeEnd}
      and ${publishedShifts.date} between ${filter.from}::date and ${filter.to}::date
  ), '{}'::text[])`;
  const assignmentPlans = db
    .select({
      userId: assignedSchedules.userId,
      dateRangeStart: sql<string>`${assignedSchedules.dateRangeStart}::text`,
      dateRangeEnd: sql<string>`${assignedSchedules.dateRangeEnd}::text`,
      templateName: scheduleTemplates.name,
      workStart: sql<string>`${scheduleTemplates.workStart}::text`,
      workEnd: sql<string>`${scheduleTemplates.workEnd}::text`,
      lunchStart: sql<string | null>`${scheduleTemplates.lunchStart}::text`,
      lunchEnd: sql<string | null>`${scheduleTemplates.lunchEnd}::text`,
      breakDurationMins: scheduleTemplates.breakDurationMins,
      workingDays: sql<number[]>`${scheduleTemplates.workingDays}`,
      exceptDates,
      source: sql<PlanSource>`'template'`,
      shiftId: sql<string | null>`null::uuid`,
      position: sql<string | null>`null::text`,
      note: sql<string | null>`null::text`,
    })
    .from(assignedSchedules)
    .innerJoin(scheduleTemplates, eq(scheduleTemplates.id, assignedSchedules.templateId))
    .where(
      and(
        filter.userIds ? inArray(assignedSchedules.userId, filter.userIds) : undefined,
        lte(assignedSchedules.dateRangeStart, filter.to),
        gte(assignedSchedules.dateRangeEnd, filter.from),
      ),
    );
  const rosterPlans = db
    .select({
      userId: sql<string>`${publishedShifts.userId}`,
      dateRangeStart: sql<string>`${publishedShifts.date}::text`,
      dateRangeEnd: sql<string>`${publishedShifts.date}::text`,
      templateName: sql<string>`coalesce(${publishedShifts.position},
        (select ${teams.name} from ${teams} where ${teams.id} = ${publishedShifts.teamId}),
        ${ROSTER_SHIFT_NAME})`,
      workStart: sql<string>`${publishedShifts.startTime}::text`,
      workEnd: sql<string>`${publishedShifts.endTime}::text`,
      lunchStart: sql<string | null>`${publishedShifts.lunchStart}::text`,
      lunchEnd: sql<string | null>`${publishedShifts.lunchEnd}::text`,
      breakDurationMins: publishedShifts.breakDurationMins,
      workingDays: sql<number[]>`array[extract(dow from ${publishedShifts.date})::int]`,
      exceptDates: sql<string[]>`'{}'::text[]`,
      source: sql<PlanSource>`'roster'`,
      shiftId: sql<string | null>`${publishedShifts.id}`,
      position: sql<string | null>`${publishedShifts.position}`,
      note: sql<string | null>`${publishedShifts.note}`,
    })
    .from(publishedShifts)
    .where(
      and(
        filter.userIds
          ? inArray(publishedShifts.userId, filter.userIds)
          : isNotNull(publishedShifts.userId),
        gte(publishedShifts.date, filter.from),
        lte(publishedShifts.date, filter.to),
      ),
    );
  return assignmentPlans.unionAll(rosterPlans);
}

/** Where a plan comes from: a template assignment, or a published roster shift. */
export type PlanSource = 'template' | 'roster';

/** One plan of a person: a template over a date range, or a published shift on its date. */
export interface AssignmentPlan {
  userId: string;
  /** Both inclusive; a roster shift's are its date. */
  dateRangeStart: string;
  dateRangeEnd: string;
  /** The template's name, or the roster shift's position, team or ROSTER_SHIFT_NAME. */
  templateName: string;
  /** Postgres times ("HH:mm:ss"). */
  workStart: string;
  workEnd: string;
  lunchStart: string | null;
  lunchEnd: string | null;
  breakDurationMins: number;
  workingDays: number[];
  /** A template's dates in range on which a published shift takes its place; [] for a shift. */
  exceptDates: string[];
  source: PlanSource;
  /** A roster plan's shift (the id in `shifts` and `published_shifts`); null for a template. */
  shiftId: string | null;
  position: string | null;
  note: string | null;
}

// Read on every clock-in (the early clock-in hint) and every dashboard load: prepared once. The
// published shift on the date first (it takes the place of the template's), then the assignment
// (at most one: a person's assignments never overlap); both served by their (user, date) index.
const selectAssignmentPlanOn = preparedStatement<AssignmentPlan, { userId: string; date: string }>(
  'assignment_plan_on',
  () => sql`
    (select p.user_id as "userId", p.date::text as "dateRangeStart",
      p.date::text as "dateRangeEnd",
      coalesce(p.position, (select tm.name from ${teams} tm where tm.id = p.team_id),
        ${sql.raw(`'${ROSTER_SHIFT_NAME}'`)}) as "templateName",
      p.start_time::text as "workStart", p.end_time::text as "workEnd",
      p.lunch_start::text as "lunchStart", p.lunch_end::text as "lunchEnd",
      p.break_duration_mins as "breakDurationMins",
      array[extract(dow from p.date)::int] as "workingDays",
      '{}'::text[] as "exceptDates", 'roster' as "source", p.id as "shiftId",
      p.position as "position", p.note as "note"
    from ${publishedShifts} p
    where p.user_id = ${param('userId')}::uuid and p.date = ${param('date')}::date)
    union all
    (select a.user_id, a.date_range_start::text, a.date_range_end::text, t.name,
      t.work_start::text, t.work_end::text, t.lunch_start::text, t.lunch_end::text,
      t.break_duration_mins, t.working_days, '{}'::text[], 'template', null::uuid,
      null::text, null::text
    from ${assignedSchedules} a
    inner join ${scheduleTemplates} t on t.id = a.template_id
    where a.user_id = ${param('userId')}::uuid
      and a.date_range_start <= ${param('date')}::date
      and a.date_range_end >= ${param('date')}::date
    limit 1)
    order by "source" -- 'roster' before 'template'
    limit 1`,
);

/**
 * The person's plan on `date`: their published roster shift that day, else their assignment
 * covering it (whose `isWorkingDay` says whether the template runs that day).
 */
export async function findAssignmentPlanOn(
  db: Db,
  userId: string,
  date: string,
): Promise<AssignmentPlan | null> {
  const [plan] = await selectAssignmentPlanOn(db, { userId, date });
  return plan ?? null;
}
