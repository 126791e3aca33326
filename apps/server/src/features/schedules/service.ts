import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  createAssignmentsRequestSchema,
  myScheduleQuerySchema,
  scheduleTemplateInputSchema,
  updateAssignmentRequestSchema,
  type Assignment,
  type MyScheduleResponse,
  type ScheduleTemplate,
} from '@punchclock/shared/contracts/schedules';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import { markDaysStale } from '../day-metrics-queue/index.ts';
import { listActiveTimeOff } from '../time-off/index.ts';
import type { Actor } from '../people/index.ts';
import {
  deleteAssignment,
  deleteTemplate,
  findAssignment,
  findOverlappingAssignments,
  findTemplate,
  insertAssignment,
  insertTemplate,
  isTemplateNameTaken,
  listUserPublishedShifts,
  listUserScheduleEntries,
  lockUsersForScheduling,
  updateAssignment,
  updateTemplate,
  listAssignments,
} from './repository.ts';

// An id that is not a UUID names nothing: answer 404 like an unknown one (the database would
// refuse to compare it with a uuid column).
const isId = (id: string) => z.uuid().safeParse(id).success;

async function requireTemplate(db: Db, id: string): Promise<ScheduleTemplate> {
  const template = isId(id) ? await findTemplate(db, id) : null;
  if (!template) throw new NotFound(t`Schedule template not found`);
  return template;
}

const duplicateName = (name: string) =>
  new Conflict(t`A schedule template named "${name}" already exists`, 'duplicate_name');

/**
 * Two admins saving the same name at once both pass the check; the unique index then refuses
 * the second, which must read as the same 409, not a 500.
 */
function refuseDuplicateName(name: string) {
  return (error: unknown): never => {
    throw isUniqueViolation(error) ? duplicateName(name) : error;
  };
}

function templateSnapshot({ assignmentCount: _count, id: _id, ...template }: ScheduleTemplate) {
  return template;
}

export async function createTemplate(
  db: Db,
  rawInput: unknown,
  actor: Actor,
): Promise<ScheduleTemplate> {
  const input = parseInput(scheduleTemplateInputSchema, rawInput);
  return db.transaction(async (tx) => {
    if (await isTemplateNameTaken(tx, input.name)) throw duplicateName(input.name);
    const id = await insertTemplate(tx, input).catch(refuseDuplicateName(input.name));
    const created = await requireTemplate(tx, id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'schedule_template.create',
      entityType: 'schedule_template',
      entityId: id,
      after: templateSnapshot(created),
      meta: actor.meta,
    });
    return created;
  });
}

export async function editTemplate(
  db: Db,
  id: string,
  rawInput: unknown,
  actor: Actor,
): Promise<ScheduleTemplate> {
  const input = parseInput(scheduleTemplateInputSchema, rawInput);
  return db.transaction(async (tx) => {
    const before = await requireTemplate(tx, id);
    if (await isTemplateNameTaken(tx, input.name, id)) throw duplicateName(input.name);
    await updateTemplate(tx, id, input).catch(refuseDuplicateName(input.name));
    const after = await requireTemplate(tx, id);
    // Every day planned with this template is now planned differently.
    for (const assignment of await listAssignments(tx, { templateId: id })) {
      await markDaysStale(
        tx,
        assignment.userId,
        assignment.dateRangeStart,
        assignment.dateRangeEnd,
      );
    }
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'schedule_template.update',
      entityType: 'schedule_template',
      entityId: id,
      before: templateSnapshot(before),
      after: templateSnapshot(after),
      meta: actor.meta,
    });
    return after;
  });
}

export async function setTemplateArchived(
  db: Db,
  id: string,
  isArchived: boolean,
  actor: Actor,
): Promise<ScheduleTemplate> {
  return db.transaction(async (tx) => {
    const before = await requireTemplate(tx, id);
    await updateTemplate(tx, id, { isArchived });
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: isArchived ? 'schedule_template.archive' : 'schedule_template.restore',
      entityType: 'schedule_template',
      entityId: id,
      before: { isArchived: before.isArchived },
      after: { isArchived },
      meta: actor.meta,
    });
    return { ...before, isArchived };
  });
}

/** Only a template nobody was ever assigned can go; one with history is archived instead. */
export async function removeTemplate(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const template = await requireTemplate(tx, id);
    if (template.assignmentCount > 0) {
      const { name, assignmentCount } = template;
      throw new Conflict(
        t`"${name}" has ${plural(assignmentCount, { one: '# assignment', other: '# assignments' })}; archive it instead so history keeps it`,
        'template_in_use',
      );
    }
    await deleteTemplate(tx, id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'schedule_template.delete',
      entityType: 'schedule_template',
      entityId: id,
      before: templateSnapshot(template),
      meta: actor.meta,
    });
  });
}

const personName = (assignment: Assignment) => assignment.userName ?? assignment.userEmail;

function describeClash(clash: Assignment, startsWithin = false): string {
  const name = personName(clash);
  const { templateName } = clash;
  const dateRangeStart = formatBusinessDateLong(clash.dateRangeStart);
  const dateRangeEnd = formatBusinessDateLong(clash.dateRangeEnd);
  return startsWithin
    ? t`${name} already has ${templateName} from ${dateRangeStart} to ${dateRangeEnd} (it starts within the new dates)`
    : t`${name} already has ${templateName} from ${dateRangeStart} to ${dateRangeEnd}`;
}

const archivedTemplate = (name: string) => t`"${name}" is archived and cannot be assigned`;

function assignmentSnapshot(assignment: Assignment) {
  return {
    userId: assignment.userId,
    templateId: assignment.templateId,
    templateName: assignment.templateName,
    dateRangeStart: assignment.dateRangeStart,
    dateRangeEnd: assignment.dateRangeEnd,
  };
}

