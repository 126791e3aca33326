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
  listAdherenceByTeam,
  listDailyTrend,
  listExceptionTotals,
  listLatenessHeatmap,
  type PersonAdherenceRow,
  type TeamAdherenceRow,
} from './reports-repository.ts';
import { resolveScope } from './report-scope.ts';

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

type Sums = Omit<PersonAdherenceRow, 'userId' | 'name' | 'teamId' | 'teamName'>;

const noSums = (): Sums => ({
  scheduledDays: 0,
  completeDays: 0,
  absentDays: 0,
  excusedDays: 0,
  inProgressDays: 0,
  unscheduledDays: 0,
  scoredScheduledMinutes: 0,
  scoredWorkedMinutes: 0,
  adherentMinutes: 0,
  scheduledMinutes: 0,
  workedMinutes: 0,
  lateDays: 0,
  earlyLeaveDays: 0,
  overbreakDays: 0,
  missedClockOuts: 0,
});

/**
 * Adds a person's row into running sums: one pass for teams and totals, each figure named
 * (a loop over the keys cost ~7 µs a person, docs/benchmarks.md "Reports at scale").
 */
function addInto(sums: Sums, row: Sums): void {
  sums.scheduledDays += row.scheduledDays;
  sums.completeDays += row.completeDays;
  sums.absentDays += row.absentDays;
  sums.excusedDays += row.excusedDays;
  sums.inProgressDays += row.inProgressDays;
  sums.unscheduledDays += row.unscheduledDays;
  sums.scoredScheduledMinutes += row.scoredScheduledMinutes;
  sums.scoredWorkedMinutes += row.scoredWorkedMinutes;
  sums.adherentMinutes += row.adherentMinutes;
  sums.scheduledMinutes += row.scheduledMinutes;
  sums.workedMinutes += row.workedMinutes;
  sums.lateDays += row.lateDays;
  sums.earlyLeaveDays += row.earlyLeaveDays;
  sums.overbreakDays += row.overbreakDays;
  sums.missedClockOuts += row.missedClockOuts;
}

function toFigures(sums: Sums): AdherenceFigures {
  return {
    scheduledDays: sums.scheduledDays,
    completeDays: sums.completeDays,
    absentDays: sums.absentDays,
    excusedDays: sums.excusedDays,
    inProgressDays: sums.inProgressDays,
    unscheduledDays: sums.unscheduledDays,
    scheduledMinutes: sums.scheduledMinutes,
    workedMinutes: sums.workedMinutes,
    adherencePct: pct(sums.adherentMinutes, sums.scoredScheduledMinutes),
    conformancePct: pct(sums.scoredWorkedMinutes, sums.scoredScheduledMinutes),
    lateDays: sums.lateDays,
    earlyLeaveDays: sums.earlyLeaveDays,
    overbreakDays: sums.overbreakDays,
    missedClockOuts: sums.missedClockOuts,
  };
}

/** A person's line: their figures, then who they are (one literal, no spread). */
function personFigures(person: PersonAdherenceRow): AdherenceReport['people'][number] {
  return {
    scheduledDays: person.scheduledDays,
    completeDays: person.completeDays,
    absentDays: person.absentDays,
    excusedDays: person.excusedDays,
    inProgressDays: person.inProgressDays,
    unscheduledDays: person.unscheduledDays,
    scheduledMinutes: person.scheduledMinutes,
    workedMinutes: person.workedMinutes,
    adherencePct: pct(person.adherentMinutes, person.scoredScheduledMinutes),
    conformancePct: pct(person.scoredWorkedMinutes, person.scoredScheduledMinutes),
    lateDays: person.lateDays,
    earlyLeaveDays: person.earlyLeaveDays,
    overbreakDays: person.overbreakDays,
    missedClockOuts: person.missedClockOuts,
    userId: person.userId,
    name: person.name,
    teamName: person.teamName,
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
  // Teams in the order of their first person; sums built in one pass (2,000 people: docs/benchmarks.md).
  const byTeam = new Map<string, { teamName: string | null; sums: Sums }>();
  const totals = noSums();
  const rows = people.map((person) => {
    const key = person.teamId ?? '';
    let team = byTeam.get(key);
    if (!team) {
      team = { teamName: person.teamName, sums: noSums() };
      byTeam.set(key, team);
    }
    addInto(team.sums, person);
    addInto(totals, person);
    return personFigures(person);
  });
  return {
    from: query.from,
    to: query.to,
    people: rows,
    teams: [...byTeam.entries()].map(([teamId, { teamName, sums }]) => ({
      ...toFigures(sums),
      teamId: teamId || null,
      teamName: teamName ?? t`No team`,
    })),
    totals: toFigures(totals),
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
  // The chart's teams are summed in SQL: the people's rows are not needed for it.
  const [trend, heatmap, exceptions, teamRows] = await Promise.all([
    listDailyTrend(db, scope),
    listLatenessHeatmap(db, scope),
    listExceptionTotals(db, scope),
    listAdherenceByTeam(db, scope),
  ]);
  // Keyed by name, as before: people in no team go under "No team" (with a team so named).
  const teams = new Map<string, TeamAdherenceRow>();
  const noTeam = t`No team`;
  for (const row of teamRows) {
    const teamName = row.teamName ?? noTeam;
    const seen = teams.get(teamName);
    teams.set(
      teamName,
      seen
        ? {
            teamName,
            scoredScheduledMinutes: seen.scoredScheduledMinutes + row.scoredScheduledMinutes,
            adherentMinutes: seen.adherentMinutes + row.adherentMinutes,
            lateDays: seen.lateDays + row.lateDays,
          }
        : row,
    );
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
    byTeam: [...teams.entries()].map(([teamName, team]) => ({
      teamName,
      adherencePct: pct(team.adherentMinutes, team.scoredScheduledMinutes),
      lateCount: team.lateDays,
    })),
  };
}
