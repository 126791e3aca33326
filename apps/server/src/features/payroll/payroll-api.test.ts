import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  payrollPreviewSchema,
  publicHolidayListSchema,
  type PayrollPreview,
  type PublicHolidayList,
} from '@punchclock/shared/contracts/payroll';
import { timesheetSchema, type Timesheet } from '@punchclock/shared/contracts/timesheets';
import type { Db } from '../../db/client.ts';
import { timeOffRequests, timeOffTypes } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertPunches, type PunchRow } from '../../test/time-tracking.ts';
import { auditRowsFor, expectApi, parseCsv, seedTeam, setTeamOf } from '../../test/users.ts';
import { recomputeDays } from '../reports/index.ts';

/*
 * The default calendar is bi-weekly from Sunday 2026-01-04: the period 2026-06-21 … 07-04 holds
 * Canada Day (Wed 07-01). Work weeks start on Sunday; overtime after 44 h at 1.5×. EDT = UTC−4.
 *
 * Wanda: Mon 06-22 … Fri 06-26 08:00–18:00 (5 × 600 = 3000 min: 2640 REG + 360 OT1.5 on Friday);
 * Mon 06-29 and Tue 06-30 600 each, Canada Day 08:00–12:00 (240, worked on a holiday), Thu 07-02
 * Vacation (a standard 480-min day), Fri 07-03 Sick 09:00–13:00 (240).
 * Holiday pay: the 4 weeks before the week of 07-01 (05-31 … 06-27) hold 2640 regular minutes:
 * (2640 + 0) ÷ 20 = 132 min. At $20.00/h: 2640 min = $880.00 of wages ÷ 20 = $44.00.
 * Noah: Tue 06-23 09:00–17:00 (480), no rate: holiday pay 480 ÷ 20 = 24 min.
 */
const PERIOD = { start: '2026-06-21', end: '2026-07-04' };
const RATE = 2000;

function shift(start: string, end: string): PunchRow[] {
  return [
    { eventType: 'clock_in', occurredAt: start },
    { eventType: 'clock_out', occurredAt: end },
  ];
}

async function typeId(db: Db, name: string): Promise<string> {
  const [row] = await db.select().from(timeOffTypes).where(eq(timeOffTypes.name, name));
  if (!row) throw new Error(`no type ${name}`);
  return row.id;
}

const minutesOf = (rows: PayrollPreview['rows'], userId: string) =>
  Object.fromEntries(
    rows.filter((row) => row.userId === userId).map((row) => [row.payCode, row.minutes]),
  );

