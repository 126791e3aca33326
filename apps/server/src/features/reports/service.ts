import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  dayDetailQuerySchema,
  personDaysQuerySchema,
  type PersonDay,
  recomputeRequestSchema,
  reportRangeQuerySchema,
  workedHoursQuerySchema,
  type AdherenceFigures,
  type AdherenceReport,
  type AnalyticsReport,
  type DayDetail,
  type RecomputeRun,
  type WorkedHoursReport,
} from '@punchclock/shared/contracts/reports';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { isDateInRange } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { dayMetrics, profiles, recomputeRuns, users } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Forbidden, Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import type { Actor, Caller } from '../people/index.ts';
import { assertCanSeePerson, isTeamInScope, teamScopeOf } from '../people/index.ts';
import {
  listApprovedCorrections,
  listUnreviewedEventIds,
  toDomainCorrection,
} from '../time-tracking/index.ts';
import { listActiveTimeOff } from '../time-off/index.ts';
import { loadAssignments, loadShiftEvents } from './day-metrics-repository.ts';
import { computePersonDay, datesBetween, planFor, recomputeDays } from './recompute.ts';
import {
  listAdherenceByPerson,
  listDailyTrend,
  listExceptionTotals,
  listLatenessHeatmap,
  listWorkedHours,
  type PersonAdherenceRow,
  type ReportScope,
} from './reports-repository.ts';

const MAX_RANGE_DAYS = 366;

/** Admins see everyone (or the team they filter on); a team lead only the teams they lead. */
async function resolveScope(
  db: Db,
  viewer: Caller,
  range: { from: string; to: string; teamId?: string },
): Promise<ReportScope> {
  if (range.to > shiftDate(range.from, MAX_RANGE_DAYS - 1)) {
    throw new Invalid(`Choose at most ${MAX_RANGE_DAYS} days`);
  }
  const scope = await teamScopeOf(db, viewer);
  if (range.teamId && !isTeamInScope(scope, range.teamId))
    throw new Forbidden('You can see your own team only');
  return { from: range.from, to: range.to, teamIds: range.teamId ? [range.teamId] : scope };
}

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

function toFigures(rows: PersonAdherenceRow[]): AdherenceFigures {
  const sum = (key: keyof PersonAdherenceRow) =>
    rows.reduce((total, row) => total + Number(row[key]), 0);
  return {
    scheduledDays: sum('scheduledDays'),
    completeDays: sum('completeDays'),
    absentDays: sum('absentDays'),
    excusedDays: sum('excusedDays'),
    inProgressDays: sum('inProgressDays'),
    unscheduledDays: sum('unscheduledDays'),
    scheduledMinutes: sum('scheduledMinutes'),
    workedMinutes: sum('workedMinutes'),
    adherencePct: pct(sum('adherentMinutes'), sum('scoredScheduledMinutes')),
    conformancePct: pct(sum('scoredWorkedMinutes'), sum('scoredScheduledMinutes')),
    lateDays: sum('lateDays'),
    earlyLeaveDays: sum('earlyLeaveDays'),
    overbreakDays: sum('overbreakDays'),
    missedClockOuts: sum('missedClockOuts'),
  };
}

export async function getAdherenceReport(
  db: Db,
  viewer: Caller,
  rawQuery: unknown,
): Promise<AdherenceReport> {
  const query = parseInput(reportRangeQuerySchema, rawQuery);
  const scope = await resolveScope(db, viewer, query);
  const people = await listAdherenceByPerson(db, scope);
  const byTeam = new Map<string, PersonAdherenceRow[]>();
  for (const person of people) {
    const key = person.teamId ?? '';
    byTeam.set(key, [...(byTeam.get(key) ?? []), person]);
  }
  return {
    from: query.from,
    to: query.to,
    people: people.map((person) => ({
      ...toFigures([person]),
      userId: person.userId,
      name: person.name,
      teamName: person.teamName,
    })),
    teams: [...byTeam.entries()].map(([teamId, members]) => ({
      ...toFigures(members),
      teamId: teamId || null,
      teamName: members[0]?.teamName ?? 'No team',
    })),
    totals: toFigures(people),
  };
}

