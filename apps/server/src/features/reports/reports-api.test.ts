import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adherenceReportSchema,
  analyticsReportSchema,
  dayDetailSchema,
  personDaysResponseSchema,
  workedHoursReportSchema,
  type AdherenceFigures,
  type AdherenceReport,
  type AnalyticsReport,
  type DayDetail,
  type PersonDay,
  type WorkedHoursReport,
} from '@punchclock/shared/contracts/reports';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { weekdayOf, type ShiftPattern } from '@punchclock/shared/domain/schedule';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import {
  datesInRange,
  expectedDays,
  figuresOf,
  getReport,
  planFromPattern,
  seedGeneratedMonth,
  type ExpectedDay,
  type ExtraPunch,
  type GeneratedMonth,
  type MonthPerson,
} from '../../test/reports.ts';
import { seedPublishedShift } from '../../test/roster-fixtures.ts';
import { seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { getJson, insertPunches, TORONTO } from '../../test/time-tracking.ts';
import { parseCsv, seedTeam } from '../../test/users.ts';
import type { Db } from '../../db/client.ts';
import { recomputeQueuedDays } from './recompute.ts';

/** Four Sunday-started weeks from a Monday: no DST change anywhere near. */
const FROM = '2026-06-01';
const TO = '2026-06-28';
const RANGE = `from=${FROM}&to=${TO}`;
const SEED = 20260601;

const DAY_SHIFT: ShiftPattern = {
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: '12:00',
  lunchEnd: '12:30',
  breakDurationMins: 15,
  workingDays: [1, 2, 3, 4, 5],
};
const EARLY_SHIFT: ShiftPattern = {
  workStart: '07:00',
  workEnd: '15:30',
  lunchStart: null,
  lunchEnd: null,
  breakDurationMins: 20,
  workingDays: [1, 2, 3, 4, 5],
};
const NIGHT_SHIFT: ShiftPattern = {
  workStart: '22:00',
  workEnd: '06:00',
  lunchStart: '02:00',
  lunchEnd: '02:30',
  breakDurationMins: 15,
  workingDays: [0, 1, 2, 3, 4],
};

/** An unscheduled Saturday for the first person without a team (their plan is Mon–Fri). */
const SATURDAY = '2026-06-13';

const pct = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** Toronto hour (0–23) of an instant, by Intl rather than the server's TZDate. */
const torontoHour = (instant: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: TORONTO, hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .find((part) => part.type === 'hour')?.value,
  );

interface SqlFigures {
  userId: string;
  days: number;
  complete: number;
  absent: number;
  unscheduled: number;
  inProgress: number;
  adherent: number;
  scoredScheduled: number;
  scoredWorked: number;
  scheduled: number;
  worked: number;
  late: number;
  early: number;
  overbreak: number;
  missed: number;
}

/** The report's figures recomputed from day_metrics by a query written here. */
async function sqlFiguresByPerson(db: Db, from: string, to: string): Promise<SqlFigures[]> {
  const result = await db.execute(sql`
    select user_id::text as "userId",
           count(*)::int as "days",
           sum(case when status = 'complete' then 1 else 0 end)::int as "complete",
           sum(case when status = 'absent' then 1 else 0 end)::int as "absent",
           sum(case when status = 'unscheduled' then 1 else 0 end)::int as "unscheduled",
           sum(case when status = 'in_progress' then 1 else 0 end)::int as "inProgress",
           sum(case when status = 'complete' then adherent_minutes else 0 end)::int as "adherent",
           sum(case when status = 'complete' then scheduled_minutes else 0 end)::int as "scoredScheduled",
           sum(case when status = 'complete' then worked_minutes else 0 end)::int as "scoredWorked",
           sum(scheduled_minutes)::int as "scheduled",
           sum(worked_minutes)::int as "worked",
           sum(case when late_minutes > 0 then 1 else 0 end)::int as "late",
           sum(case when early_leave_minutes > 0 then 1 else 0 end)::int as "early",
           sum(case when overbreak_minutes > 0 then 1 else 0 end)::int as "overbreak",
           sum(case when missed_clock_out then 1 else 0 end)::int as "missed"
    from day_metrics
    where date >= ${from}::date and date <= ${to}::date
    group by user_id`);
  return (result as unknown as { rows: SqlFigures[] }).rows;
}

function figuresFromSql(rows: SqlFigures[]): AdherenceFigures {
  const sum = (key: keyof Omit<SqlFigures, 'userId'>) =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    scheduledDays: sum('days') - sum('unscheduled'),
    completeDays: sum('complete'),
    absentDays: sum('absent'),
    excusedDays: 0,
    inProgressDays: sum('inProgress'),
    unscheduledDays: sum('unscheduled'),
    scheduledMinutes: sum('scheduled'),
    workedMinutes: sum('worked'),
    adherencePct: pct(sum('adherent'), sum('scoredScheduled')),
    conformancePct: pct(sum('scoredWorked'), sum('scoredScheduled')),
    lateDays: sum('late'),
    earlyLeaveDays: sum('early'),
    overbreakDays: sum('overbreak'),
    missedClockOuts: sum('missed'),
  };
}

