import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { timesheetSchema, type Timesheet } from '@punchclock/shared/contracts/timesheets';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertPunches, type PunchRow } from '../../test/time-tracking.ts';
import { expectApi, parseCsv } from '../../test/users.ts';
import { recomputeDays } from '../reports/index.ts';

/*
 * Public holiday pay (ESA s. 24): (regular wages + vacation pay in the 4 work weeks BEFORE the
 * holiday's work week) ÷ 20, whatever pay period those weeks fall in (issue #28, item 1).
 *
 * The default calendar is bi-weekly from Sunday 2026-01-04, so 2026-10-11 + 14 k: the period
 * 2026-10-11 … 10-24 holds Thanksgiving (Mon 10-12, in its FIRST week) and the previous periods
 * are 09-27 … 10-10 and 09-13 … 09-26. Work weeks start on Sunday. EDT = UTC−4, EST = UTC−5;
 * fall back on Sun 2026-11-01 02:00 EDT → 01:00 EST.
 *
 * Rhea ($20.00/h): 08:00–16:00 EDT (12:00Z–20:00Z, 480 min) Mon–Wed of the weeks starting 09-13,
 * 09-20, 09-27 and 10-04 (3 × 480 = 1440 min a week), and Tue 10-13 (480 min).
 *   Thanksgiving 10-12, week 10-11: the 4 weeks before are 09-13 … 10-10 = 4 × 1440 = 5760 min
 *   → 5760 ÷ 20 = 288 min; wages 5760 min × $20/h = $1,920.00 ÷ 20 = $96.00.
 *   Added holiday Wed 10-21, week 10-18: the 4 weeks are 09-20 … 10-17 = 3 × 1440 + 480 = 4800
 *   min (Thanksgiving's own 288 min of holiday pay are not regular wages and do not count)
 *   → 4800 ÷ 20 = 240 min; $1,600.00 ÷ 20 = $80.00.
 *
 * Otto ($30.00/h until 11-07, $33.00/h from 11-08): an added holiday Wed 11-25 (period 11-22 …
 * 12-05, week 11-22); its 4 weeks are 10-25 … 11-21, reaching two periods back:
 *   week 10-25: Mon–Fri 10-26 … 10-30 08:00–18:00 EDT (5 × 600 = 3000 min: 2640 regular + 360 at
 *     1.5× over the 44 h threshold; only the 2640 regular count), and the night of Sat 10-31
 *     22:00 EDT (11-01 02:00Z) → Sun 11-01 06:00 EST (11:00Z), 9 real hours over fall back =
 *     540 min, filed on Saturday 10-31, over the threshold too: all 540 at 1.5×.
 *   week 11-01: nothing;  week 11-08: Mon 11-09 08:00–16:00 EST (13:00Z–21:00Z) 480 min;
 *   week 11-15: Mon 11-16 480 min.
 *   Regular: 2640 + 0 + 480 + 480 = 3600 min → 3600 ÷ 20 = 180 min. Wages: 2640 min at $30 =
 *   $1,320.00, 960 min at $33 = $528.00: $1,848.00 ÷ 20 = $92.40.
 *
 * Monday weeks (WORK_WEEK_START=1): Rhea's Thanksgiving week is 10-12 … 10-18 and its 4 weeks
 * are 09-14 … 10-11, the same 12 days worked: 288 min again; the 10-21 holiday's week is
 * 10-19 … 10-25, its 4 weeks 09-21 … 10-18 hold the same 10 days: 4800 min → 240 min.
 * Mona works only Sun 10-11 12:00Z–20:00Z (480 min): under Sunday weeks that day is in
 * Thanksgiving's own week (0 min), under Monday weeks in the week before it (480 ÷ 20 = 24 min);
 * under Sunday weeks it is one of the 10-21 holiday's 4 weeks (24 min, no rate: no amount).
 */
const RHEA_DAYS = [
  ['09', '14'],
  ['09', '15'],
  ['09', '16'],
  ['09', '21'],
  ['09', '22'],
  ['09', '23'],
  ['09', '28'],
  ['09', '29'],
  ['09', '30'],
  ['10', '05'],
  ['10', '06'],
  ['10', '07'],
  ['10', '13'],
] as const;

function shift(start: string, end: string): PunchRow[] {
  return [
    { eventType: 'clock_in', occurredAt: start },
    { eventType: 'clock_out', occurredAt: end },
  ];
}

