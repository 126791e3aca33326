// Coverage (#31 item 4): per interval of a business day, people required against people on the
// published roster, on the board (drafts too) and actually working by their punches (live for
// today); and a gap posted as open shifts people can claim.
import { t } from '@lingui/core/macro';
import { and, eq, sql } from 'drizzle-orm';
import {
  coverageQuerySchema,
  postGapRequestSchema,
  type CoverageResponse,
} from '@punchclock/shared/contracts/demand';
import { segmentsOf } from '@punchclock/shared/domain/adherence';
import { shiftDate, startOfBusinessDay } from '@punchclock/shared/domain/business-time';
import {
  coverageOf,
  intervalsOfDay,
  type CoverageShift,
  type Interval,
} from '@punchclock/shared/domain/demand/coverage';
import { isTemplateShiftId } from '@punchclock/shared/domain/roster/shift';
import { findShiftProblem, weekdayOf } from '@punchclock/shared/domain/schedule';
import { MAX_OPEN_SHIFT_HOURS, type TimedEvent } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, Invalid, parseInput } from '../../platform/errors.ts';
import { notifyLive, notifyLiveToRole } from '../../platform/live-events.ts';
import type { Actor, Caller } from '../people/index.ts';
import { assertNotLocked } from '../period-locks/index.ts';
import {
  assertPlansTeam,
  insertShift,
  loadPlanContexts,
  lockShift,
  plannerScopeOf,
  publishShiftsNow,
} from '../rosters/index.ts';
import {
  listPunchesBetween,
  listTeamPeopleShifts,
  type CoverageShiftRow,
} from './coverage-repository.ts';
import { listRequirements, listTeamMembers } from './problem-repository.ts';
import { requiredOnGrid } from './regrid.ts';
import { demandSettingsOf } from './settings.ts';
import { announceDemandChanged, assertDemandDate, assertPlansDemandOf } from './planning.ts';
import { shiftSpanOf } from './shift-spans.ts';

const HOUR_MS = 3_600_000;
const MAX_OPEN_MS = MAX_OPEN_SHIFT_HOURS * HOUR_MS;

/** Figures people read: two decimals are plenty. */
const rounded = (value: number) => Math.round(value * 100) / 100;

const overlap = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
  Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));

/**
 * Each person's working stretches from their punches: clocked in and not on break or lunch, the
 * adherence engine's segments. The last stretch stays open until `nowMs`, but no longer than a
 * shift can stay open (a missed clock-out is not someone working all night).
 */
export function workingSpans(
  events: readonly TimedEvent[],
  nowMs: number,
): { start: number; end: number }[] {
  const segments = segmentsOf(events, nowMs);
  return segments.flatMap((segment, index) => {
    if (segment.actual !== 'work') return [];
    const isOpen = index === segments.length - 1;
    const end = isOpen ? Math.min(segment.endMs, segment.startMs + MAX_OPEN_MS) : segment.endMs;
    return end > segment.startMs ? [{ start: segment.startMs, end }] : [];
  });
}

/**
 * People working per interval, as people-equivalents of the part of the interval that has
 * passed (an interval under way counts its elapsed part); null for intervals not begun.
 */
export function onClockOf(
  people: readonly (readonly { start: number; end: number }[])[],
  intervals: readonly Interval[],
  nowMs: number,
): (number | null)[] {
  return intervals.map((interval) => {
    const start = interval.start.getTime();
    const end = Math.min(interval.end.getTime(), nowMs);
    if (end <= start) return null;
    let covered = 0;
    for (const spans of people) {
      for (const span of spans) covered += overlap(span.start, span.end, start, end);
    }
    return covered / (end - start);
  });
}

function coverageShifts(
  rows: readonly CoverageShiftRow[],
  position: string,
  timeZone: string,
): CoverageShift[] {
  return rows
    .filter((row) => position === '' || row.position === position)
    .map((row) => {
      const span = shiftSpanOf(row, timeZone);
      return {
        start: new Date(span.start),
        end: new Date(span.end),
        lunch: span.lunch
          ? { start: new Date(span.lunch.start), end: new Date(span.lunch.end) }
          : null,
      };
    });
}

/**
 * The team's people's template shifts between two dates on days they have no roster shift (of
 * that version): their schedule as they see it and as the roster's rules count it. The roster's
 * plan contexts decide which days a template shift stands (decision 0047). They name no
 * position, so they count for the whole team only.
 */