describeEachDatabase('payroll: holidays, rates, export', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: TestUser;
  let lead: TestUser;
  let wanda: TestUser;
  let noah: TestUser;
  const cookie: Record<string, string> = {};

  async function timesheetOf(who: string, userId: string): Promise<Timesheet> {
    const url = `/api/timesheets?userId=${userId}&date=${PERIOD.start}`;
    return timesheetSchema.parse(await expectApi(app, cookie[who]!, 'GET', url, 200));
  }
  async function preview(query = ''): Promise<PayrollPreview> {
    const url = `/api/payroll/preview?date=${PERIOD.start}${query}`;
    return payrollPreviewSchema.parse(await expectApi(app, cookie.admin!, 'GET', url, 200));
  }
  async function holidays(year: number): Promise<PublicHolidayList> {
    const url = `/api/payroll/holidays?year=${year}`;
    return publicHolidayListSchema.parse(await expectApi(app, cookie.admin!, 'GET', url, 200));
  }

  beforeAll(async () => {
    ({ db } = getDatabase());
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db, { role: 'admin' });
    lead = await createTestUser(db, { role: 'team_lead' });
    wanda = await createTestUser(db, { name: 'Wanda Worker' });
    noah = await createTestUser(db, { name: 'Noah Norate' });
    const team = await seedTeam(db, { leadUserId: lead.id });
    await setTeamOf(db, [wanda.id, noah.id], team.id);
    for (const [key, user] of Object.entries({ admin, lead, wanda, noah })) {
      cookie[key] = await signInAs(app, user.email, user.password);
    }
    const days = ['22', '23', '24', '25', '26', '29', '30'].flatMap((day) =>
      shift(`2026-06-${day}T12:00:00Z`, `2026-06-${day}T22:00:00Z`),
    );
    await insertPunches(db, wanda.id, [
      ...days,
      ...shift('2026-07-01T12:00:00Z', '2026-07-01T16:00:00Z'),
    ]);
    await insertPunches(db, noah.id, shift('2026-06-23T13:00:00Z', '2026-06-23T21:00:00Z'));
    await db.insert(timeOffRequests).values([
      {
        userId: wanda.id,
        typeId: await typeId(db, 'Vacation'),
        startDate: '2026-07-02',
        endDate: '2026-07-02',
        daysX100: 100,
        status: 'approved',
      },
      {
        userId: wanda.id,
        typeId: await typeId(db, 'Sick'),
        startDate: '2026-07-03',
        endDate: '2026-07-03',
        startTime: '09:00',
        endTime: '13:00',
        daysX100: 50,
        status: 'approved',
      },
    ]);
    await recomputeDays(db, 'America/Toronto', [wanda.id, noah.id], '2026-05-17', '2026-07-04');
  });

  afterAll(async () => {
    await app.close();
  });

  it('puts the timesheet days under pay codes: leave, holiday pay and holiday work', async () => {
    const sheet = await timesheetOf('admin', wanda.id);
    const day = (date: string) => sheet.days.find((d) => d.date === date);
    expect(day('2026-07-01')).toMatchObject({
      holiday: 'Canada Day',
      workedMinutes: 240,
      workedOnHoliday: true,
      holidayPayMinutes: 132,
    });
    expect(day('2026-07-02')?.leaveByPayCode).toEqual({ VAC: 480 });
    expect(day('2026-07-03')?.leaveByPayCode).toEqual({ SICK: 240 });
    expect(day('2026-06-30')).toMatchObject({ workedOnHoliday: false, holidayPayMinutes: 0 });
    expect(sheet.payLines).toEqual(
      [
        { code: 'REG', minutes: 4080, multiplier: 1 },
        { code: 'OT1.5', minutes: 360, multiplier: 1.5 },
        { code: 'HOL', minutes: 132, multiplier: 1 },
        { code: 'VAC', minutes: 480, multiplier: 1 },
        { code: 'SICK', minutes: 240, multiplier: 1 },
      ].map((line) => ({ ...line, rateCents: null, paidRateCents: null, amountCents: null })),
    );
  });

  it("sets a leave type's pay code through the time-off types API, refusing unknown codes", async () => {
    const personal = await typeId(db, 'Personal');
    const body = { name: 'Personal', isPaid: true, isUnlimited: false };
    const url = `/api/time-off/types/${personal}`;
    const bad = await expectApi<{ message: string }>(app, cookie.admin!, 'PUT', url, 400, {
      ...body,
      payCode: 'OT2',
    });
    expect(bad.message).toBe('Choose a pay code: VAC, SICK, UNPAID or TOIL-TAKEN');
    await expectApi(app, cookie.admin!, 'PUT', url, 200, { ...body, payCode: 'SICK' });
    const { types } = await expectApi<{ types: { id: string; payCode: string | null }[] }>(
      app,
      cookie.admin!,
      'GET',
      '/api/time-off/types',
      200,
    );
    expect(types.find((type) => type.id === personal)?.payCode).toBe('SICK');
    expect(types.find((type) => type.payCode === 'VAC')).toBeDefined();
    // Left out, the code stays as it is.
    await expectApi(app, cookie.admin!, 'PUT', url, 200, body);
    const [row] = await db.select().from(timeOffTypes).where(eq(timeOffTypes.id, personal));
    expect(row?.payCode).toBe('SICK');

    // Setting Vacation's code from the Payroll screen (which sends no statutory flag) keeps
    // Vacation's ESA floor.
    const vacation = await typeId(db, 'Vacation');
    await expectApi(app, cookie.admin!, 'PUT', `/api/time-off/types/${vacation}`, 200, {
      name: 'Vacation',
      isPaid: true,
      isUnlimited: false,
      isArchived: false,
      payCode: 'VAC',
    });
    const [kept] = await db.select().from(timeOffTypes).where(eq(timeOffTypes.id, vacation));
    expect(kept?.isStatutoryVacation).toBe(true);
  });

  it('lists, adds, removes and restores public holidays with clear refusals, audited', async () => {
    const before = await holidays(2027);
    expect(before.holidays).toHaveLength(9);
    expect(before.holidays.find((h) => h.date === '2027-07-01')).toMatchObject({
      name: 'Canada Day',
      source: 'ontario',
      isRemoved: false,
    });

    const post = (body: unknown, status: number) =>
      expectApi<{ message: string }>(
        app,
        cookie.admin!,
        'POST',
        '/api/payroll/holidays',
        status,
        body,
      );
    expect((await post({ date: '2027-02-30', name: 'Nope' }, 400)).message).toBe(
      'Use a yyyy-MM-dd date',
    );
    expect((await post({ date: '1999-12-31', name: 'Old' }, 400)).message).toBe(
      'Give a date from 2000 to 2100',
    );
    expect((await post({ date: '2027-03-15', name: '  ' }, 400)).message).toBe(
      'Give the holiday a name',
    );
    expect((await post({ date: '2027-07-01', name: 'Again' }, 409)).message).toBe(
      '2027-07-01 is already a public holiday (Canada Day)',
    );
    await post({ date: '2027-03-15', name: 'Founders Day' }, 201);
    expect((await post({ date: '2027-03-15', name: 'Twice' }, 409)).message).toMatch(
      /already a public holiday \(Founders Day\)/,
    );
    const added = await auditRowsFor(db, '2027-03-15', 'public_holiday.add');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actorId: admin.id, after: { name: 'Founders Day' } });

    await expectApi(app, cookie.admin!, 'DELETE', '/api/payroll/holidays/2027-12-26', 204);
    const removed = (await holidays(2027)).holidays;
    expect(removed.find((h) => h.date === '2027-12-26')?.isRemoved).toBe(true);
    expect(removed.find((h) => h.date === '2027-03-15')?.source).toBe('added');
    expect((await post({ date: '2027-12-26', name: 'Back' }, 409)).message).toMatch(
      /was removed: restore it instead/,
    );
    const missing = await expectApi<{ message: string }>(
      app,
      cookie.admin!,
      'DELETE',
      '/api/payroll/holidays/2027-03-16',
      404,
    );
    expect(missing.message).toBe('There is no public holiday on 2027-03-16');
    await expectApi(app, cookie.admin!, 'POST', '/api/payroll/holidays/2027-12-26/restore', 204);
    await expectApi(app, cookie.admin!, 'DELETE', '/api/payroll/holidays/2027-03-15', 204);
    expect((await holidays(2027)).holidays).toEqual(before.holidays);
    expect(await auditRowsFor(db, '2027-12-26', 'public_holiday.remove')).toHaveLength(1);
    expect(await auditRowsFor(db, '2027-12-26', 'public_holiday.restore')).toHaveLength(1);

    // Holidays are admin only.
    await expectApi(app, cookie.lead!, 'GET', '/api/payroll/holidays?year=2027', 403);
    await expectApi(app, cookie.wanda!, 'POST', '/api/payroll/holidays', 403, {
      date: '2027-03-15',
      name: 'Mine',
    });
  });

  it('uses the merged list on the timesheet: an added holiday, a removed one', async () => {
    await expectApi(app, cookie.admin!, 'POST', '/api/payroll/holidays', 201, {
      date: '2026-06-24',
      name: 'Founders Day',
    });
    await expectApi(app, cookie.admin!, 'DELETE', '/api/payroll/holidays/2026-07-01', 204);
    const sheet = await timesheetOf('admin', wanda.id);
    const day = (date: string) => sheet.days.find((d) => d.date === date);
    // Nothing worked in the 4 weeks before the week of 06-24: no holiday pay is owed.
    expect(day('2026-06-24')).toMatchObject({
      holiday: 'Founders Day',
      workedOnHoliday: true,
      holidayPayMinutes: 0,
    });
    expect(day('2026-07-01')).toMatchObject({ holiday: null, workedOnHoliday: false });
    expect(sheet.payLines.find((line) => line.code === 'HOL')).toBeUndefined();
    await expectApi(app, cookie.admin!, 'DELETE', '/api/payroll/holidays/2026-06-24', 204);
    await expectApi(app, cookie.admin!, 'POST', '/api/payroll/holidays/2026-07-01/restore', 204);
  });

  it('refuses bad pay rates with a message and changes nothing; audits the rest', async () => {
    const post = (body: Record<string, unknown>, status: number) =>
      expectApi<{ message: string; rate: { id: string } }>(
        app,
        cookie.admin!,
        'POST',
        '/api/payroll/rates',
        status,
        { userId: wanda.id, effectiveFrom: '2026-06-01', hourlyCents: RATE, ...body },
      );
    expect((await post({ hourlyCents: -100 }, 400)).message).toBe(
      'The hourly rate must be more than $0.00',
    );
    expect((await post({ hourlyCents: 20_000_000 }, 400)).message).toBe(
      'The hourly rate must be at most $1,000.00',
    );
    expect((await post({ hourlyCents: 20.5 }, 400)).message).toBe('Give the rate in whole cents');
    expect((await post({ effectiveFrom: '2026-13-01' }, 400)).message).toBe(
      'Use a yyyy-MM-dd date',
    );
    const stranger = { userId: '00000000-0000-4000-8000-000000000000' };
    expect((await post(stranger, 404)).message).toBe('No such person');
    const { rate } = await post({}, 201);
    expect((await post({ hourlyCents: 2500 }, 409)).message).toBe(
      'This person already has a rate from 2026-06-01: remove it first to change it',
    );
    const rates = await expectApi<{ rates: unknown[] }>(
      app,
      cookie.admin!,
      'GET',
      `/api/payroll/rates?userId=${wanda.id}`,
      200,
    );
    expect(rates.rates).toEqual([
      { id: rate.id, userId: wanda.id, effectiveFrom: '2026-06-01', hourlyCents: RATE },
    ]);
    const audit = await auditRowsFor(db, rate.id, 'pay_rate.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, after: { hourlyCents: RATE } });

    // Rates are the admin's: a team lead and the person cannot read or set them here.
    await expectApi(app, cookie.lead!, 'GET', `/api/payroll/rates?userId=${wanda.id}`, 403);
    await expectApi(app, cookie.wanda!, 'POST', '/api/payroll/rates', 403, {
      userId: wanda.id,
      effectiveFrom: '2026-07-01',
      hourlyCents: 9000,
    });
    await expectApi(
      app,
      cookie.admin!,
      'PUT',
      `/api/payroll/people/${wanda.id}/employee-number`,
      200,
      {
        employeeNumber: 'E-100',
      },
    );
    const taken = await expectApi<{ message: string }>(
      app,
      cookie.admin!,
      'PUT',
      `/api/payroll/people/${noah.id}/employee-number`,
      409,
      { employeeNumber: 'e-100' },
    );
    expect(taken.message).toBe('Employee number e-100 belongs to someone else');
    expect(await auditRowsFor(db, wanda.id, 'user.employee_number')).toHaveLength(1);
  });

  it('prices the timesheet for admins and the person, never for their team lead', async () => {
    const priced = [
      { code: 'REG', minutes: 4080, amountCents: 136_000 },
      { code: 'OT1.5', minutes: 360, amountCents: 18_000, multiplier: 1.5, paidRateCents: 3000 },
      { code: 'HOL', minutes: 132, amountCents: 4_400 },
      { code: 'VAC', minutes: 480, amountCents: 16_000 },
      { code: 'SICK', minutes: 240, amountCents: 8_000 },
    ].map((line) => ({ rateCents: RATE, multiplier: 1, paidRateCents: RATE, ...line }));
    expect((await timesheetOf('admin', wanda.id)).payLines).toEqual(priced);
    expect((await timesheetOf('wanda', wanda.id)).payLines).toEqual(priced);
    // Vacation pay earned: 4 % (under 5 years) of every priced line but VAC:
    // 136 000 + 18 000 + 4 400 + 8 000 = 166 400 cents → 6 656.
    expect((await timesheetOf('wanda', wanda.id)).vacationPay).toEqual({
      percent: 4,
      wagesCents: 166_400,
      amountCents: 6_656,
    });
    expect((await timesheetOf('lead', wanda.id)).vacationPay).toBeNull();
    const forLead = (await timesheetOf('lead', wanda.id)).payLines;
    expect(forLead.map((line) => line.minutes)).toEqual(priced.map((line) => line.minutes));
    expect(
      forLead.every(
        (line) =>
          line.rateCents === null && line.paidRateCents === null && line.amountCents === null,
      ),
    ).toBe(true);
  });

  it('previews before the lock but refuses the final export', async () => {
    const draft = await preview();
    expect(draft.period).toEqual(PERIOD);
    expect(draft.isLocked).toBe(false);
    expect(minutesOf(draft.rows, wanda.id)).toEqual({
      REG: 4080,
      'OT1.5': 360,
      HOL: 132,
      VAC: 480,
      SICK: 240,
    });
    const refused = await callApi(
      app,
      cookie.admin!,
      'GET',
      `/api/payroll/export?date=${PERIOD.start}&format=csv`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^The pay period Jun 21, 2026 to Jul 4, 2026 is not locked/,
    );
    expect(await auditRowsFor(db, PERIOD.start, 'payroll.export')).toHaveLength(0);
    await expectApi(app, cookie.lead!, 'GET', `/api/payroll/preview?date=${PERIOD.start}`, 403);
  });

  it('exports CSV and XLSX after the lock, totals equal to the timesheets, audited', async () => {
    await expectApi(app, cookie.admin!, 'POST', '/api/approvals/locks', 201, {
      fromDate: PERIOD.start,
      toDate: PERIOD.end,
    });
    const csv = await callApi(
      app,
      cookie.admin!,
      'GET',
      `/api/payroll/export?date=2026-06-30&format=csv`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="payroll-2026-06-21-to-2026-07-04.csv"',
    );
    const [header, ...records] = parseCsv(csv.body);
    expect(header).toEqual([
      'Employee number',
      'Name',
      'Pay code',
      'Hours',
      'Minutes',
      'Rate',
      'Amount',
    ]);
    expect(records).toEqual([
      ['', 'Noah Norate', 'REG', '8.00', '480', '', ''],
      // Noah's 480 min in the 4 weeks before Canada Day's week: 480 ÷ 20 = 24 min.
      ['', 'Noah Norate', 'HOL', '0.40', '24', '', ''],
      ['E-100', 'Wanda Worker', 'REG', '68.00', '4080', '20.00', '1360.00'],
      // Overtime at the rate it is paid: 6.00 h × $30.00 (1.5 × $20.00) = $180.00.
      ['E-100', 'Wanda Worker', 'OT1.5', '6.00', '360', '30.00', '180.00'],
      ['E-100', 'Wanda Worker', 'HOL', '2.20', '132', '20.00', '44.00'],
      ['E-100', 'Wanda Worker', 'VAC', '8.00', '480', '20.00', '160.00'],
      ['E-100', 'Wanda Worker', 'SICK', '4.00', '240', '20.00', '80.00'],
    ]);

    // Totals equal each person's timesheet: every code, and the worked regular/overtime totals.
    for (const person of [wanda, noah]) {
      const sheet = await timesheetOf('admin', person.id);
      const exported = records.filter((record) => record[1] === person.name);
      expect(exported.map((record) => [record[2], Number(record[4])])).toEqual(
        sheet.payLines.map((line) => [line.code, line.minutes]),
      );
      const sum = (code: string) =>
        exported.filter((r) => r[2] === code).reduce((total, r) => total + Number(r[4]), 0);
      expect(sum('REG')).toBe(sheet.totals.regularMinutes);
      expect(sum('OT1.5')).toBe(sheet.totals.overtime['OT1.5'] ?? 0);
      expect(sum('VAC') + sum('SICK')).toBe(sheet.totals.paidLeaveMinutes);
    }

    const xlsx = await callApi(
      app,
      cookie.admin!,
      'GET',
      `/api/payroll/export?date=${PERIOD.start}&format=xlsx`,
    );
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Payroll');
    const cells: unknown[][] = [];
    sheet?.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
    expect(cells[0]).toEqual(header);
    // Hours and amounts to the cent, a paid rate to its half cent; the header bold.
    const wandaRow = sheet?.getRow(4);
    expect(wandaRow?.getCell(2).value).toBe('Wanda Worker');
    expect([4, 6, 7].map((column) => wandaRow?.getCell(column).numFmt)).toEqual([
      '0.00',
      '0.00#',
      '0.00',
    ]);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(
      cells.slice(1).map((row) => row.map((cell) => (cell === undefined ? '' : String(cell)))),
    ).toEqual(records.map((record) => record.map((cell) => cell.replace(/\.00$|(\.\d)0$/, '$1'))));

    const audit = await auditRowsFor(db, PERIOD.start, 'payroll.export');
    expect(audit.map((row) => row.after)).toEqual([
      {
        periodStart: PERIOD.start,
        periodEnd: PERIOD.end,
        presetId: null,
        presetName: null,
        format: 'csv',
        rowCount: 7,
      },
      {
        periodStart: PERIOD.start,
        periodEnd: PERIOD.end,
        presetId: null,
        presetName: null,
        format: 'xlsx',
        rowCount: 7,
      },
    ]);
    expect(audit[0]?.actorId).toBe(admin.id);
  });

  it('maps columns, headers, order and pay-code names by a saved preset', async () => {
    const bad = await expectApi<{ message: string }>(
      app,
      cookie.admin!,
      'POST',
      '/api/payroll/presets',
      400,
      {
        name: 'Broken',
        columns: [
          { key: 'hours', header: 'Hrs' },
          { key: 'hours', header: 'Again' },
        ],
      },
    );
    expect(bad.message).toBe('Each column can be chosen once');
    const { preset } = await expectApi<{ preset: { id: string } }>(
      app,
      cookie.admin!,
      'POST',
      '/api/payroll/presets',
      201,
      {
        name: 'Acme Payroll',
        columns: [
          { key: 'employeeNumber', header: 'EmpNo' },
          { key: 'payCode', header: 'Code' },
          { key: 'hours', header: 'Hrs' },
          { key: 'amount', header: 'Amt' },
        ],
        codeRenames: { 'OT1.5': 'OT150' },
      },
    );
    expect(await auditRowsFor(db, preset.id, 'payroll_preset.create')).toHaveLength(1);
    const duplicate = await expectApi<{ message: string }>(
      app,
      cookie.admin!,
      'POST',
      '/api/payroll/presets',
      409,
      {
        name: 'acme payroll',
        columns: [{ key: 'hours', header: 'Hrs' }],
      },
    );
    expect(duplicate.message).toBe('A preset named "acme payroll" already exists');

    const csv = await callApi(
      app,
      cookie.admin!,
      'GET',
      `/api/payroll/export?date=${PERIOD.start}&format=csv&presetId=${preset.id}`,
    );
    const [header, ...records] = parseCsv(csv.body);
    expect(header).toEqual(['EmpNo', 'Code', 'Hrs', 'Amt']);
    expect(records).toContainEqual(['E-100', 'OT150', '6.00', '180.00']);
    expect(records).toContainEqual(['', 'REG', '8.00', '']);
    const [latest] = (await auditRowsFor(db, PERIOD.start, 'payroll.export')).slice(-1);
    expect(latest?.after).toMatchObject({
      presetId: preset.id,
      presetName: 'Acme Payroll',
      format: 'csv',
    });

    const mapped = await preview(`&presetId=${preset.id}`);
    expect(mapped.isLocked).toBe(true);
    expect(mapped.headers).toEqual(['EmpNo', 'Code', 'Hrs', 'Amt']);

    await expectApi(app, cookie.admin!, 'DELETE', `/api/payroll/presets/${preset.id}`, 204);
    expect(await auditRowsFor(db, preset.id, 'payroll_preset.delete')).toHaveLength(1);
  });
});
