import { and, asc, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Assignment, ScheduleTemplate } from '@punchclock/shared/contracts/schedules';
import type { Db } from '../../db/client.ts';
import { param, preparedStatement } from '../../db/prepared.ts';
import { assignedSchedules, profiles, scheduleTemplates, users } from '../../db/schema.ts';

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

/**
 * Assignments overlapping a date range, each with its template's plan: what the dashboard,
 * the notification rules, the break board and the adherence engine all start from.
 */
export async function listAssignmentPlans(
  db: Db,
  filter: { userIds?: string[]; from: string; to: string },
) {
  if (filter.userIds && filter.userIds.length === 0) return [];
  return db
    .select({
      userId: assignedSchedules.userId,
      dateRangeStart: assignedSchedules.dateRangeStart,
      dateRangeEnd: assignedSchedules.dateRangeEnd,
      templateName: scheduleTemplates.name,
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
        filter.userIds ? inArray(assignedSchedules.userId, filter.userIds) : undefined,
        lte(assignedSchedules.dateRangeStart, filter.to),
        gte(assignedSchedules.dateRangeEnd, filter.from),
      ),
    );
}

export type AssignmentPlan = Awaited<ReturnType<typeof listAssignmentPlans>>[number];

// Read on every clock-in (the early clock-in hint) and every dashboard load: prepared once.
const selectAssignmentPlanOn = preparedStatement<AssignmentPlan, { userId: string; date: string }>(
  'assignment_plan_on',
  () => sql`
    select a.user_id as "userId", a.date_range_start::text as "dateRangeStart",
      a.date_range_end::text as "dateRangeEnd", t.name as "templateName",
      t.work_start::text as "workStart", t.work_end::text as "workEnd",
      t.lunch_start::text as "lunchStart", t.lunch_end::text as "lunchEnd",
      t.break_duration_mins as "breakDurationMins", t.working_days as "workingDays"
    from ${assignedSchedules} a
    inner join ${scheduleTemplates} t on t.id = a.template_id
    where a.user_id = ${param('userId')}::uuid
      and a.date_range_start <= ${param('date')}::date
      and a.date_range_end >= ${param('date')}::date
    limit 1`,
);

/** The person's assignment on `date` (at most one: assignments of a person never overlap). */
export async function findAssignmentPlanOn(
  db: Db,
  userId: string,
  date: string,
): Promise<AssignmentPlan | null> {
  const [plan] = await selectAssignmentPlanOn(db, { userId, date });
  return plan ?? null;
}