/** A person's stored days over a range, newest first (the adherence report's drill-down list). */
export async function getPersonDays(
  db: Db,
  viewer: Caller,
  rawQuery: unknown,
): Promise<{ days: PersonDay[] }> {
  const query = parseInput(personDaysQuerySchema, rawQuery);
  await assertCanSeePerson(db, viewer, query.userId);
  const rows = await db
    .select()
    .from(dayMetrics)
    .where(
      and(
        eq(dayMetrics.userId, query.userId),
        gte(dayMetrics.date, query.from),
        lte(dayMetrics.date, query.to),
      ),
    )
    .orderBy(desc(dayMetrics.date));
  return {
    days: rows.map((row) => {
      const isScored = row.status === 'complete' && row.scheduledMinutes > 0;
      return {
        date: row.date,
        status: row.status,
        templateName: row.templateName,
        scheduledMinutes: row.scheduledMinutes,
        workedMinutes: row.workedMinutes,
        adherencePct: isScored ? pct(row.adherentMinutes, row.scheduledMinutes) : null,
        conformancePct: isScored ? pct(row.workedMinutes, row.scheduledMinutes) : null,
        lateMinutes: row.lateMinutes,
        earlyLeaveMinutes: row.earlyLeaveMinutes,
        overbreakMinutes: row.overbreakMinutes,
        missedClockOut: row.missedClockOut,
      };
    }),
  };
}

/** One person-day recomputed on the spot, with its plan and punches: the drill-down. */
export async function getDayDetail(
  db: Db,
  timeZone: string,
  viewer: Caller,
  rawQuery: unknown,
): Promise<DayDetail> {
  const query = parseInput(dayDetailQuerySchema, rawQuery);
  const [person] = await db
    .select({ name: profiles.fullName, email: users.email, teamId: profiles.teamId })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, query.userId));
  if (!person) throw new NotFound('Person not found');
  await assertCanSeePerson(db, viewer, query.userId);
  const [assignments, rawEvents, corrections, timeOff, unreviewed] = await Promise.all([
    loadAssignments(db, [query.userId], query.date, query.date),
    loadShiftEvents(db, [query.userId], query.date, query.date),
    listApprovedCorrections(db, [query.userId], query.date, query.date),
    listActiveTimeOff(db, [query.userId], query.date, query.date),
    listUnreviewedEventIds(db, [query.userId], query.date, query.date),
  ]);
  const plan = planFor(
    assignments.find((assignment) => isDateInRange(query.date, assignment)),
    query.date,
    timeZone,
  );
  // The same view the stored figures use: approved corrections and time off applied.
  const { events, metrics } = computePersonDay({
    plan,
    rawEvents,
    corrections: corrections.map(toDomainCorrection),
    leave: timeOff.find((request) => request.status === 'approved'),
    now: new Date(),
  });
  return {
    userId: query.userId,
    name: person.name ?? person.email,
    date: query.date,
    status: metrics.status,
    templateName: plan?.templateName ?? null,
    plan: plan && {
      start: plan.start.toISOString(),
      end: plan.end.toISOString(),
      lunchStart: plan.lunchStart?.toISOString() ?? null,
      lunchEnd: plan.lunchEnd?.toISOString() ?? null,
      breakAllowanceMinutes: plan.breakAllowanceMinutes,
    },
    events: events.map(({ id, eventType, occurredAt }) => ({
      eventType,
      occurredAt,
      isUnreviewed: unreviewed.has(id),
    })),
    metrics,
  };
}

export async function getWorkedHours(
  db: Db,
  viewer: Caller,
  rawQuery: unknown,
): Promise<WorkedHoursReport> {
  const query = parseInput(workedHoursQuerySchema, rawQuery);
  const scope = await resolveScope(db, viewer, query);
  const rows = (await listWorkedHours(db, scope, query.groupBy)).map((row) => ({
    ...row,
    overtimeMinutes: Math.max(0, row.workedMinutes - row.scheduledMinutes),
  }));
  type Summed = Exclude<keyof (typeof rows)[number], 'userId' | 'name' | 'teamName' | 'bucket'>;
  const sum = (key: Summed) => rows.reduce((total, row) => total + row[key], 0);
  return {
    rows,
    totals: {
      scheduledMinutes: sum('scheduledMinutes'),
      workedMinutes: sum('workedMinutes'),
      overtimeMinutes: sum('overtimeMinutes'),
      breakMinutes: sum('breakMinutes'),
      lunchMinutes: sum('lunchMinutes'),
      paidLeaveMinutes: sum('paidLeaveMinutes'),
      unpaidLeaveMinutes: sum('unpaidLeaveMinutes'),
      days: sum('days'),
    },
  };
}