/**
 * Assign a template to several people at once, all or nothing. An overlap is refused with a
 * message naming it, unless the admin chose to end an earlier assignment the day before.
 */
export async function assignTemplate(
  db: Db,
  rawInput: unknown,
  actor: Actor,
): Promise<Assignment[]> {
  const input = parseInput(createAssignmentsRequestSchema, rawInput);
  const userIds = [...new Set(input.userIds)];
  return db.transaction(async (tx) => {
    const template = await requireTemplate(tx, input.templateId);
    if (template.isArchived) throw new Invalid(archivedTemplate(template.name));
    const lockedIds = await lockUsersForScheduling(tx, userIds);
    if (lockedIds.length !== userIds.length)
      throw new NotFound(t`One of the chosen people does not exist`);

    const created: Assignment[] = [];
    for (const userId of userIds) {
      const range = { dateRangeStart: input.dateRangeStart, dateRangeEnd: input.dateRangeEnd };
      for (const clash of await findOverlappingAssignments(tx, userId, range)) {
        const canEndEarlier = input.endOverlapping && clash.dateRangeStart < input.dateRangeStart;
        if (!canEndEarlier) {
          const startsWithin = clash.dateRangeStart >= input.dateRangeStart;
          // Its own code: the screen offers "End the earlier one" only for the other case, and
          // must not read the (translated) words to tell them apart.
          throw new Conflict(
            describeClash(clash, startsWithin),
            startsWithin ? 'assignment_overlap_inside' : 'assignment_overlap',
          );
        }
        const newEnd = shiftDate(input.dateRangeStart, -1);
        await updateAssignment(tx, clash.id, { dateRangeEnd: newEnd });
        await markDaysStale(tx, clash.userId, input.dateRangeStart, clash.dateRangeEnd);
        await writeAudit(tx, {
          actorId: actor.actorId,
          action: 'schedule_assignment.update',
          entityType: 'schedule_assignment',
          entityId: clash.id,
          before: assignmentSnapshot(clash),
          after: { ...assignmentSnapshot(clash), dateRangeEnd: newEnd },
          meta: actor.meta,
        });
      }
      const id = await insertAssignment(tx, { userId, templateId: template.id, ...range });
      await markDaysStale(tx, userId, range.dateRangeStart, range.dateRangeEnd);
      const assignment = await findAssignment(tx, id);
      if (!assignment) throw new Error('created assignment not found');
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'schedule_assignment.create',
        entityType: 'schedule_assignment',
        entityId: id,
        after: assignmentSnapshot(assignment),
        meta: actor.meta,
      });
      created.push(assignment);
    }
    return created;
  });
}

async function requireAssignment(db: Db, id: string): Promise<Assignment> {
  const assignment = isId(id) ? await findAssignment(db, id) : null;
  if (!assignment) throw new NotFound(t`Assignment not found`);
  return assignment;
}

/** Change an assignment's template or dates (e.g. end it early), keeping ranges disjoint. */
export async function changeAssignment(
  db: Db,
  id: string,
  rawInput: unknown,
  actor: Actor,
): Promise<Assignment> {
  const input = parseInput(updateAssignmentRequestSchema, rawInput);
  return db.transaction(async (tx) => {
    const before = await requireAssignment(tx, id);
    await lockUsersForScheduling(tx, [before.userId]);
    if (input.templateId !== before.templateId) {
      const template = await requireTemplate(tx, input.templateId);
      if (template.isArchived) throw new Invalid(archivedTemplate(template.name));
    }
    const [clash] = await findOverlappingAssignments(tx, before.userId, input, id);
    if (clash) throw new Conflict(describeClash(clash), 'assignment_overlap');
    await updateAssignment(tx, id, input);
    const after = await requireAssignment(tx, id);
    // Both the old and the new dates may have changed plans.
    for (const range of [before, after]) {
      await markDaysStale(tx, before.userId, range.dateRangeStart, range.dateRangeEnd);
    }
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'schedule_assignment.update',
      entityType: 'schedule_assignment',
      entityId: id,
      before: assignmentSnapshot(before),
      after: assignmentSnapshot(after),
      meta: actor.meta,
    });
    return after;
  });
}

export async function removeAssignment(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const assignment = await requireAssignment(tx, id);
    await deleteAssignment(tx, id);
    await markDaysStale(tx, assignment.userId, assignment.dateRangeStart, assignment.dateRangeEnd);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'schedule_assignment.delete',
      entityType: 'schedule_assignment',
      entityId: id,
      before: assignmentSnapshot(assignment),
      meta: actor.meta,
    });
  });
}

export async function getMySchedule(
  db: Db,
  timeZone: string,
  userId: string,
  rawQuery: unknown,
  now: Date = new Date(),
): Promise<MyScheduleResponse> {
  const query = parseInput(myScheduleQuerySchema, rawQuery);
  if (query.to > shiftDate(query.from, 62)) throw new Invalid(t`Ask for at most 62 days at a time`);
  const [entries, shifts, timeOff] = await Promise.all([
    listUserScheduleEntries(db, userId, query.from, query.to),
    listUserPublishedShifts(db, userId, query.from, query.to),
    listActiveTimeOff(db, [userId], query.from, query.to),
  ]);
  return {
    today: toBusinessDate(now, timeZone),
    entries,
    shifts,
    timeOff: timeOff.map((request) => ({
      startDate: request.startDate,
      endDate: request.endDate,
      typeName: request.typeName,
      status: request.status,
      startTime: request.startTime?.slice(0, 5) ?? null,
      endTime: request.endTime?.slice(0, 5) ?? null,
    })),
  };
}
