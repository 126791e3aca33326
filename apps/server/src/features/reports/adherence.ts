// Adherence: the report by person and team, a person's days and one day's detail, the analytics charts.
import { t } from '@lingui/core/macro';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import {
  dayDetailQuerySchema,
  personDaysQuerySchema,
  type PersonDay,
  reportRangeQuerySchema,
  type AdherenceFigures,
  type AdherenceReport,
  type AnalyticsReport,
  type DayDetail,
} from '@punchclock/shared/contracts/reports';
import { findPlanOn } from '@punchclock/shared/domain/schedule';
import { describePunchOrigin } from '@punchclock/shared/domain/time-state';
import type { Db } from '../../db/client.ts';
import { dayMetrics, profiles, users } from '../../db/schema.ts';
import { NotFound, parseInput } from '../../platform/errors.ts';
import type { Caller } from '../people/index.ts';
import { assertCanSeePerson } from '../people/index.ts';
import {
  listApprovedCorrections,
  listEventsOnDates,
  listUnreviewedEventIds,
  toDomainCorrection,
} from '../time-tracking/index.ts';
import { listActiveTimeOff } from '../time-off/index.ts';
import { listPunchLocations } from '../locations/index.ts';
import { loadAssignments } from './day-metrics-repository.ts';
import { computePersonDay, planFor } from './recompute.ts';
import {
  listAdherenceByPerson,
  listDailyTrend,
  listExceptionTotals,
  listLatenessHeatmap,
  type PersonAdherenceRow,
} from './reports-repository.ts';
import { resolveScope } from './report-scope.ts';

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
      teamName: members[0]?.teamName ?? t`No team`,
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
  if (!person) throw new NotFound(t`Person not found`);
  await assertCanSeePerson(db, viewer, query.userId);
  const [assignments, rawEvents, corrections, timeOff, unreviewed] = await Promise.all([
    loadAssignments(db, [query.userId], query.date, query.date),
    listEventsOnDates(db, query.userId, [query.date]),
    listApprovedCorrections(db, [query.userId], query.date, query.date),
    listActiveTimeOff(db, [query.userId], query.date, query.date),
    listUnreviewedEventIds(db, [query.userId], query.date, query.date),
  ]);
  const plan = planFor(findPlanOn(assignments, query.date), query.date, timeZone);
  const locations =
    viewer.role === 'admin' || viewer.userId === query.userId
      ? await listPunchLocations(
          db,
          rawEvents.map((event) => event.id),
        )
      : new Map();
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
    events: events.map(({ id, eventType, occurredAt }) => {
      const stored = rawEvents.find((event) => event.id === id);
      return {
        eventType,
        occurredAt,
        isUnreviewed: unreviewed.has(id),
        // A punch an approved correction added or moved shows as corrected.
        origin:
          stored && stored.occurredAt === occurredAt ? describePunchOrigin(stored) : 'corrected',
        ...(locations.has(id) ? { location: locations.get(id) } : {}),
      };
    }),
    metrics,
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
  const noTeam = t`No team`;
  for (const person of people) {
    const key = person.teamName ?? noTeam;
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
