// Planning the roster (#30 items 1 and 2, decision 0047): shifts added, changed and deleted on the
// board, a week copied, a template filled in. All drafts: people see them once published.
import { t } from '@lingui/core/macro';
import {
  copyWeekRequestSchema,
  fillFromTemplateRequestSchema,
  shiftInputSchema,
  type Shift,
} from '@punchclock/shared/contracts/rosters';
import { formatBusinessDateLong } from '@punchclock/shared/i18n/format';
import { findShiftProblem, getWeekDates, weekdayOf } from '@punchclock/shared/domain/schedule';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import {
  findTeam,
  isTeamInScope,
  type Actor,
  type Caller,
  type TeamScope,
} from '../people/index.ts';
import { assertNotLocked } from '../period-locks/index.ts';
import { findTemplate } from '../schedules/index.ts';
import {
  announceRosterChanged,
  assertPlansTeam,
  assertRosterDate,
  isId,
  notYourTeam,
  plannerScopeOf,
} from './planners.ts';
import {
  deleteShiftRow,
  findPeople,
  findShift,
  findShiftOfPersonOn,
  insertShift,
  listPlannedDays,
  listShifts,
  lockShift,
  markShiftDeleted,
  plannedDayKey,
  updateShift,
  type NewShift,
  type PlannablePerson,
  type ShiftFields,
  type ShiftRow,
} from './repository.ts';
import { toShifts } from './shift-view.ts';

type ShiftInput = z.infer<typeof shiftInputSchema>;

/** What the audit log keeps of a shift. */
function shiftSnapshot(shift: ShiftFields & { overrideReason: string | null }) {
  return {
    userId: shift.userId,
    teamId: shift.teamId,
    date: shift.date,
    startTime: shift.startTime,
    endTime: shift.endTime,
    lunchStart: shift.lunchStart,
    lunchEnd: shift.lunchEnd,
    breakDurationMins: shift.breakDurationMins,
    position: shift.position,
    note: shift.note,
    overrideReason: shift.overrideReason,
  };
}

const noSuchPerson = () => new NotFound(t`No such person`);

function refuseSuspended(person: PlannablePerson): void {
  if (person.isSuspended) {
    const { name } = person;
    throw new Invalid(t`${name} is suspended and cannot be planned`);
  }
}

function secondShift(name: string, date: string): Conflict {
  const day = formatBusinessDateLong(date);
  return new Conflict(
    t`${name} already has a shift on ${day}: a person has one shift a day on the roster`,
    'shift_same_day',
  );
}

/** Whether the caller plans an existing shift: its team's, or its person's team. */
async function assertPlansShift(db: Db, scope: TeamScope, shift: ShiftRow): Promise<void> {
  if (scope === null || isTeamInScope(scope, shift.teamId)) return;
  if (shift.userId) {
    const [person] = await findPeople(db, [shift.userId]);
    if (person && isTeamInScope(scope, person.teamId)) return;
  }
  throw notYourTeam();
}

/** The input checked against the people, teams and scope: the fields to store. */
async function resolveShiftFields(
  db: Db,
  scope: TeamScope,
  input: ShiftInput,
): Promise<{ fields: ShiftFields; person: PlannablePerson | null }> {
  const problem = findShiftProblem({
    workStart: input.startTime,
    workEnd: input.endTime,
    lunchStart: input.lunchStart,
    lunchEnd: input.lunchEnd,
    breakDurationMins: input.breakDurationMins,
    workingDays: [weekdayOf(input.date)],
  });
  if (problem) throw new Invalid(problem);
  assertRosterDate(input.date);
  let person: PlannablePerson | null = null;
  if (input.userId) {
    [person = null] = await findPeople(db, [input.userId]);
    if (!person) throw noSuchPerson();
    assertPlansTeam(scope, person.teamId);
    refuseSuspended(person);
  }
  const teamId = input.teamId ?? person?.teamId ?? null;
  if (input.teamId) {
    if (!(await findTeam(db, input.teamId))) throw new NotFound(t`Team not found`);
    assertPlansTeam(scope, input.teamId);
  }
  if (!person && !teamId) throw new Invalid(t`An open shift needs a team: choose one`);
  return {
    person,
    fields: {
      userId: input.userId,
      teamId,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      lunchStart: input.lunchStart,
      lunchEnd: input.lunchEnd,
      breakDurationMins: input.breakDurationMins,
      position: input.position,
      note: input.note,
    },
  };
}

/** Two planners saving the same person's day at once: the unique index refuses the second. */
function refuseSameDay(name: string | null, date: string) {
  return (error: unknown): never => {
    throw isUniqueViolation(error) ? secondShift(name ?? t`This person`, date) : error;
  };
}

async function requireShift(db: Db, id: string): Promise<ShiftRow> {
  const shift = isId(id) ? await findShift(db, id) : null;
  if (!shift) throw new NotFound(t`Shift not found`);
  return shift;
}