describeEachDatabase('public holiday pay over the 4 weeks before', (getDatabase) => {
  let app: FastifyInstance;
  let mondayApp: FastifyInstance;
  let admin: TestUser;
  let rhea: TestUser;
  let otto: TestUser;
  let mona: TestUser;
  let cookie = '';
  let mondayCookie = '';

  async function timesheet(target: FastifyInstance, session: string, userId: string, date: string) {
    const url = `/api/timesheets?userId=${userId}&date=${date}`;
    return timesheetSchema.parse(await expectApi(target, session, 'GET', url, 200)) as Timesheet;
  }
  const dayOf = (sheet: Timesheet, date: string) => sheet.days.find((day) => day.date === date);
  const holLine = (sheet: Timesheet) => sheet.payLines.filter((line) => line.code === 'HOL');

  beforeAll(async () => {
    const { db, database } = getDatabase();
    app = await buildTestApp(database);
    mondayApp = await buildTestApp(database, {
      pay: {
        calendar: { kind: 'biweekly', anchorDate: '2026-01-04' },
        workWeekStart: 1,
        overtimeWeeklyMinutes: 44 * 60,
      },
    });
    admin = await createTestUser(db, { role: 'admin' });
    rhea = await createTestUser(db, { name: 'Rhea Regular' });
    otto = await createTestUser(db, { name: 'Otto Overtime' });
    mona = await createTestUser(db, { name: 'Mona Sunday' });
    cookie = await signInAs(app, admin.email, admin.password);
    mondayCookie = await signInAs(mondayApp, admin.email, admin.password);

    await insertPunches(
      db,
      rhea.id,
      RHEA_DAYS.flatMap(([month, day]) =>
        shift(`2026-${month}-${day}T12:00:00Z`, `2026-${month}-${day}T20:00:00Z`),
      ),
    );
    await insertPunches(db, otto.id, [
      ...['26', '27', '28', '29', '30'].flatMap((day) =>
        shift(`2026-10-${day}T12:00:00Z`, `2026-10-${day}T22:00:00Z`),
      ),
      ...shift('2026-11-01T02:00:00Z', '2026-11-01T11:00:00Z'),
      ...shift('2026-11-09T13:00:00Z', '2026-11-09T21:00:00Z'),
      ...shift('2026-11-16T13:00:00Z', '2026-11-16T21:00:00Z'),
    ]);
    await insertPunches(db, mona.id, shift('2026-10-11T12:00:00Z', '2026-10-11T20:00:00Z'));
    await recomputeDays(
      db,
      'America/Toronto',
      [rhea.id, otto.id, mona.id],
      '2026-09-01',
      '2026-12-05',
    );

    const rate = (userId: string, effectiveFrom: string, hourlyCents: number) =>
      expectApi(app, cookie, 'POST', '/api/payroll/rates', 201, {
        userId,
        effectiveFrom,
        hourlyCents,
      });
    await rate(rhea.id, '2026-01-01', 2000);
    await rate(otto.id, '2026-01-01', 3000);
    await rate(otto.id, '2026-11-08', 3300);
    for (const [date, name] of [
      ['2026-10-21', 'Founders Day'],
      ['2026-11-25', 'Plant Day'],
    ]) {
      await expectApi(app, cookie, 'POST', '/api/payroll/holidays', 201, { date, name });
    }
  });

  afterAll(async () => {
    await app.close();
    await mondayApp.close();
  });

  it('pays Thanksgiving in a period’s first week from the 4 weeks of the periods before', async () => {
    const sheet = await timesheet(app, cookie, rhea.id, '2026-10-11');
    expect(sheet.period).toEqual({ start: '2026-10-11', end: '2026-10-24' });
    expect(dayOf(sheet, '2026-10-12')).toMatchObject({
      holiday: 'Thanksgiving',
      holidayPayMinutes: 5760 / 20,
    });
    // The second-week holiday: 3 earlier weeks plus Tue 10-13, not Thanksgiving's holiday pay.
    expect(dayOf(sheet, '2026-10-21')).toMatchObject({
      holiday: 'Founders Day',
      holidayPayMinutes: (3 * 1440 + 480) / 20,
    });
    expect(holLine(sheet)).toEqual([
      {
        code: 'HOL',
        minutes: 288 + 240,
        rateCents: 2000,
        multiplier: 1,
        paidRateCents: 2000,
        amountCents: (5760 * 2000) / 60 / 20 + (4800 * 2000) / 60 / 20,
      },
    ]);
  });

  it('counts only regular minutes under the rates of their days, across fall back', async () => {
    const sheet = await timesheet(app, cookie, otto.id, '2026-11-25');
    expect(sheet.period).toEqual({ start: '2026-11-22', end: '2026-12-05' });
    expect(dayOf(sheet, '2026-11-25')).toMatchObject({
      holiday: 'Plant Day',
      holidayPayMinutes: (2640 + 480 + 480) / 20,
    });
    const wagesCents = (2640 * 3000) / 60 + (960 * 3300) / 60;
    expect(holLine(sheet)).toEqual([
      {
        code: 'HOL',
        minutes: 180,
        rateCents: 3300,
        multiplier: 1,
        paidRateCents: 3300,
        amountCents: wagesCents / 20,
      },
    ]);
    // The lookback week's own timesheet agrees: 2640 regular, 360 + 540 at 1.5×.
    const earlier = await timesheet(app, cookie, otto.id, '2026-10-25');
    expect(earlier.weeks.find((week) => week.start === '2026-10-25')).toMatchObject({
      workedMinutes: 3540,
      regularMinutes: 2640,
      overtime: { 'OT1.5': 900 },
    });
  });

  it('exports the same HOL rows as the timesheet (one computation)', async () => {
    await expectApi(app, cookie, 'POST', '/api/approvals/locks', 201, {
      fromDate: '2026-10-11',
      toDate: '2026-10-24',
    });
    const csv = await callApi(app, cookie, 'GET', '/api/payroll/export?date=2026-10-11&format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const hol = parseCsv(csv.body).filter((record) => record[2] === 'HOL');
    expect(hol).toEqual([
      ['', 'Mona Sunday', 'HOL', '0.40', '24', '', ''],
      ['', 'Rhea Regular', 'HOL', '8.80', '528', '20.00', '176.00'],
    ]);
  });

  it('picks the 4 weeks by WORK_WEEK_START', async () => {
    const rheaSheet = await timesheet(mondayApp, mondayCookie, rhea.id, '2026-10-12');
    expect(dayOf(rheaSheet, '2026-10-12')?.holidayPayMinutes).toBe(288);
    expect(dayOf(rheaSheet, '2026-10-21')?.holidayPayMinutes).toBe(240);
    const monday = await timesheet(mondayApp, mondayCookie, mona.id, '2026-10-12');
    expect(dayOf(monday, '2026-10-12')?.holidayPayMinutes).toBe(480 / 20);
    const sunday = await timesheet(app, cookie, mona.id, '2026-10-12');
    expect(dayOf(sunday, '2026-10-12')?.holidayPayMinutes).toBe(0);
  });
});