async function listTemplateShifts(
  db: Db,
  filter: {
    memberIds: readonly string[];
    from: string;
    to: string;
    version: 'published' | 'planned';
  },
): Promise<CoverageShiftRow[]> {
  const contexts = await loadPlanContexts(db, {
    userIds: filter.memberIds,
    from: filter.from,
    to: filter.to,
    version: filter.version,
  });
  return [...contexts.values()].flatMap((context) =>
    context.shifts
      .filter(
        (shift) =>
          isTemplateShiftId(shift.id) && shift.date >= filter.from && shift.date <= filter.to,
      )
      .map((shift) => ({
        userId: context.userId,
        date: shift.date,
        startTime: shift.startTime,
        endTime: shift.endTime,
        lunchStart: shift.lunchStart,
        lunchEnd: shift.lunchEnd,
        position: null,
      })),
  );
}

/**
 * GET /api/demand/coverage. Scheduled and planned count the team's people-shifts of the day and
 * the night before (an overnight shift reaches into the day), their template shifts on days
 * without a roster shift included; with a position, shifts of that position. On the clock counts the team's people (with a position: those who hold it) by their
 * punches as recorded (corrections not applied).
 */
export async function getCoverage(
  db: Db,
  caller: Caller,
  rawQuery: unknown,
  timeZone: string,
  now = new Date(),
): Promise<CoverageResponse> {
  const query = parseInput(coverageQuerySchema, rawQuery);
  assertDemandDate(query.date);
  const scope = await plannerScopeOf(db, caller);
  assertPlansTeam(scope, query.teamId);
  const { teamId, date, position } = query;
  const settings = await demandSettingsOf(db, teamId);
  const intervals = intervalsOfDay(date, settings.intervalMinutes, timeZone);
  const requirements = await listRequirements(db, { teamId, from: date, to: date, position });
  // A row stored at another interval length counts for the part of each interval it covers.
  const requiredOf = requiredOnGrid(requirements, intervals);
  const members = await listTeamMembers(db, teamId);
  const memberIds = members.map((member) => member.userId);
  const days = { teamId, memberIds, from: shiftDate(date, -1), to: date };
  const published = [
    ...(await listTeamPeopleShifts(db, { ...days, version: 'published' })),
    ...(await listTemplateShifts(db, { ...days, version: 'published' })),
  ];
  const planned = [
    ...(await listTeamPeopleShifts(db, { ...days, version: 'planned' })),
    ...(await listTemplateShifts(db, { ...days, version: 'planned' })),
  ];
  const scheduled = coverageOf(coverageShifts(published, position, timeZone), intervals);
  const onBoard = coverageOf(coverageShifts(planned, position, timeZone), intervals);

  const nowMs = now.getTime();
  const dayStart = startOfBusinessDay(date, timeZone);
  const dayEnd = startOfBusinessDay(shiftDate(date, 1), timeZone);
  const clockedIds = members
    .filter((member) => position === '' || member.positions.includes(position))
    .map((member) => member.userId);
  const punches =
    nowMs > dayStart.getTime()
      ? await listPunchesBetween(
          db,
          clockedIds,
          new Date(dayStart.getTime() - MAX_OPEN_MS),
          new Date(Math.min(dayEnd.getTime(), nowMs)),
        )
      : [];
  const byPerson = new Map<string, TimedEvent[]>();
  for (const punch of punches) {
    byPerson.set(punch.userId, [...(byPerson.get(punch.userId) ?? []), punch]);
  }
  const onClock = onClockOf(
    [...byPerson.values()].map((events) => workingSpans(events, nowMs)),
    intervals,
    nowMs,
  );

  let scheduledShort = 0;
  let clockShort: number | null = null;
  const rows = intervals.map((interval, index) => {
    const start = interval.start.getTime();
    const required = requiredOf[index] ?? null;
    const people = onClock[index] ?? null;
    const hours = (interval.end.getTime() - start) / HOUR_MS;
    if (required !== null) {
      scheduledShort += Math.max(0, required - (scheduled[index] ?? 0)) * hours;
      if (people !== null) {
        const elapsed = (Math.min(interval.end.getTime(), nowMs) - start) / HOUR_MS;
        clockShort = (clockShort ?? 0) + Math.max(0, required - people) * elapsed;
      }
    }
    return {
      startsAt: interval.start.toISOString(),
      endsAt: interval.end.toISOString(),
      startTime: interval.label,
      required,
      scheduled: rounded(scheduled[index] ?? 0),
      planned: rounded(onBoard[index] ?? 0),
      onClock: people === null ? null : rounded(people),
    };
  });
  const anyStarted = onClock.some((value) => value !== null);
  return {
    teamId,
    position,
    date,
    intervalMinutes: settings.intervalMinutes,
    intervals: rows,
    scheduledShortfallHours: rounded(scheduledShort),
    onClockShortfallHours: anyStarted ? rounded(clockShort ?? 0) : null,
    asOf: now.toISOString(),
  };
}