async function shiftView(db: Db, id: string, timeZone: string): Promise<Shift> {
  const [shift] = await toShifts(db, [await requireShift(db, id)], timeZone);
  if (!shift) throw new Error('saved shift not found');
  return shift;
}

export async function createShift(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<Shift> {
  const input = parseInput(shiftInputSchema, rawInput);
  let personName: string | null = null;
  const id = await db
    .transaction(async (tx) => {
      const scope = await plannerScopeOf(tx, caller);
      const { fields, person } = await resolveShiftFields(tx, scope, input);
      personName = person?.name ?? null;
      await assertNotLocked(tx, fields.date, fields.date);
      if (person && (await findShiftOfPersonOn(tx, person.userId, fields.date))) {
        throw secondShift(person.name, fields.date);
      }
      const values: NewShift = {
        ...fields,
        overrideReason: input.overrideReason,
        createdBy: actor.actorId,
      };
      const created = await insertShift(tx, values);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'shift.create',
        entityType: 'shift',
        entityId: created,
        after: shiftSnapshot(values),
        meta: actor.meta,
      });
      await announceRosterChanged(tx);
      return created;
    })
    .catch((error: unknown) => refuseSameDay(personName, input.date)(error));
  return shiftView(db, id, timeZone);
}

const VISIBLE_FIELDS = [
  'userId',
  'teamId',
  'date',
  'startTime',
  'endTime',
  'lunchStart',
  'lunchEnd',
  'breakDurationMins',
  'position',
  'note',
] as const;

export async function changeShift(
  db: Db,
  caller: Caller,
  id: string,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
): Promise<Shift> {
  const input = parseInput(shiftInputSchema, rawInput);
  let personName: string | null = null;
  await db
    .transaction(async (tx) => {
      const scope = await plannerScopeOf(tx, caller);
      if (isId(id)) await lockShift(tx, id);
      const before = await requireShift(tx, id);
      await assertPlansShift(tx, scope, before);
      if (before.isDeleted) {
        throw new Conflict(
          t`This shift was deleted: it goes away for people when the roster is published`,
          'shift_deleted',
        );
      }
      const { fields, person } = await resolveShiftFields(tx, scope, input);
      personName = person?.name ?? null;
      await assertNotLocked(tx, before.date, before.date);
      await assertNotLocked(tx, fields.date, fields.date);
      if (person && (await findShiftOfPersonOn(tx, person.userId, fields.date, id))) {
        throw secondShift(person.name, fields.date);
      }
      const isVisibleChange = VISIBLE_FIELDS.some((name) => before[name] !== fields[name]);
      if (!isVisibleChange && before.overrideReason === input.overrideReason) return;
      const after = { ...fields, overrideReason: input.overrideReason };
      await updateShift(tx, id, after, isVisibleChange);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'shift.update',
        entityType: 'shift',
        entityId: id,
        before: shiftSnapshot(before),
        after: shiftSnapshot(after),
        meta: actor.meta,
      });
      await announceRosterChanged(tx);
    })
    .catch((error: unknown) => refuseSameDay(personName, input.date)(error));
  return shiftView(db, id, timeZone);
}

/**
 * A draft goes at once; a published shift stays (deleted) on the board until the next publish
 * takes it away from its person.
 */
export async function removeShift(db: Db, caller: Caller, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const scope = await plannerScopeOf(tx, caller);
    if (isId(id)) await lockShift(tx, id);
    const shift = await requireShift(tx, id);
    await assertPlansShift(tx, scope, shift);
    if (shift.isDeleted) {
      throw new Conflict(
        t`This shift is already deleted: it goes away for people when the roster is published`,
        'shift_deleted',
      );
    }
    await assertNotLocked(tx, shift.date, shift.date);
    if (shift.published) await markShiftDeleted(tx, id);
    else await deleteShiftRow(tx, id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'shift.delete',
      entityType: 'shift',
      entityId: id,
      before: shiftSnapshot(shift),
      meta: actor.meta,
    });
    await announceRosterChanged(tx);
  });
}

/** Create drafts, each audited; the caller has skipped days already planned. */
async function insertDrafts(db: Db, drafts: NewShift[], actor: Actor): Promise<void> {
  if (drafts.length > 0) await announceRosterChanged(db);
  for (const draft of drafts) {
    const id = await insertShift(db, draft);
    await writeAudit(db, {
      actorId: actor.actorId,
      action: 'shift.create',
      entityType: 'shift',
      entityId: id,
      after: shiftSnapshot(draft),
      meta: actor.meta,
    });
  }
}

const plannedMeanwhile = () =>
  new Conflict(
    t`Someone else planned some of these days at the same time: reload the roster and try again`,
    'shift_same_day',
  );

const refuseRace = (error: unknown): never => {
  throw isUniqueViolation(error) ? plannedMeanwhile() : error;
};

/** An open shift's identity for "already there": same team, day, times and position. */
const openShiftKey = (shift: ShiftFields) =>
  [shift.teamId, shift.date, shift.startTime, shift.endTime, shift.position].join('|');