/** Only the figures of a report row (without its name, team, id). */
function figuresPart(row: AdherenceFigures): AdherenceFigures {
  return {
    scheduledDays: row.scheduledDays,
    completeDays: row.completeDays,
    absentDays: row.absentDays,
    excusedDays: row.excusedDays,
    inProgressDays: row.inProgressDays,
    unscheduledDays: row.unscheduledDays,
    scheduledMinutes: row.scheduledMinutes,
    workedMinutes: row.workedMinutes,
    adherencePct: row.adherencePct,
    conformancePct: row.conformancePct,
    lateDays: row.lateDays,
    earlyLeaveDays: row.earlyLeaveDays,
    overbreakDays: row.overbreakDays,
    missedClockOuts: row.missedClockOuts,
  };
}

describeEachDatabase('reports api', (getDatabase) => {
  let app: FastifyInstance;
  let month: GeneratedMonth;
  let expected: ExpectedDay[];
  let teamA: string;
  let teamB: string;
  let admin: TestUser;
  const cookies = new Map<'admin' | 'leadA' | 'leadB' | 'idleLead' | 'employee' | 'sme', string>();
  const cookie = (who: Parameters<typeof cookies.get>[0]) => cookies.get(who) ?? '';
  const inTeam = (teamId: string | null) =>
    month.people.filter((person) => person.teamId === teamId);
  const daysOf = (people: readonly MonthPerson[]) => {
    const ids = new Set(people.map((person) => person.id));
    return expected.filter((day) => ids.has(day.userId));
  };
  const person = (index: number) => month.people[index] as MonthPerson;

  beforeAll(async () => {
    const { db, database } = getDatabase();
    app = await buildTestApp(database);
    admin = await createTestUser(db, { role: 'admin' });
    const leadA = await createTestUser(db, { role: 'team_lead' });
    const leadB = await createTestUser(db, { role: 'team_lead' });
    const idleLead = await createTestUser(db, { role: 'team_lead' });
    const employee = await createTestUser(db, { role: 'employee' });
    const sme = await createTestUser(db, { role: 'sme' });
    for (const [key, user] of [
      ['admin', admin],
      ['leadA', leadA],
      ['leadB', leadB],
      ['idleLead', idleLead],
      ['employee', employee],
      ['sme', sme],
    ] as const) {
      cookies.set(key, await signInAs(app, user.email, user.password));
    }
    teamA = (await seedTeam(db, { name: `Alpha ${SEED}`, leadUserId: leadA.id })).id;
    teamB = (await seedTeam(db, { name: `Bravo ${SEED}`, leadUserId: leadB.id })).id;

    month = await seedGeneratedMonth(db, {
      from: FROM,
      to: TO,
      seed: SEED,
      people: [
        { name: 'Ada Alpha', teamId: teamA, template: DAY_SHIFT },
        { name: 'Ben Alpha', teamId: teamA, template: DAY_SHIFT },
        { name: 'Cy Alpha', teamId: teamA, template: EARLY_SHIFT },
        { name: 'Di Alpha', teamId: teamA, template: NIGHT_SHIFT },
        { name: 'Ed Bravo', teamId: teamB, template: DAY_SHIFT },
        { name: 'Flo Bravo', teamId: teamB, template: EARLY_SHIFT },
        { name: 'Gus Bravo', teamId: teamB, template: EARLY_SHIFT },
        { name: 'Hal Bravo', teamId: teamB, template: NIGHT_SHIFT },
        { name: 'Ivy Loner', teamId: null, template: DAY_SHIFT },
        { name: 'Jo Loner', teamId: null, template: NIGHT_SHIFT },
      ],
    });
    // Four hours on a Saturday nobody planned.
    const saturday: ExtraPunch[] = (['clock_in', 'clock_out'] as const).map((eventType, index) => ({
      eventType,
      occurredAt: new Date(`${SATURDAY}T${index === 0 ? '10' : '14'}:00:00-04:00`),
      date: SATURDAY,
      shiftDate: SATURDAY,
    }));
    await insertPunches(
      db,
      person(8).id,
      saturday.map((punch) => ({
        eventType: punch.eventType,
        occurredAt: punch.occurredAt.toISOString(),
      })),
    );
    // The assignments queued every day of the month: draining the queue computes them.
    const drained = await recomputeQueuedDays(db, TORONTO);
    expect(drained).toBe(month.people.length * datesInRange(FROM, TO).length);
    expected = expectedDays(month, new Date(), new Map([[person(8).id, saturday]]));
  });
  afterAll(async () => {
    await app.close();
  });

  async function adherence(who: Parameters<typeof cookies.get>[0], query = RANGE) {
    const report = await getReport<AdherenceReport>(
      app,
      cookie(who),
      `/api/reports/adherence?${query}`,
    );
    expect(adherenceReportSchema.parse(report)).toEqual(report);
    return report;
  }

  describe('the generated month', () => {
    it('has the texture the figures need (late, absent, overbreak, missed clock-out days)', () => {
      const totals = figuresOf(expected);
      expect(totals.completeDays).toBeGreaterThan(150);
      expect(totals.lateDays).toBeGreaterThan(0);
      expect(totals.absentDays).toBeGreaterThan(0);
      expect(totals.overbreakDays).toBeGreaterThan(0);
      expect(totals.missedClockOuts).toBeGreaterThan(0);
      expect(totals.earlyLeaveDays).toBeGreaterThan(0);
      expect(totals.unscheduledDays).toBe(1);
      expect(totals.adherencePct).toBeLessThan(100);
    });

    it('stores exactly the day metrics the engine gives for each person-day', async () => {
      const rows = await getDatabase().db.execute(sql`
        select user_id::text as "userId", date::text as "date", status, template_name as "templateName",
               scheduled_minutes as "scheduledMinutes", worked_minutes as "workedMinutes",
               break_minutes as "breakMinutes", lunch_minutes as "lunchMinutes",
               adherent_minutes as "adherentMinutes", late_minutes as "lateMinutes",
               early_leave_minutes as "earlyLeaveMinutes", overbreak_minutes as "overbreakMinutes",
               unscheduled_minutes as "unscheduledMinutes", missed_clock_out as "missedClockOut"
        from day_metrics where date between ${FROM}::date and ${TO}::date
        order by 1, 2`);
      const stored = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
      const templateOf = new Map(month.people.map((each) => [each.id, each.template]));
      const wanted = expected
        .map(({ userId, date, metrics }) => ({
          userId,
          date,
          status: metrics.status,
          templateName:
            planFromPattern(
              templateOf.get(userId)?.pattern as ShiftPattern,
              date,
              templateOf.get(userId)?.name ?? '',
            )?.templateName ?? null,
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
        }))
        .sort((a, b) => a.userId.localeCompare(b.userId) || a.date.localeCompare(b.date));
      expect(stored.length).toBe(wanted.length);
      expect(
        [...stored].sort(
          (a, b) =>
            String(a.userId).localeCompare(String(b.userId)) ||
            String(a.date).localeCompare(String(b.date)),
        ),
      ).toEqual(wanted);
    });
  });

  describe('GET /api/reports/adherence', () => {
    it('totals and per-person figures equal an independent SQL calculation', async () => {
      const report = await adherence('admin');
      const byPerson = await sqlFiguresByPerson(getDatabase().db, FROM, TO);
      expect(byPerson).toHaveLength(month.people.length);
      expect(report.totals).toEqual(figuresFromSql(byPerson));
      expect(report.people).toHaveLength(month.people.length);
      for (const row of byPerson) {
        const listed = report.people.find((each) => each.userId === row.userId);
        expect(listed && figuresPart(listed)).toEqual(figuresFromSql([row]));
      }
    });

    it('totals, people and teams equal a recomputation with computeDayMetrics', async () => {
      const report = await adherence('admin');
      expect(report).toMatchObject({ from: FROM, to: TO });
      expect(report.totals).toEqual(figuresOf(expected));
      for (const each of month.people) {
        const listed = report.people.find((row) => row.userId === each.id);
        expect(listed).toMatchObject({
          name: each.name,
          teamName: each.teamId === teamA ? `Alpha ${SEED}` : each.teamId ? `Bravo ${SEED}` : null,
        });
        expect(listed && figuresPart(listed)).toEqual(figuresOf(daysOf([each])));
      }
      // People come sorted by name.
      const names = report.people.map((row) => row.name);
      expect(names).toEqual(
        [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
      expect(report.teams).toHaveLength(3);
      for (const [teamId, teamName] of [
        [teamA, `Alpha ${SEED}`],
        [teamB, `Bravo ${SEED}`],
        [null, 'No team'],
      ] as const) {
        const listed = report.teams.find((team) => team.teamId === teamId);
        expect(listed?.teamName).toBe(teamName);
        expect(listed && figuresPart(listed)).toEqual(figuresOf(daysOf(inTeam(teamId))));
      }
    });

    it('a FIELD-NOTES style day: late on the plan, full conformance, lower adherence', () => {
      const lateComplete = expected.find(
        (day) =>
          day.metrics.status === 'complete' &&
          day.metrics.lateMinutes > 0 &&
          !day.metrics.missedClockOut,
      );
      expect(lateComplete?.metrics.adherencePct).toBeLessThan(100);
    });

    it('filters on a team for an admin', async () => {
      const report = await adherence('admin', `${RANGE}&teamId=${teamB}`);
      expect(report.people.map((row) => row.userId).sort()).toEqual(
        inTeam(teamB)
          .map((each) => each.id)
          .sort(),
      );
      expect(report.totals).toEqual(figuresOf(daysOf(inTeam(teamB))));
      expect(report.teams.map((team) => team.teamId)).toEqual([teamB]);
    });

    it('shows a team lead only the teams they lead', async () => {
      const report = await adherence('leadA');
      expect(report.people.map((row) => row.userId).sort()).toEqual(
        inTeam(teamA)
          .map((each) => each.id)
          .sort(),
      );
      expect(report.totals).toEqual(figuresOf(daysOf(inTeam(teamA))));
      expect((await adherence('leadA', `${RANGE}&teamId=${teamA}`)).totals).toEqual(report.totals);
    });

    it('refuses a team lead another team', async () => {
      const response = await getJson(
        app,
        cookie('leadA'),
        `/api/reports/adherence?${RANGE}&teamId=${teamB}`,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'You can see your own team only',
        code: 'forbidden',
      });
    });

    it('shows a lead of no team nobody', async () => {
      const report = await adherence('idleLead');
      expect(report.people).toEqual([]);
      expect(report.totals).toMatchObject({
        completeDays: 0,
        scheduledMinutes: 0,
        adherencePct: null,
        conformancePct: null,
      });
    });

    it('narrows to the dates asked for', async () => {
      const from = '2026-06-08';
      const to = '2026-06-14';
      const report = await adherence('admin', `from=${from}&to=${to}`);
      expect(report.totals).toEqual(
        figuresOf(expected.filter((day) => day.date >= from && day.date <= to)),
      );
    });
  });

  describe('GET /api/reports/person-days', () => {
    const url = (userId: string) => `/api/reports/person-days?userId=${userId}&${RANGE}`;

    it('lists a person’s stored days newest first', async () => {
      const who = person(3);
      const body = await getReport<{ days: PersonDay[] }>(app, cookie('admin'), url(who.id));
      expect(personDaysResponseSchema.parse(body)).toEqual(body);
      const mine = daysOf([who]).sort((a, b) => b.date.localeCompare(a.date));
      expect(body.days.map((day) => day.date)).toEqual(mine.map((day) => day.date));
      for (const [index, day] of body.days.entries()) {
        const metrics = (mine[index] as ExpectedDay).metrics;
        expect(day).toEqual({
          date: mine[index]?.date,
          status: metrics.status,
          templateName: who.template.name,
          scheduledMinutes: metrics.scheduledMinutes,
          workedMinutes: metrics.workedMinutes,
          adherencePct: metrics.adherencePct,
          conformancePct: metrics.conformancePct,
          lateMinutes: metrics.lateMinutes,
          earlyLeaveMinutes: metrics.earlyLeaveMinutes,
          overbreakMinutes: metrics.overbreakMinutes,
          missedClockOut: metrics.missedClockOut,
        });
      }
    });

    it('lets a lead see their own team’s people and no one else', async () => {
      expect((await getJson(app, cookie('leadA'), url(person(0).id))).statusCode).toBe(200);
      for (const other of [person(4), person(8)]) {
        const response = await getJson(app, cookie('leadA'), url(other.id));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'forbidden' });
      }
      expect((await getJson(app, cookie('idleLead'), url(person(0).id))).statusCode).toBe(403);
    });
  });

  describe('GET /api/reports/day', () => {
    const url = (userId: string, date: string) => `/api/reports/day?userId=${userId}&date=${date}`;

    it.each([
      ['a day shift', 0, '2026-06-10'],
      ['an overnight shift', 3, '2026-06-10'],
      ['a shift without a lunch window', 2, '2026-06-22'],
    ])('returns plan, punches and metrics of %s', async (_label, index, date) => {
      const who = person(index);
      const response = await getReport<DayDetail>(app, cookie('admin'), url(who.id, date));
      // The contract's metrics carry no status (the day's status is at the top level).
      const detail = dayDetailSchema.parse(response);
      const plan = planFromPattern(who.template.pattern, date, who.template.name);
      const punches = who.punches.filter((punch) => punch.shiftDate === date);
      const metrics = expected.find((day) => day.userId === who.id && day.date === date)?.metrics;
      expect(detail).toEqual({
        userId: who.id,
        name: who.name,
        date,
        status: metrics?.status,
        templateName: who.template.name,
        plan: {
          start: plan?.start.toISOString(),
          end: plan?.end.toISOString(),
          lunchStart: plan?.lunchStart?.toISOString() ?? null,
          lunchEnd: plan?.lunchEnd?.toISOString() ?? null,
          breakAllowanceMinutes: who.template.pattern.breakDurationMins,
        },
        events: punches.map((punch) => ({
          eventType: punch.eventType,
          occurredAt: punch.occurredAt.toISOString(),
          isUnreviewed: false,
          origin: null,
        })),
        metrics: {
          scheduledMinutes: metrics?.scheduledMinutes,
          workedMinutes: metrics?.workedMinutes,
          breakMinutes: metrics?.breakMinutes,
          lunchMinutes: metrics?.lunchMinutes,
          adherentMinutes: metrics?.adherentMinutes,
          adherencePct: metrics?.adherencePct,
          conformancePct: metrics?.conformancePct,
          lateMinutes: metrics?.lateMinutes,
          earlyLeaveMinutes: metrics?.earlyLeaveMinutes,
          overbreakMinutes: metrics?.overbreakMinutes,
          unscheduledMinutes: metrics?.unscheduledMinutes,
          missedClockOut: metrics?.missedClockOut,
        },
      });
    });

    // #30: the drill-down reads the day's published roster shift, not the template.
    it('plans a day by its published shift in place of the template', async () => {
      const { db } = getDatabase();
      const rostered = await createTestUser(db);
      const template = await seedTemplate(db, { workingDays: [1, 2, 3, 4, 5] });
      await seedAssignment(db, {
        userId: rostered.id,
        templateId: template.id,
        dateRangeStart: '2026-07-06',
        dateRangeEnd: '2026-07-10',
      });
      await seedPublishedShift(db, {
        userId: rostered.id,
        date: '2026-07-08',
        startTime: '13:00',
        endTime: '21:00',
        breakDurationMins: 20,
        position: 'Cashier',
      });
      const detail = await getReport<DayDetail>(
        app,
        cookie('admin'),
        url(rostered.id, '2026-07-08'),
      );
      expect(detail).toMatchObject({
        templateName: 'Cashier',
        plan: {
          start: '2026-07-08T17:00:00.000Z', // 13:00 EDT
          end: '2026-07-09T01:00:00.000Z',
          lunchStart: null,
          lunchEnd: null,
          breakAllowanceMinutes: 20,
        },
        metrics: { scheduledMinutes: 480 },
      });
      const other = await getReport<DayDetail>(
        app,
        cookie('admin'),
        url(rostered.id, '2026-07-07'),
      );
      expect(other).toMatchObject({
        templateName: template.name,
        metrics: { scheduledMinutes: 450 },
      });
    });

    it('shows the punches of an overnight shift after midnight on the day it started', async () => {
      const who = person(3);
      const detail = await getReport<DayDetail>(app, cookie('admin'), url(who.id, '2026-06-10'));
      const dates = detail.events.map((event) => toBusinessDate(event.occurredAt, TORONTO));
      expect(new Set(dates)).toEqual(new Set(['2026-06-10', '2026-06-11']));
      expect(detail.events.at(-1)?.eventType).toBe('clock_out');
      // 22:00 EDT is 02:00 UTC; lunch at 02:00 EDT the next morning is 06:00 UTC.
      expect(detail.plan?.start).toBe('2026-06-11T02:00:00.000Z');
      expect(detail.plan?.lunchStart).toBe('2026-06-11T06:00:00.000Z');
    });

    it('has no plan on an unscheduled day and counts its work as unscheduled', async () => {
      const detail = await getReport<DayDetail>(app, cookie('admin'), url(person(8).id, SATURDAY));
      expect(detail).toMatchObject({
        status: 'unscheduled',
        plan: null,
        templateName: null,
        metrics: { scheduledMinutes: 0, workedMinutes: 240, unscheduledMinutes: 240 },
      });
      expect(detail.events).toHaveLength(2);
      const sunday = await getReport<DayDetail>(
        app,
        cookie('admin'),
        url(person(0).id, '2026-06-14'),
      );
      expect(sunday).toMatchObject({ status: 'no_schedule', plan: null, events: [] });
    });

    it('lets a lead drill into their team only', async () => {
      const date = '2026-06-10';
      expect((await getJson(app, cookie('leadB'), url(person(4).id, date))).statusCode).toBe(200);
      const response = await getJson(app, cookie('leadB'), url(person(0).id, date));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'You can see your own team only',
        code: 'forbidden',
      });
      expect((await getJson(app, cookie('leadB'), url(person(9).id, date))).statusCode).toBe(403);
    });

    it('answers 404 for an unknown person and 400 for a bad date', async () => {
      const unknown = await getJson(
        app,
        cookie('admin'),
        url('00000000-0000-4000-8000-000000000000', '2026-06-10'),
      );
      expect(unknown.statusCode).toBe(404);
      const badDate = await getJson(app, cookie('admin'), url(person(0).id, '2026-13-40'));
      expect(badDate.statusCode).toBe(400);
    });
  });

  describe('GET /api/reports/worked-hours', () => {
    type Grouping = 'day' | 'week' | 'period';
    const bucketOf = (date: string, groupBy: Grouping) =>
      groupBy === 'day' ? date : groupBy === 'week' ? shiftDate(date, -weekdayOf(date)) : FROM;

    function expectedRows(days: readonly ExpectedDay[], groupBy: Grouping) {
      const rows = new Map<
        string,
        {
          userId: string;
          bucket: string;
          scheduledMinutes: number;
          workedMinutes: number;
          breakMinutes: number;
          lunchMinutes: number;
          paidLeaveMinutes: number;
          unpaidLeaveMinutes: number;
          days: number;
          unreviewedPunches: number;
        }
      >();
      for (const day of days) {
        const bucket = bucketOf(day.date, groupBy);
        const key = `${day.userId} ${bucket}`;
        const row = rows.get(key) ?? {
          userId: day.userId,
          bucket,
          scheduledMinutes: 0,
          workedMinutes: 0,
          breakMinutes: 0,
          lunchMinutes: 0,
          // Nobody in the generated month has time off.
          paidLeaveMinutes: 0,
          unpaidLeaveMinutes: 0,
          days: 0,
          // Seeded punches are stored directly, never late.
          unreviewedPunches: 0,
        };
        row.scheduledMinutes += day.metrics.scheduledMinutes;
        row.workedMinutes += day.metrics.workedMinutes;
        row.breakMinutes += day.metrics.breakMinutes;
        row.lunchMinutes += day.metrics.lunchMinutes;
        row.days += day.metrics.workedMinutes > 0 ? 1 : 0;
        rows.set(key, row);
      }
      return [...rows.values()]
        .map((row) => ({
          ...row,
          overtimeMinutes: Math.max(0, row.workedMinutes - row.scheduledMinutes),
        }))
        .sort((a, b) => a.userId.localeCompare(b.userId) || a.bucket.localeCompare(b.bucket));
    }

    async function workedHours(who: Parameters<typeof cookies.get>[0], query: string) {
      const report = await getReport<WorkedHoursReport>(
        app,
        cookie(who),
        `/api/reports/worked-hours?${query}`,
      );
      expect(workedHoursReportSchema.parse(report)).toEqual(report);
      return report;
    }

    it.each(['day', 'week', 'period'] as const)(
      'sums each person’s %s with overtime per bucket',
      async (groupBy) => {
        const report = await workedHours('admin', `${RANGE}&groupBy=${groupBy}`);
        const wanted = expectedRows(expected, groupBy);
        const got = report.rows
          .map(({ name: _name, teamName: _team, ...row }) => row)
          .sort((a, b) => a.userId.localeCompare(b.userId) || a.bucket.localeCompare(b.bucket));
        expect(got).toEqual(wanted);
        const total = (key: keyof (typeof wanted)[number]) =>
          wanted.reduce((sum, row) => sum + Number(row[key]), 0);
        expect(report.totals).toEqual({
          scheduledMinutes: total('scheduledMinutes'),
          workedMinutes: total('workedMinutes'),
          overtimeMinutes: total('overtimeMinutes'),
          breakMinutes: total('breakMinutes'),
          lunchMinutes: total('lunchMinutes'),
          paidLeaveMinutes: 0,
          unpaidLeaveMinutes: 0,
          days: total('days'),
        });
        expect(report.totals.overtimeMinutes).toBeGreaterThan(0);
        if (groupBy === 'week') {
          expect(new Set(report.rows.map((row) => row.bucket))).toEqual(
            new Set(['2026-05-31', '2026-06-07', '2026-06-14', '2026-06-21', '2026-06-28']),
          );
          for (const row of report.rows) expect(weekdayOf(row.bucket)).toBe(0);
        }
        if (groupBy === 'period') {
          expect(report.rows).toHaveLength(month.people.length);
        }
      },
    );

    it('groups by week unless told otherwise', async () => {
      const byDefault = await workedHours('admin', RANGE);
      const byWeek = await workedHours('admin', `${RANGE}&groupBy=week`);
      expect(byDefault).toEqual(byWeek);
    });

    it('counts overtime per bucket, not over the whole range', async () => {
      // The unscheduled Saturday is all overtime in its week even if the week is short.
      const report = await workedHours('admin', `${RANGE}&groupBy=day`);
      const saturday = report.rows.find(
        (row) => row.userId === person(8).id && row.bucket === SATURDAY,
      );
      expect(saturday).toMatchObject({
        scheduledMinutes: 0,
        workedMinutes: 240,
        overtimeMinutes: 240,
      });
    });

    it('gives a lead their team only, and refuses them another', async () => {
      const report = await workedHours('leadB', `${RANGE}&groupBy=period`);
      expect(report.rows.map((row) => row.userId).sort()).toEqual(
        inTeam(teamB)
          .map((each) => each.id)
          .sort(),
      );
      expect(report.rows.every((row) => row.teamName === `Bravo ${SEED}`)).toBe(true);
      const response = await getJson(
        app,
        cookie('leadB'),
        `/api/reports/worked-hours?${RANGE}&teamId=${teamA}`,
      );
      expect(response.statusCode).toBe(403);
    });

    it('exports CSV with a header row and the report’s values', async () => {
      const report = await workedHours('admin', `${RANGE}&groupBy=period`);
      const response = await getJson(
        app,
        cookie('admin'),
        `/api/reports/worked-hours/export?${RANGE}&groupBy=period&format=csv`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="worked-hours-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const records = parseCsv(response.body);
      expect(records[0]).toEqual([
        'Name',
        'Team',
        'From',
        'Days worked',
        'Scheduled hours',
        'Worked hours',
        'Overtime hours',
        'Break hours (paid)',
        'Lunch hours (unpaid)',
        'Paid time off hours',
        'Unpaid time off hours',
      ]);
      expect(records).toHaveLength(report.rows.length + 1);
      const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
      for (const [index, row] of report.rows.entries()) {
        expect(records[index + 1]).toEqual([
          row.name,
          row.teamName ?? '',
          row.bucket,
          String(row.days),
          hours(row.scheduledMinutes),
          hours(row.workedMinutes),
          hours(row.overtimeMinutes),
          hours(row.breakMinutes),
          hours(row.lunchMinutes),
          '0',
          '0',
        ]);
      }
    });

    it('exports a valid xlsx workbook', async () => {
      const report = await workedHours('admin', `${RANGE}&groupBy=period`);
      const response = await getJson(
        app,
        cookie('admin'),
        `/api/reports/worked-hours/export?${RANGE}&groupBy=period&format=xlsx`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(/filename="worked-hours-.*\.xlsx"$/);
      const body = response.rawPayload;
      expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Worked hours');
      expect(sheet?.getCell('A1').value).toBe('Name');
      expect(sheet?.getCell('F1').value).toBe('Worked hours');
      expect(sheet?.rowCount).toBe(report.rows.length + 1);
      const first = report.rows[0];
      expect(sheet?.getCell('A2').value).toBe(first?.name);
      expect(sheet?.getCell('F2').value).toBe(
        Math.round(((first?.workedMinutes ?? 0) / 60) * 100) / 100,
      );
    });

    it('refuses an unknown export format', async () => {
      const response = await getJson(
        app,
        cookie('admin'),
        `/api/reports/worked-hours/export?${RANGE}&format=pdf`,
      );
      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /api/reports/analytics', () => {
    async function analytics(who: Parameters<typeof cookies.get>[0], query = RANGE) {
      const report = await getReport<AnalyticsReport>(
        app,
        cookie(who),
        `/api/reports/analytics?${query}`,
      );
      expect(analyticsReportSchema.parse(report)).toEqual(report);
      return report;
    }

    it('trends each date like the engine does', async () => {
      const report = await analytics('admin');
      const dates = [...new Set(expected.map((day) => day.date))].sort();
      expect(report.trend.map((day) => day.date)).toEqual(dates);
      for (const point of report.trend) {
        const days = expected.filter((day) => day.date === point.date);
        const complete = days.filter((day) => day.metrics.status === 'complete');
        const sum = (
          list: ExpectedDay[],
          key: 'adherentMinutes' | 'scheduledMinutes' | 'workedMinutes',
        ) => list.reduce((total, day) => total + day.metrics[key], 0);
        expect(point).toEqual({
          date: point.date,
          adherencePct: pct(sum(complete, 'adherentMinutes'), sum(complete, 'scheduledMinutes')),
          conformancePct: pct(sum(complete, 'workedMinutes'), sum(complete, 'scheduledMinutes')),
          lateCount: days.filter((day) => day.metrics.lateMinutes > 0).length,
          overbreakCount: days.filter((day) => day.metrics.overbreakMinutes > 0).length,
          absentCount: days.filter((day) => day.metrics.status === 'absent').length,
          workedHours: Math.round((sum(days, 'workedMinutes') / 60) * 10) / 10,
        });
      }
    });

    it('maps late arrivals by weekday and hour of the first clock-in', async () => {
      const report = await analytics('admin');
      const cells = new Map<string, number>();
      for (const day of expected.filter((each) => each.metrics.lateMinutes > 0)) {
        const who = month.people.find((each) => each.id === day.userId) as MonthPerson;
        const firstIn = who.punches
          .filter((punch) => punch.shiftDate === day.date && punch.eventType === 'clock_in')
          .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())[0];
        const key = `${weekdayOf(day.date)} ${torontoHour(firstIn?.occurredAt ?? new Date(0))}`;
        cells.set(key, (cells.get(key) ?? 0) + 1);
      }
      const wanted = [...cells.entries()]
        .map(([key, count]) => {
          const [weekday, hour] = key.split(' ').map(Number) as [number, number];
          return { weekday, hour, count };
        })
        .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
      expect(report.latenessHeatmap).toEqual(wanted);
      expect(report.latenessHeatmap.length).toBeGreaterThan(0);
    });

    it('ranks the exceptions by how often they happened', async () => {
      const report = await analytics('admin');
      const of = (test: (day: ExpectedDay) => number | null) => {
        const hits = expected.map(test).filter((value): value is number => value !== null);
        return { count: hits.length, minutes: hits.reduce((sum, value) => sum + value, 0) };
      };
      const wanted = {
        late: of((day) => (day.metrics.lateMinutes > 0 ? day.metrics.lateMinutes : null)),
        early_leave: of((day) =>
          day.metrics.earlyLeaveMinutes > 0 ? day.metrics.earlyLeaveMinutes : null,
        ),
        overbreak: of((day) =>
          day.metrics.overbreakMinutes > 0 ? day.metrics.overbreakMinutes : null,
        ),
        missed_clock_out: of((day) => (day.metrics.missedClockOut ? 0 : null)),
        absent: of((day) =>
          day.metrics.status === 'absent' ? day.metrics.scheduledMinutes : null,
        ),
        unscheduled: of((day) =>
          day.metrics.status === 'unscheduled' ? day.metrics.workedMinutes : null,
        ),
      };
      expect(
        Object.fromEntries(
          report.topExceptions.map(({ type, count, minutes }) => [type, { count, minutes }]),
        ),
      ).toEqual(Object.fromEntries(Object.entries(wanted).filter(([, each]) => each.count > 0)));
      const counts = report.topExceptions.map((each) => each.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('compares the teams', async () => {
      const report = await analytics('admin');
      const wanted = [
        [`Alpha ${SEED}`, teamA],
        [`Bravo ${SEED}`, teamB],
        ['No team', null],
      ].map(([teamName, teamId]) => {
        const figures = figuresOf(daysOf(inTeam(teamId ?? null)));
        return { teamName, adherencePct: figures.adherencePct, lateCount: figures.lateDays };
      });
      expect([...report.byTeam].sort((a, b) => a.teamName.localeCompare(b.teamName))).toEqual(
        wanted.sort((a, b) => String(a.teamName).localeCompare(String(b.teamName))),
      );
    });

    it('lists the teams in the adherence report’s order, with their figures', async () => {
      const report = await analytics('admin');
      const { teams } = await adherence('admin');
      expect(report.byTeam).toEqual(
        teams.map(({ teamName, adherencePct, lateDays }) => ({
          teamName,
          adherencePct,
          lateCount: lateDays,
        })),
      );
    });

    it('gives a lead their team only', async () => {
      const report = await analytics('leadA');
      expect(report.byTeam.map((team) => team.teamName)).toEqual([`Alpha ${SEED}`]);
      const lateDays = daysOf(inTeam(teamA)).filter((day) => day.metrics.lateMinutes > 0).length;
      expect(report.trend.reduce((sum, day) => sum + day.lateCount, 0)).toBe(lateDays);
      const response = await getJson(
        app,
        cookie('leadA'),
        `/api/reports/analytics?${RANGE}&teamId=${teamB}`,
      );
      expect(response.statusCode).toBe(403);
    });
  });

  describe('validation', () => {
    const ranged = [
      '/api/reports/adherence',
      '/api/reports/worked-hours',
      '/api/reports/worked-hours/export',
      '/api/reports/analytics',
    ];

    it.each(ranged)('%s refuses a start after the end', async (path) => {
      const response = await getJson(app, cookie('admin'), `${path}?from=2026-06-10&to=2026-06-09`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'The start date must be on or before the end date',
      });
    });

    it('person-days refuses a start after the end', async () => {
      const response = await getJson(
        app,
        cookie('admin'),
        `/api/reports/person-days?userId=${person(0).id}&from=2026-06-10&to=2026-06-09`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'The start date must be on or before the end date',
      });
    });

    it.each(ranged)('%s takes at most 366 days', async (path) => {
      const tooLong = await getJson(app, cookie('admin'), `${path}?from=2025-06-01&to=2026-06-02`);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ message: 'Choose at most 366 days' });
      const longest = await getJson(app, cookie('admin'), `${path}?from=2025-06-01&to=2026-06-01`);
      expect(longest.statusCode).toBe(200);
    });

    it('refuses missing dates and a malformed team', async () => {
      expect((await getJson(app, cookie('admin'), '/api/reports/adherence')).statusCode).toBe(400);
      const badTeam = await getJson(
        app,
        cookie('admin'),
        `/api/reports/adherence?${RANGE}&teamId=x`,
      );
      expect(badTeam.statusCode).toBe(400);
      expect(badTeam.json()).toMatchObject({ message: 'Unknown team' });
      const badGrouping = await getJson(
        app,
        cookie('admin'),
        `/api/reports/worked-hours?${RANGE}&groupBy=month`,
      );
      expect(badGrouping.statusCode).toBe(400);
    });
  });

  describe('access to the team-lead reports', () => {
    const endpoints = () => [
      `/api/reports/adherence?${RANGE}`,
      `/api/reports/person-days?userId=${person(0).id}&${RANGE}`,
      `/api/reports/day?userId=${person(0).id}&date=2026-06-10`,
      `/api/reports/worked-hours?${RANGE}`,
      `/api/reports/worked-hours/export?${RANGE}&format=csv`,
      `/api/reports/analytics?${RANGE}`,
    ];

    it('answers 401 without a session', async () => {
      for (const url of endpoints()) {
        const response = await getJson(app, null, url);
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
      }
    });

    it.each(['employee', 'sme'] as const)('answers 403 to %s', async (role) => {
      for (const url of endpoints()) {
        const response = await getJson(app, cookie(role), url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({
          message: 'You do not have access to this',
          code: 'forbidden',
        });
      }
    });

    it.each(['admin', 'leadA'] as const)('answers 200 to %s', async (who) => {
      for (const url of endpoints()) {
        expect((await getJson(app, cookie(who), url)).statusCode, url).toBe(200);
      }
    });
  });
});