/**
 * POST /api/demand/coverage/open-shifts: `count` open shifts of the team for the gap, published
 * at once (no roster publish needed) so the team's people can claim them on Open Shifts & Swaps.
 */
export async function postGap(
  db: Db,
  caller: Caller,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
  now = new Date(),
): Promise<{ shiftIds: string[] }> {
  // Who may ask comes first: an employee learns nothing from the checks below, nor a lead
  // whether another team's id exists.
  await plannerScopeOf(db, caller);
  const input = parseInput(postGapRequestSchema, rawInput);
  assertDemandDate(input.date);
  await assertPlansDemandOf(db, caller, input.teamId);
  const settings = await demandSettingsOf(db, input.teamId);
  const problem = findShiftProblem({
    workStart: input.startTime,
    workEnd: input.endTime,
    lunchStart: null,
    lunchEnd: null,
    breakDurationMins: settings.breakDurationMins,
    workingDays: [weekdayOf(input.date)],
  });
  if (problem) throw new Invalid(problem);
  const span = shiftSpanOf({ ...input, lunchStart: null, lunchEnd: null }, timeZone);
  if (span.end <= now.getTime()) {
    throw new Invalid(t`This gap has already ended: choose one still to come`);
  }
  return db.transaction(async (tx) => {
    if (input.requestId) {
      // A retry of a post already made answers its shifts (the lock orders two at once).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.requestId}))`);
      const [earlier] = await tx
        .select({ actorId: auditLog.actorId, after: auditLog.after })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'demand.post_gap'),
            eq(auditLog.entityId, input.teamId),
            sql`${auditLog.after}->>'requestId' = ${input.requestId}`,
          ),
        );
      if (earlier) {
        if (earlier.actorId !== actor.actorId) throw new Conflict(t`This request was already made`);
        return { shiftIds: (earlier.after as { shiftIds: string[] }).shiftIds };
      }
    }
    await assertNotLocked(tx, input.date, input.date);
    const members = await listTeamMembers(tx, input.teamId);
    const { position } = input;
    if (position !== null && !members.some((member) => member.positions.includes(position))) {
      throw new Invalid(
        t`Nobody in the team holds the position ${position}: nobody could claim these shifts`,
      );
    }
    const ids: string[] = [];
    for (let index = 0; index < input.count; index += 1) {
      ids.push(
        await insertShift(tx, {
          userId: null,
          teamId: input.teamId,
          date: input.date,
          startTime: input.startTime,
          endTime: input.endTime,
          lunchStart: null,
          lunchEnd: null,
          breakDurationMins: settings.breakDurationMins,
          position: input.position,
          note: input.note,
          overrideReason: null,
          createdBy: actor.actorId,
        }),
      );
    }
    for (const id of ids) await lockShift(tx, id);
    await publishShiftsNow(tx, ids, actor.actorId);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'demand.post_gap',
      entityType: 'team',
      entityId: input.teamId,
      after: {
        date: input.date,
        startTime: input.startTime,
        endTime: input.endTime,
        position: input.position,
        count: input.count,
        note: input.note,
        shiftIds: ids,
        requestId: input.requestId ?? null,
      },
      meta: actor.meta,
    });
    await notifyLiveToRole(tx, 'admin', 'roster');
    await notifyLiveToRole(tx, 'team_lead', 'roster');
    await announceDemandChanged(tx);
    const people = members.map((member) => member.userId);
    // The team's people see the new open shifts on their market.
    for (const userId of people) await notifyLive(tx, userId, 'roster');
    return { shiftIds: ids };
  });
}