/**
 * Copy the shifts the caller plans in one week into another, as drafts. A day where the person
 * already has a shift is skipped (never overwritten), as is an open shift already there, and a
 * shift of someone suspended since or no longer in the caller's teams.
 */
export async function copyWeek(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
): Promise<{ created: number; skipped: number }> {
  const input = parseInput(copyWeekRequestSchema, rawInput);
  assertRosterDate(input.fromWeekStart, input.toWeekStart);
  const fromDays = getWeekDates(input.fromWeekStart);
  const toDays = getWeekDates(input.toWeekStart);
  if (fromDays[0] === toDays[0]) throw new Invalid(t`Choose another week to copy into`);
  const first = toDays[0] ?? input.toWeekStart;
  const last = toDays[6] ?? input.toWeekStart;
  return db
    .transaction(async (tx) => {
      const scope = await plannerScopeOf(tx, caller);
      if (input.teamId) assertPlansTeam(scope, input.teamId);
      await assertNotLocked(tx, first, last);
      const week = { scope, teamId: input.teamId, includeDeleted: false };
      const source = await listShifts(tx, {
        ...week,
        from: fromDays[0] ?? first,
        to: fromDays[6] ?? last,
      });
      const userIds = [...new Set(source.flatMap((shift) => (shift.userId ? [shift.userId] : [])))];
      const people = new Map((await findPeople(tx, userIds)).map((p) => [p.userId, p]));
      const planned = await listPlannedDays(tx, userIds, first, last);
      const openThere = new Set(
        (await listShifts(tx, { ...week, from: first, to: last }))
          .filter((shift) => shift.userId === null)
          .map(openShiftKey),
      );
      const drafts: NewShift[] = [];
      let skipped = 0;
      for (const shift of source) {
        const date = toDays[fromDays.indexOf(shift.date)] ?? shift.date;
        const draft: NewShift = {
          userId: shift.userId,
          teamId: shift.teamId,
          date,
          startTime: shift.startTime,
          endTime: shift.endTime,
          lunchStart: shift.lunchStart,
          lunchEnd: shift.lunchEnd,
          breakDurationMins: shift.breakDurationMins,
          position: shift.position,
          note: shift.note,
          // A reason to let a rule pass was given for that week, not this one.
          overrideReason: null,
          createdBy: actor.actorId,
        };
        if (shift.userId) {
          const person = people.get(shift.userId);
          const key = plannedDayKey(shift.userId, date);
          const isPlannable = person && !person.isSuspended && isTeamInScope(scope, person.teamId);
          if (!isPlannable || planned.has(key)) {
            skipped += 1;
            continue;
          }
          planned.add(key);
        } else {
          if (openThere.has(openShiftKey(draft))) {
            skipped += 1;
            continue;
          }
          openThere.add(openShiftKey(draft));
        }
        drafts.push(draft);
      }
      await insertDrafts(tx, drafts, actor);
      return { created: drafts.length, skipped };
    })
    .catch(refuseRace);
}

/**
 * A template's working days of a week for some people, as drafts with its times, lunch and break
 * (and the position asked for). A day where the person already has a shift is skipped.
 */
export async function fillFromTemplate(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
): Promise<{ created: number; skipped: number }> {
  const input = parseInput(fillFromTemplateRequestSchema, rawInput);
  assertRosterDate(input.weekStart);
  const days = getWeekDates(input.weekStart);
  const first = days[0] ?? input.weekStart;
  const last = days[6] ?? input.weekStart;
  const userIds = [...new Set(input.userIds)];
  return db
    .transaction(async (tx) => {
      const scope = await plannerScopeOf(tx, caller);
      const template = await findTemplate(tx, input.templateId);
      if (!template) throw new NotFound(t`Schedule template not found`);
      if (template.isArchived) {
        const { name } = template;
        throw new Invalid(t`"${name}" is archived and cannot be used`);
      }
      const people = await findPeople(tx, userIds);
      if (people.length !== userIds.length) {
        throw new NotFound(t`One of the chosen people does not exist`);
      }
      for (const person of people) {
        assertPlansTeam(scope, person.teamId);
        refuseSuspended(person);
      }
      await assertNotLocked(tx, first, last);
      const planned = await listPlannedDays(tx, userIds, first, last);
      const working = days.filter((date) => template.workingDays.includes(weekdayOf(date)));
      const drafts: NewShift[] = [];
      let skipped = 0;
      for (const person of people) {
        for (const date of working) {
          if (planned.has(plannedDayKey(person.userId, date))) {
            skipped += 1;
            continue;
          }
          drafts.push({
            userId: person.userId,
            teamId: person.teamId,
            date,
            startTime: template.workStart,
            endTime: template.workEnd,
            lunchStart: template.lunchStart,
            lunchEnd: template.lunchEnd,
            breakDurationMins: template.breakDurationMins,
            position: input.position,
            note: null,
            overrideReason: null,
            createdBy: actor.actorId,
          });
        }
      }
      await insertDrafts(tx, drafts, actor);
      return { created: drafts.length, skipped };
    })
    .catch(refuseRace);
}