export async function getAnalytics(
  db: Db,
  viewer: Caller,
  rawQuery: unknown,
): Promise<AnalyticsReport> {
  const query = parseInput(reportRangeQuerySchema, rawQuery);
  const scope = await resolveScope(db, viewer, query);
  const [trend, heatmap, exceptions, people] = await Promise.all([
    listDailyTrend(db, scope),
    listLatenessHeatmap(db, scope),
    listExceptionTotals(db, scope),
    listAdherenceByPerson(db, scope),
  ]);
  const teams = new Map<string, PersonAdherenceRow[]>();
  for (const person of people) {
    const key = person.teamName ?? 'No team';
    teams.set(key, [...(teams.get(key) ?? []), person]);
  }
  return {
    trend: trend.map((day) => ({
      date: day.date,
      adherencePct: pct(day.adherent, day.scheduled),
      conformancePct: pct(day.scoredWorked, day.scheduled),
      lateCount: day.lateCount,
      overbreakCount: day.overbreakCount,
      absentCount: day.absentCount,
      workedHours: Math.round((day.totalWorked / 60) * 10) / 10,
    })),
    latenessHeatmap: heatmap,
    topExceptions: exceptions,
    byTeam: [...teams.entries()].map(([teamName, members]) => {
      const figures = toFigures(members);
      return { teamName, adherencePct: figures.adherencePct, lateCount: figures.lateDays };
    }),
  };
}

function toRun(row: typeof recomputeRuns.$inferSelect): RecomputeRun {
  return {
    id: row.id,
    fromDate: row.fromDate,
    toDate: row.toDate,
    totalDays: row.totalDays,
    doneDays: row.doneDays,
    status: row.status as RecomputeRun['status'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Queue a recomputation (all people, or chosen ones); the job runs it and reports progress. */
export async function requestRecompute(
  db: Db,
  rawInput: unknown,
  actor: Actor,
): Promise<RecomputeRun> {
  const input = parseInput(recomputeRequestSchema, rawInput);
  if (input.to > shiftDate(input.from, MAX_RANGE_DAYS - 1))
    throw new Invalid(`Choose at most ${MAX_RANGE_DAYS} days`);
  return db.transaction(async (tx) => {
    const people = input.userIds?.length
      ? input.userIds.length
      : (await tx.select({ id: users.id }).from(users)).length;
    const [run] = await tx
      .insert(recomputeRuns)
      .values({
        requestedBy: actor.actorId,
        fromDate: input.from,
        toDate: input.to,
        userIds: input.userIds?.length ? input.userIds : null,
        totalDays: people * datesBetween(input.from, input.to).length,
      })
      .returning();
    if (!run) throw new Error('insert into recompute_runs returned no row');
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'adherence.recompute',
      entityType: 'recompute_run',
      entityId: run.id,
      after: { from: input.from, to: input.to, people },
      meta: actor.meta,
    });
    return toRun(run);
  });
}

export async function getRecomputeRun(db: Db, rawId: string): Promise<RecomputeRun> {
  const id = z.uuid().safeParse(rawId);
  const [run] = id.success
    ? await db.select().from(recomputeRuns).where(eq(recomputeRuns.id, id.data))
    : [];
  if (!run) throw new NotFound('Recalculation not found');
  return toRun(run);
}

export async function listRecentRuns(db: Db): Promise<RecomputeRun[]> {
  const rows = await db
    .select()
    .from(recomputeRuns)
    .orderBy(sql`created_at desc`)
    .limit(10);
  return rows.map(toRun);
}

/** The job: claim one queued run (any instance may) and work through it, saving progress. */
export async function processNextRecomputeRun(db: Db, timeZone: string): Promise<boolean> {
  const claimed = (await db.execute(sql`
    update recompute_runs set status = 'running'
    where id = (select id from recompute_runs where status = 'queued' order by created_at limit 1 for update skip locked)
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = claimed.rows[0]?.id;
  if (!id) return false;
  const [run] = await db.select().from(recomputeRuns).where(eq(recomputeRuns.id, id));
  if (!run) return false;
  try {
    const userIds =
      run.userIds ?? (await db.select({ id: users.id }).from(users)).map((row) => row.id);
    const daysPerPerson = datesBetween(run.fromDate, run.toDate).length;
    await recomputeDays(db, timeZone, userIds, run.fromDate, run.toDate, {
      onProgress: async (done) => {
        // Progress counts every person-day of the range, future days included.
        const doneDays = Math.min(
          run.totalDays,
          Math.ceil(done / Math.max(1, daysPerPerson)) * daysPerPerson,
        );
        await db.update(recomputeRuns).set({ doneDays }).where(eq(recomputeRuns.id, id));
      },
    });
    await db
      .update(recomputeRuns)
      .set({ status: 'done', doneDays: run.totalDays, finishedAt: sql`now()` })
      .where(eq(recomputeRuns.id, id));
  } catch (error) {
    console.error('recompute run failed', error);
    await db
      .update(recomputeRuns)
      .set({
        status: 'failed',
        // The driver's message carries the whole statement and its values: keep those in the log.
        error: 'The recalculation failed; the server log has the details.',
        finishedAt: sql`now()`,
      })
      .where(eq(recomputeRuns.id, id));
  }
  return true;
}
