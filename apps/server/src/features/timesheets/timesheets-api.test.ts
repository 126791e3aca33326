import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { timesheetSchema, type Timesheet } from '@punchclock/shared/contracts/timesheets';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { getJson, insertPunches, type PunchRow } from '../../test/time-tracking.ts';
import { seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { seedPublishedShift } from '../../test/roster-fixtures.ts';
import { timeOffTypeId } from '../../test/approvals.ts';
import { seedTeam, setTeamOf } from '../../test/users.ts';
import { recomputeDays } from '../reports/index.ts';
import type { Db } from '../../db/client.ts';
import { timeCorrections, timeOffRequests } from '../../db/schema.ts';

/*
 * Instants are UTC with the Toronto wall clock beside them: EDT = UTC−4, EST = UTC−5. Spring
 * forward: 2026-03-08 02:00 EST → 03:00 EDT. The default calendar is bi-weekly from Sunday
 * 2026-01-04 (periods start 2026-03-01, …, 2026-06-07: 2026-01-04 + 11 × 14 days), work weeks
 * start on Sunday, overtime after 44 h = 2640 min at 1.5×.
 */

/** A shift with no break: clock in, clock out. */
function shift(start: string, end: string): PunchRow[] {
  return [
    { eventType: 'clock_in', occurredAt: start },
    { eventType: 'clock_out', occurredAt: end },
  ];
}

async function seedPunches(db: Db, userId: string, punches: PunchRow[], from: string, to: string) {
  await insertPunches(db, userId, punches);
  await recomputeDays(db, 'America/Toronto', [userId], from, to);
}

async function getTimesheet(app: FastifyInstance, cookie: string, query: string) {
  const response = await getJson(app, cookie, `/api/timesheets?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return timesheetSchema.parse(response.json()) as Timesheet;
}

/** The organisation default rule set the migration seeds (decision 0016). */
const ONTARIO_DEFAULT = { id: '00000000-0000-4000-8000-000000000044', name: 'Ontario (ESA)' };

const dayOf = (sheet: Timesheet, date: string) => sheet.days.find((day) => day.date === date);
const kindsOf = (sheet: Timesheet, kind: string) =>
  sheet.findings.filter((finding) => finding.kind === kind);

describeEachDatabase('GET /api/timesheets', (getDatabase) => {
  let app: FastifyInstance;
  let weeklyApp: FastifyInstance;
  let admin: TestUser;
  let lead: TestUser;
  let otherLead: TestUser;
  let worker: TestUser;
  let nightWorker: TestUser;
  let outsider: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const { db, database } = getDatabase();
    app = await buildTestApp(database);
    // A weekly pay calendar from a Wednesday: every period boundary falls mid work week.
    weeklyApp = await buildTestApp(database, {
      pay: {
        calendar: { kind: 'weekly', anchorDate: '2026-06-10' },
        workWeekStart: 0,
        overtimeWeeklyMinutes: 44 * 60,
      },
    });
    admin = await createTestUser(db, { role: 'admin' });
    lead = await createTestUser(db, { role: 'team_lead' });
    otherLead = await createTestUser(db, { role: 'team_lead' });
    worker = await createTestUser(db, { role: 'employee', name: 'Wanda Worker' });
    nightWorker = await createTestUser(db, { role: 'employee' });
    outsider = await createTestUser(db, { role: 'employee' });
    const team = await seedTeam(db, { leadUserId: lead.id });
    await seedTeam(db, { leadUserId: otherLead.id });
    await setTeamOf(db, [worker.id, nightWorker.id], team.id);
    for (const user of [admin, lead, otherLead, worker, nightWorker, outsider]) {
      cookies[user.id] = await signInAs(app, user.email, user.password);
    }

    // Mon 2026-06-08 … Fri 06-12, 08:00–18:00 EDT (12:00Z–22:00Z): 5 × 600 min.
    const week = ['08', '09', '10', '11', '12'].flatMap((day) =>
      shift(`2026-06-${day}T12:00:00Z`, `2026-06-${day}T22:00:00Z`),
    );
    await seedPunches(db, worker.id, week, '2026-06-07', '2026-06-20');

    // Nights 22:00–06:00 starting Mon 03-02 … Fri 03-06 (EST: 03:00Z–11:00Z, 480 min each),
    // and Sat 03-07 22:00 EST (03-08 03:00Z) → Sun 03-08 06:00 EDT (10:00Z): 420 real minutes,
    // though the clock says 8 h. The whole night is filed on Saturday, the day it started.
    const nights = ['02', '03', '04', '05', '06', '07'].flatMap((day) => {
      const next = String(Number(day) + 1).padStart(2, '0');
      const endHour = day === '07' ? '10' : '11';
      return shift(`2026-03-${next}T03:00:00Z`, `2026-03-${next}T${endHour}:00:00Z`);
    });
    await seedPunches(db, nightWorker.id, nights, '2026-03-01', '2026-03-14');
  });

  afterAll(async () => {
    await app.close();
    await weeklyApp.close();
  });

  it('puts 6 of 50 hours in a week at 1.5× by the weekly rule alone', async () => {
    const sheet = await getTimesheet(app, cookies[worker.id]!, 'date=2026-06-10');
    expect(sheet.period).toEqual({ start: '2026-06-07', end: '2026-06-20' });
    expect(sheet.person).toEqual({ id: worker.id, name: 'Wanda Worker' });
    expect(sheet.days).toHaveLength(14);
    // 3000 min worked, threshold 2640: 360 min over, taken from the last day worked (Friday):
    // Friday 600 = 240 regular + 360 at 1.5×; Monday–Thursday 600 regular each.
    expect(dayOf(sheet, '2026-06-08')).toMatchObject({
      workedMinutes: 600,
      regularMinutes: 600,
      overtime: {},
      holiday: null,
      isCorrected: false,
    });
    expect(dayOf(sheet, '2026-06-12')).toMatchObject({
      workedMinutes: 600,
      regularMinutes: 240,
      overtime: { 'OT1.5': 360 },
    });
    expect(dayOf(sheet, '2026-06-13')).toMatchObject({ workedMinutes: 0, regularMinutes: 0 });
    expect(sheet.totals).toMatchObject({
      workedMinutes: 3000,
      regularMinutes: 2640,
      overtime: { 'OT1.5': 360 },
    });
    expect(sheet.weeks).toEqual([
      {
        start: '2026-06-07',
        end: '2026-06-13',
        workedMinutes: 3000,
        regularMinutes: 2640,
        overtime: { 'OT1.5': 360 },
        thresholdMinutes: 2640,
        toilEarnedMinutes: 0,
        ruleSet: ONTARIO_DEFAULT,
      },
      {
        start: '2026-06-14',
        end: '2026-06-20',
        workedMinutes: 0,
        regularMinutes: 0,
        overtime: {},
        thresholdMinutes: 2640,
        toilEarnedMinutes: 0,
        ruleSet: ONTARIO_DEFAULT,
      },
    ]);
    // Ten hours straight each day, no eating period: five findings, 5 h reached at 13:00 EDT.
    const eating = kindsOf(sheet, 'missing-eating-period');
    expect(eating).toHaveLength(5);
    expect(eating[0]).toEqual({
      kind: 'missing-eating-period',
      start: '2026-06-08T12:00:00.000Z',
      end: '2026-06-08T22:00:00.000Z',
      workedMinutes: 600,
      fiveHoursReachedAt: '2026-06-08T17:00:00.000Z',
    });
    // 50 h > 48 h in the week with no excess-hours agreement on file.
    expect(kindsOf(sheet, 'excess-weekly-hours')).toEqual([
      {
        kind: 'excess-weekly-hours',
        weekStartDate: '2026-06-07',
        weekStart: '2026-06-07T04:00:00.000Z',
        weekEnd: '2026-06-14T04:00:00.000Z',
        workedMinutes: 3000,
      },
    ]);
    // 14 h off between 18:00 and 08:00: no short rest between shifts, and each day (from its
    // first work, without a schedule) has 14 h off in a row.
    expect(kindsOf(sheet, 'short-rest-between-shifts')).toEqual([]);
    expect(kindsOf(sheet, 'short-daily-rest')).toEqual([]);
  });

  it('counts the spring-forward night in real hours, on the day it started', async () => {
    const sheet = await getTimesheet(app, cookies[nightWorker.id]!, 'date=2026-03-08');
    expect(sheet.period).toEqual({ start: '2026-03-01', end: '2026-03-14' });
    // Week 03-01…03-07: 5 × 480 + 420 = 2820 min (47 h; the clock would say 48 h). Over 2640
    // by 180: Saturday 420 = 240 regular + 180 at 1.5×. Sunday 03-08 holds nothing: the night
    // that ended on it is filed on Saturday.
    expect(dayOf(sheet, '2026-03-07')).toMatchObject({
      workedMinutes: 420,
      regularMinutes: 240,
      overtime: { 'OT1.5': 180 },
    });
    expect(dayOf(sheet, '2026-03-06')).toMatchObject({ workedMinutes: 480, regularMinutes: 480 });
    expect(dayOf(sheet, '2026-03-08')).toMatchObject({ workedMinutes: 0, overtime: {} });
    expect(sheet.totals).toMatchObject({
      workedMinutes: 2820,
      regularMinutes: 2640,
      overtime: { 'OT1.5': 180 },
    });
    expect(sheet.weeks.map((week) => [week.start, week.workedMinutes])).toEqual([
      ['2026-03-01', 2820],
      ['2026-03-08', 0],
    ]);
    // Six nights of 7–8 h straight: one missing eating period each, the DST one 420 min long.
    const eating = kindsOf(sheet, 'missing-eating-period');
    expect(
      eating.map((finding) => finding.kind === 'missing-eating-period' && finding.workedMinutes),
    ).toEqual([480, 480, 480, 480, 480, 420]);
    // 47 h ≤ 48 h: no excess hours; 16 h off between nights: no short rest between shifts.
    expect(kindsOf(sheet, 'excess-weekly-hours')).toEqual([]);
    expect(kindsOf(sheet, 'short-rest-between-shifts')).toEqual([]);
  });

  it('holds a work week cut by the period boundary against the weekly threshold as a whole', async () => {
    // Weekly periods from Wednesday 06-10: the period 06-10…06-16 holds Wed–Fri of the week
    // 06-07…06-13. Over the period's days alone it would be 1800 min and no overtime; over the
    // whole week it is 3000, and Friday's 360 overtime minutes are in this period.
    const sheet = await getTimesheet(weeklyApp, cookies[worker.id]!, 'date=2026-06-12');
    expect(sheet.period).toEqual({ start: '2026-06-10', end: '2026-06-16' });
    expect(sheet.days.map((day) => day.date)).toEqual([
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
      '2026-06-13',
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
    ]);
    expect(sheet.totals).toMatchObject({
      workedMinutes: 1800,
      regularMinutes: 1440,
      overtime: { 'OT1.5': 360 },
    });
    expect(sheet.weeks.map((week) => [week.start, week.workedMinutes, week.overtime])).toEqual([
      ['2026-06-07', 3000, { 'OT1.5': 360 }],
      ['2026-06-14', 0, {}],
    ]);
    // The period before (06-03…06-09) has Mon and Tue of the same week: regular, the week's
    // overtime lands on Friday, which is not in it.
    const before = await getTimesheet(weeklyApp, cookies[worker.id]!, 'date=2026-06-09');
    expect(before.period).toEqual({ start: '2026-06-03', end: '2026-06-09' });
    expect(before.totals).toMatchObject({
      workedMinutes: 1200,
      regularMinutes: 1200,
      overtime: {},
    });
  });

  it('applies approved corrections to the day and to the labour checks', async () => {
    const { db } = getDatabase();
    const corrected = await createTestUser(db, { role: 'employee' });
    const cookie = await signInAs(app, corrected.email, corrected.password);
    // Raw: Mon 2026-06-15 08:00–16:00 EDT (12:00Z–20:00Z) straight, 480 min, no eating period.
    await insertPunches(db, corrected.id, shift('2026-06-15T12:00:00Z', '2026-06-15T20:00:00Z'));
    // Approved: a lunch added at 12:00 EDT (16:00Z) and back to work at 12:30 (16:30Z).
    // A pending one (a lunch at 09:00) must change nothing.
    const correction = {
      userId: corrected.id,
      date: '2026-06-15',
      kind: 'add' as const,
      reason: 'Forgot to punch lunch',
      requestedBy: corrected.id,
    };
    await db.insert(timeCorrections).values([
      {
        ...correction,
        eventType: 'lunch',
        occurredAt: new Date('2026-06-15T16:00:00Z'),
        status: 'approved',
      },
      {
        ...correction,
        eventType: 'clock_in',
        occurredAt: new Date('2026-06-15T16:30:00Z'),
        status: 'approved',
      },
      { ...correction, eventType: 'lunch', occurredAt: new Date('2026-06-15T13:00:00Z') },
    ]);
    await recomputeDays(db, 'America/Toronto', [corrected.id], '2026-06-14', '2026-06-20');

    const sheet = await getTimesheet(app, cookie, 'date=2026-06-15');
    // Worked 08:00–12:00 (240) + 12:30–16:00 (210) = 450; lunch 30 (unpaid, not worked).
    expect(dayOf(sheet, '2026-06-15')).toMatchObject({
      workedMinutes: 450,
      regularMinutes: 450,
      lunchMinutes: 30,
      isCorrected: true,
    });
    // Runs of 4 h and 3 h 30 split by a 30-minute eating period: nothing to flag (the raw
    // punches alone would give one 8-hour run without an eating period).
    expect(kindsOf(sheet, 'missing-eating-period')).toEqual([]);
  });

  it('checks 11 hours off in each day from the scheduled shift start, not from midnight', async () => {
    const { db } = getDatabase();
    const doubled = await createTestUser(db, { role: 'employee' });
    const template = await seedTemplate(db, {
      workStart: '09:00',
      workEnd: '17:00',
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 0,
      workingDays: [1, 2, 3, 4, 5],
    });
    await seedAssignment(db, {
      userId: doubled.id,
      templateId: template.id,
      dateRangeStart: '2026-09-01',
      dateRangeEnd: '2026-09-30',
    });
    // Mon–Wed 2026-09-14…16, 09:00–13:00 and 13:30–17:00 EDT (13:00Z–17:00Z, 17:30Z–21:00Z);
    // on Monday a second shift 21:00–03:00 (01:00Z–07:00Z): Monday's day (09:00 → 09:00) has
    // 4 h and 6 h off, never 11. Midnight days would flag every day of the three.
    const day = (date: string) => [
      ...shift(`${date}T13:00:00Z`, `${date}T17:00:00Z`),
      ...shift(`${date}T17:30:00Z`, `${date}T21:00:00Z`),
    ];
    await seedPunches(
      db,
      doubled.id,
      [
        ...day('2026-09-14'),
        ...shift('2026-09-15T01:00:00Z', '2026-09-15T07:00:00Z'),
        ...day('2026-09-15'),
        ...day('2026-09-16'),
      ],
      '2026-09-13',
      '2026-09-19',
    );
    const sheet = await getTimesheet(
      app,
      cookies[admin.id]!,
      `userId=${doubled.id}&date=2026-09-14`,
    );
    expect(kindsOf(sheet, 'short-daily-rest')).toEqual([
      {
        kind: 'short-daily-rest',
        businessDate: '2026-09-14',
        windowStart: '2026-09-14T13:00:00.000Z',
        windowEnd: '2026-09-15T13:00:00.000Z',
        longestOffMinutes: 360,
      },
    ]);
  });

  // #30: a published roster shift takes the place of the template's shift that day.
  it('reads a day’s published shift, not the template: leave minutes and the employer’s day', async () => {
    const { db } = getDatabase();
    const rostered = await createTestUser(db, { role: 'employee' });
    const template = await seedTemplate(db, {
      workStart: '09:00',
      workEnd: '17:00',
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 0,
      workingDays: [1, 2, 3, 4, 5],
    });
    await seedAssignment(db, {
      userId: rostered.id,
      templateId: template.id,
      dateRangeStart: '2026-10-01',
      dateRangeEnd: '2026-10-31',
    });
    // Tue 10-13: 05:00–13:00 EDT (09:00Z–17:00Z), then 21:00–03:00 EDT (01:00Z–07:00Z).
    await seedPublishedShift(db, {
      userId: rostered.id,
      date: '2026-10-13',
      startTime: '05:00',
      endTime: '13:00',
      breakDurationMins: 0,
    });
    // Thu 10-15 on paid leave, where the published shift is 10 hours (the template's is 8).
    await seedPublishedShift(db, {
      userId: rostered.id,
      date: '2026-10-15',
      startTime: '08:00',
      endTime: '18:00',
      position: 'Inventory',
    });
    await db.insert(timeOffRequests).values({
      userId: rostered.id,
      typeId: await timeOffTypeId(db, 'Vacation'),
      startDate: '2026-10-15',
      endDate: '2026-10-15',
      daysX100: 100,
      status: 'approved',
    });
    await seedPunches(
      db,
      rostered.id,
      [
        ...shift('2026-10-13T09:00:00Z', '2026-10-13T17:00:00Z'),
        ...shift('2026-10-14T01:00:00Z', '2026-10-14T07:00:00Z'),
      ],
      '2026-10-11',
      '2026-10-17',
    );
    const sheet = await getTimesheet(
      app,
      cookies[admin.id]!,
      `userId=${rostered.id}&date=2026-10-13`,
    );
    expect(dayOf(sheet, '2026-10-15')).toMatchObject({ paidLeaveMinutes: 600 });
    expect(dayOf(sheet, '2026-10-16')).toMatchObject({ paidLeaveMinutes: 0 });
    // The "day" of the 11 hours off runs from the published shift's 05:00, not the template's
    // 09:00 (13:00Z): 17:00Z–01:00Z is the longest time off in it.
    expect(kindsOf(sheet, 'short-daily-rest')).toEqual([
      {
        kind: 'short-daily-rest',
        businessDate: '2026-10-13',
        windowStart: '2026-10-13T09:00:00.000Z',
        windowEnd: '2026-10-14T09:00:00.000Z',
        longestOffMinutes: 480,
      },
    ]);
  });

  it('names the public holiday of a day', async () => {
    // Canada Day, Wednesday 2026-07-01, falls in the period 06-21…07-04.
    const sheet = await getTimesheet(app, cookies[worker.id]!, 'date=2026-07-01');
    expect(sheet.period).toEqual({ start: '2026-06-21', end: '2026-07-04' });
    expect(dayOf(sheet, '2026-07-01')?.holiday).toBe('Canada Day');
    expect(dayOf(sheet, '2026-06-30')?.holiday).toBeNull();
  });

  it('lets people read their own, team leads their teams’ people, admins anyone', async () => {
    const mine = await getTimesheet(app, cookies[outsider.id]!, 'date=2026-06-10');
    expect(mine.person.id).toBe(outsider.id);
    expect(mine.totals.workedMinutes).toBe(0);
    const own = `userId=${worker.id}&date=2026-06-10`;
    expect((await getTimesheet(app, cookies[worker.id]!, own)).totals.workedMinutes).toBe(3000);
    expect((await getTimesheet(app, cookies[lead.id]!, own)).totals.workedMinutes).toBe(3000);
    expect((await getTimesheet(app, cookies[admin.id]!, own)).totals.workedMinutes).toBe(3000);

    for (const caller of [otherLead, outsider, nightWorker]) {
      const response = await getJson(app, cookies[caller.id]!, `/api/timesheets?${own}`);
      expect(response.statusCode, caller.email).toBe(403);
    }
    const leadOfOutsider = await getJson(
      app,
      cookies[lead.id]!,
      `/api/timesheets?userId=${outsider.id}`,
    );
    expect(leadOfOutsider.statusCode).toBe(403);
    const unknown = await getJson(
      app,
      cookies[admin.id]!,
      '/api/timesheets?userId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect((await getJson(app, null, '/api/timesheets')).statusCode).toBe(401);
  });

  it('refuses bad input with a message', async () => {
    const cookie = cookies[admin.id]!;
    const lateDate = await getJson(app, cookie, '/api/timesheets?date=9999-12-31');
    expect(lateDate.statusCode).toBe(400);
    expect(lateDate.json()).toMatchObject({ message: 'Use a date before the year 9999' });
    const badDate = await getJson(app, cookie, '/api/timesheets?date=2026-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ message: 'Use a yyyy-MM-dd date' });
    const badUser = await getJson(app, cookie, '/api/timesheets?userId=not-a-uuid');
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json()).toMatchObject({ message: 'Unknown person' });
  });
});
