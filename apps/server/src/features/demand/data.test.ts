import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  ComputeRequirementsResponse,
  CoverageResponse,
  DemandImportResponse,
  DemandSettings,
  ForecastResponse,
  RequirementsResponse,
} from '@punchclock/shared/contracts/demand';
import { businessInstant } from '@punchclock/shared/domain/business-time';
import { queueFigures } from '@punchclock/shared/domain/demand/erlang';
import type { Db } from '../../db/client.ts';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor, expectApi, seedTeam } from '../../test/users.ts';
import { scheduledFor } from './compute.ts';

const TORONTO = 'America/Toronto';

describeEachDatabase(
  'demand data: settings, requirements, imports, forecast, compute',
  (getDatabase) => {
    let app: FastifyInstance;
    let db: Db;
    let admin: TestUser;
    let adminCookie: string;

    beforeAll(async () => {
      db = getDatabase().db;
      app = await buildTestApp(getDatabase().database);
      admin = await createTestUser(db, { role: 'admin' });
      adminCookie = await signInAs(app, admin.email, admin.password);
    });
    afterAll(async () => {
      await app.close();
    });

    const api = <T>(
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      status: number,
      payload?: unknown,
      cookie = adminCookie,
    ) => expectApi<T>(app, cookie, method, url, status, payload);

    async function newTeam(): Promise<string> {
      return (await seedTeam(db)).id;
    }

    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

    function importFile(
      teamId: string,
      kind: 'requirements' | 'workload',
      fileName: string,
      content: string,
      dryRun = false,
    ) {
      return api<DemandImportResponse>('POST', '/api/demand/imports', 200, {
        teamId,
        kind,
        fileName,
        content,
        dryRun,
      });
    }

    const week = (teamId: string, weekStart: string, position = '') =>
      api<RequirementsResponse>(
        'GET',
        `/api/demand/requirements?teamId=${teamId}&weekStart=${weekStart}&position=${position}`,
        200,
      );

    // ---- Settings ------------------------------------------------------------------------------

    const SETTINGS = {
      intervalMinutes: 15,
      serviceLevelPercent: 90,
      answerSeconds: 30,
      shrinkagePercent: 25,
      shiftLengthsMinutes: [480, 600],
      startStepMinutes: 60,
      earliestStart: '07:00',
      latestEnd: '02:00',
      lunchMinutes: 45,
      breakDurationMins: 10,
      minWeekMinutes: 600,
      maxWeekMinutes: 2400,
      underCoverHourCost: 150,
      overCoverHourCost: 2.5,
      preferNotCost: 10,
    } as const;

    it('gives a team the defaults until a planner changes them, and audits the change', async () => {
      const teamId = await newTeam();
      const defaults = await api<DemandSettings>('GET', `/api/demand/settings/${teamId}`, 200);
      expect(defaults).toMatchObject({
        teamId,
        intervalMinutes: 30,
        serviceLevelPercent: 80,
        answerSeconds: 20,
        shrinkagePercent: 30,
        shiftLengthsMinutes: [480],
        earliestStart: '06:00',
        latestEnd: '22:00',
      });

      const saved = await api<DemandSettings>(
        'PUT',
        `/api/demand/settings/${teamId}`,
        200,
        SETTINGS,
      );
      expect(saved).toEqual({ teamId, ...SETTINGS, shiftLengthsMinutes: [480, 600] });
      expect(await api('GET', `/api/demand/settings/${teamId}`, 200)).toEqual(saved);
      const again = await api<DemandSettings>('PUT', `/api/demand/settings/${teamId}`, 200, {
        ...SETTINGS,
        shrinkagePercent: 35,
      });
      expect(again.shrinkagePercent).toBe(35);

      const rows = await auditRowsFor(db, teamId, 'demand.settings.update');
      expect(rows).toHaveLength(2);
      expect(rows[0]?.before).toBeNull();
      expect(rows[0]?.after).toMatchObject({ shrinkagePercent: 25, intervalMinutes: 15 });
      expect(rows[1]?.before).toMatchObject({ shrinkagePercent: 25 });
      expect(rows[1]?.after).toMatchObject({ shrinkagePercent: 35 });
    });

    it('refuses settings that break a rule, with the rule', async () => {
      const teamId = await newTeam();
      const refused = await callApi(app, adminCookie, 'PUT', `/api/demand/settings/${teamId}`, {
        ...SETTINGS,
        minWeekMinutes: 3000,
        maxWeekMinutes: 2400,
      });
      expect(refused.statusCode).toBe(400);
      const interval = await callApi(app, adminCookie, 'PUT', `/api/demand/settings/${teamId}`, {
        ...SETTINGS,
        intervalMinutes: 20,
      });
      expect(interval.statusCode).toBe(400);
      expect(interval.json()).toMatchObject({ message: 'Choose 15- or 30-minute intervals' });
      expect(await auditRowsFor(db, teamId, 'demand.settings.update')).toHaveLength(0);
    });

    it('answers 404 for a team that does not exist', async () => {
      await api('GET', '/api/demand/settings/00000000-0000-4000-8000-000000000000', 404);
      await api('GET', '/api/demand/settings/not-a-team', 404);
      await api('PUT', '/api/demand/settings/00000000-0000-4000-8000-000000000000', 404, SETTINGS);
    });

    it('lets a team lead plan their own teams only', async () => {
      const lead = await createTestUser(db, { role: 'team_lead' });
      const own = (await seedTeam(db, { leadUserId: lead.id })).id;
      const other = await newTeam();
      const cookie = await signInAs(app, lead.email, lead.password);
      await api('GET', `/api/demand/settings/${own}`, 200, undefined, cookie);
      await api('PUT', `/api/demand/settings/${own}`, 200, SETTINGS, cookie);
      await api('GET', `/api/demand/settings/${other}`, 403, undefined, cookie);
      await api('PUT', `/api/demand/settings/${other}`, 403, SETTINGS, cookie);
      await api(
        'GET',
        `/api/demand/requirements?teamId=${other}&weekStart=2031-03-02`,
        403,
        undefined,
        cookie,
      );
      await api(
        'GET',
        `/api/demand/forecast?teamId=${other}&weekStart=2031-03-02`,
        403,
        undefined,
        cookie,
      );

      const employee = await createTestUser(db);
      const employeeCookie = await signInAs(app, employee.email, employee.password);
      await api('GET', `/api/demand/settings/${own}`, 403, undefined, employeeCookie);
    });

    // ---- Requirements grid ---------------------------------------------------------------------

    it('cuts DST days into real intervals: 50 half-hours in November, 46 in March', async () => {
      const teamId = await newTeam();
      const autumn = await week(teamId, '2026-11-04');
      expect(autumn.weekStart).toBe('2026-11-01');
      const fallBack = autumn.days[0]?.intervals ?? [];
      expect(fallBack).toHaveLength(50);
      expect(fallBack.slice(2, 6).map((interval) => interval.startTime)).toEqual([
        '01:00',
        '01:30',
        '01:00',
        '01:30',
      ]);
      expect(autumn.days[1]?.intervals).toHaveLength(48);

      const spring = await week(teamId, '2026-03-08');
      const springForward = spring.days[0]?.intervals ?? [];
      expect(springForward).toHaveLength(46);
      expect(springForward.map((interval) => interval.startTime)).not.toContain('02:00');
      expect(springForward.every((interval) => interval.required === null)).toBe(true);
    });

    it('writes typed cells on the grid, the repeated hour apart, and clears them with null', async () => {
      const teamId = await newTeam();
      const autumn = await week(teamId, '2026-11-01');
      const [first, second] = (autumn.days[0]?.intervals ?? []).filter(
        (i) => i.startTime === '01:00',
      );
      if (!first || !second) throw new Error('the autumn night has two 01:00 intervals');
      const nine = businessInstant('2026-11-02', '09:00', TORONTO).toISOString();

      const saved = await api<RequirementsResponse>('PUT', '/api/demand/requirements', 200, {
        teamId,
        cells: [
          { startsAt: first.startsAt, required: 2 },
          { startsAt: second.startsAt, required: 3.5 },
          { startsAt: nine, required: 7 },
        ],
      });
      const night = saved.days[0]?.intervals.filter((i) => i.startTime === '01:00') ?? [];
      expect(night.map((i) => [i.required, i.source])).toEqual([
        [2, 'typed'],
        [3.5, 'typed'],
      ]);
      const monday = saved.days[1]?.intervals.find((i) => i.startTime === '09:00');
      expect(monday?.required).toBe(7);
      expect(saved.positions).toEqual([]);

      const cleared = await api<RequirementsResponse>('PUT', '/api/demand/requirements', 200, {
        teamId,
        cells: [{ startsAt: second.startsAt, required: null }],
      });
      expect(
        cleared.days[0]?.intervals.filter((i) => i.startTime === '01:00').map((i) => i.required),
      ).toEqual([2, null]);

      // A position's grid is its own; the week lists the positions with requirements.
      await api('PUT', '/api/demand/requirements', 200, {
        teamId,
        position: 'Agent',
        cells: [{ startsAt: nine, required: 4 }],
      });
      const agents = await week(teamId, '2026-11-01', 'Agent');
      expect(agents.positions).toEqual(['Agent']);
      expect(agents.days[1]?.intervals.find((i) => i.startTime === '09:00')?.required).toBe(4);
      expect(
        (await week(teamId, '2026-11-01')).days[1]?.intervals.find((i) => i.startTime === '09:00')
          ?.required,
      ).toBe(7);

      const audits = await auditRowsFor(db, teamId, 'demand.requirements.update');
      expect(audits.map((row) => row.after)).toEqual([
        { position: '', set: 3, cleared: 0, from: '2026-11-01', to: '2026-11-02' },
        { position: '', set: 0, cleared: 1, from: '2026-11-01', to: '2026-11-01' },
        { position: 'Agent', set: 1, cleared: 0, from: '2026-11-02', to: '2026-11-02' },
      ]);
    });

    it('refuses a cell that does not start an interval of the team’s grid', async () => {
      const teamId = await newTeam();
      const response = await callApi(app, adminCookie, 'PUT', '/api/demand/requirements', {
        teamId,
        cells: [
          { startsAt: businessInstant('2031-03-03', '09:10', TORONTO).toISOString(), required: 1 },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Mar 3, 2031, 9:10 AM is not the start of one of the team’s 30-minute intervals',
      });
      expect(await auditRowsFor(db, teamId, 'demand.requirements.update')).toHaveLength(0);
    });

    // ---- Imports -------------------------------------------------------------------------------

    const REQUIREMENTS_CSV = [
      'Date,Time,Required,Position',
      '2031-03-03,09:00,3,',
      '2031-03-03,9:30,4.5,',
      '',
      '2031-03-04,09:00,2,Agent',
    ].join('\n');

    it('imports a CSV all at once, and the same file again changes nothing', async () => {
      const teamId = await newTeam();
      const first = await importFile(teamId, 'requirements', 'needs.csv', base64(REQUIREMENTS_CSV));
      expect(first).toEqual({
        kind: 'requirements',
        dryRun: false,
        rows: 3,
        created: 3,
        updated: 0,
        unchanged: 0,
        firstDate: '2031-03-03',
        lastDate: '2031-03-04',
        problems: [],
      });
      const grid = await week(teamId, '2031-03-03');
      const monday = grid.days[1]?.intervals ?? [];
      expect(monday.find((i) => i.startTime === '09:00')).toMatchObject({
        required: 3,
        source: 'imported',
      });
      expect(monday.find((i) => i.startTime === '09:30')).toMatchObject({
        required: 4.5,
        source: 'imported',
      });
      expect(grid.positions).toEqual(['Agent']);

      const again = await importFile(teamId, 'requirements', 'needs.csv', base64(REQUIREMENTS_CSV));
      expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
      const changed = await importFile(
        teamId,
        'requirements',
        'needs.csv',
        base64(REQUIREMENTS_CSV.replace('09:00,3,', '09:00,5,')),
      );
      expect(changed).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
      const audits = await auditRowsFor(db, teamId, 'demand.import');
      expect(audits.map((row) => row.after)).toEqual([
        expect.objectContaining({ kind: 'requirements', fileName: 'needs.csv', created: 3 }),
        expect.objectContaining({ unchanged: 3 }),
        expect.objectContaining({ updated: 1 }),
      ]);
    });

    it('refuses the whole file for one bad row, naming its row and column', async () => {
      const teamId = await newTeam();
      const csv = [
        'date;time;contacts;aht_seconds',
        '2031-03-03;09:00;100;180',
        '2031-03-03;09:15;100;180',
        '2031-03-03;10:00;lots;180',
        '2031-03-03;09:00;12,5;200',
      ].join('\r\n');
      const answer = await importFile(teamId, 'workload', 'calls.csv', base64(csv));
      expect(answer.problems).toEqual([
        {
          row: 3,
          column: 'time',
          message: '09:15 on 2031-03-03 is not the start of one of the team’s 30-minute intervals',
        },
        { row: 4, column: 'contacts', message: 'Contacts must be a number from 0 to 1000000' },
        { row: 5, column: null, message: 'This interval is already in row 2' },
      ]);
      expect(answer).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
      expect(await auditRowsFor(db, teamId, 'demand.import')).toHaveLength(0);

      // In the reader's language.
      const french = await app.inject({
        method: 'POST',
        url: '/api/demand/imports',
        headers: { ...CSRF_HEADERS, cookie: adminCookie, 'accept-language': 'fr-CA' },
        payload: { teamId, kind: 'workload', fileName: 'calls.csv', content: base64(csv) },
      });
      expect((french.json() as DemandImportResponse).problems[1]).toEqual({
        row: 4,
        column: 'contacts',
        message: 'Les contacts doivent être un nombre de 0 à 1000000',
      });

      const missing = await importFile(
        teamId,
        'workload',
        'calls.csv',
        base64('date,time,contacts\n2031-03-03,09:00,1'),
      );
      expect(missing.problems).toEqual([
        { row: 1, column: 'aht_seconds', message: 'The header has no “aht_seconds” column' },
      ]);
      // Nothing was written: the forecast's actuals for that week are empty.
      const forecast = await api<ForecastResponse>(
        'GET',
        `/api/demand/forecast?teamId=${teamId}&weekStart=2031-03-02`,
        200,
      );
      expect(
        forecast.days.flatMap((day) => day.intervals).every((i) => i.actualContacts === null),
      ).toBe(true);
    });

    it('answers a dry run with the counts and writes nothing', async () => {
      const teamId = await newTeam();
      const preview = await importFile(
        teamId,
        'requirements',
        'needs.csv',
        base64(REQUIREMENTS_CSV),
        true,
      );
      expect(preview).toMatchObject({ dryRun: true, created: 3, problems: [] });
      expect(
        (await week(teamId, '2031-03-03')).days[1]?.intervals.every((i) => i.required === null),
      ).toBe(true);
      expect(await auditRowsFor(db, teamId, 'demand.import')).toHaveLength(0);
    });

    it('refuses a workbook that would unpack to more than 40 MB, before reading it', async () => {
      const teamId = await newTeam();
      // A zip whose one entry says it unpacks to 200 MB: its central directory and end record.
      const name = Buffer.from('xl/worksheets/sheet1.xml');
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt32LE(200_000_000, 24);
      entry.writeUInt16LE(name.length, 28);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(1, 10);
      end.writeUInt32LE(0, 16);
      const bomb = Buffer.concat([entry, name, end]);
      const refused = await api<{ message: string }>('POST', '/api/demand/imports', 400, {
        teamId,
        kind: 'workload',
        fileName: 'calls.xlsx',
        content: bomb.toString('base64'),
        dryRun: true,
      });
      expect(refused.message).toBe(
        'The workbook unpacks to more than 40 MB: save it as CSV, or import fewer weeks at a time',
      );
    });

    it('imports an Excel workbook, date and time cells included', async () => {
      const teamId = await newTeam();
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Calls');
      sheet.addRow(['Date', 'Time', 'Contacts', 'AHT seconds']);
      // A date cell, a time typed as text, and a time cell (a fraction of a day formatted hh:mm).
      sheet.addRow([new Date(Date.UTC(2031, 2, 3)), '09:00', 100, 180]);
      const row = sheet.addRow(['2031-03-03', 0.4 /* 09:36 — off the grid */, 50, 200]);
      row.getCell(2).numFmt = 'hh:mm';
      sheet.addRow(['2031-03-03', 9.5 / 24, 60, 240]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

      const refused = await importFile(teamId, 'workload', 'calls.xlsx', bytes.toString('base64'));
      expect(refused.problems).toEqual([
        {
          row: 3,
          column: 'time',
          message: '09:36 on 2031-03-03 is not the start of one of the team’s 30-minute intervals',
        },
      ]);
      sheet.spliceRows(3, 1);
      const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
      // No extension: the "PK" of a zip says it is a workbook.
      const answer = await importFile(teamId, 'workload', 'export', fixed.toString('base64'));
      expect(answer).toMatchObject({ rows: 2, created: 2, problems: [] });
      const forecast = await api<ForecastResponse>(
        'GET',
        `/api/demand/forecast?teamId=${teamId}&weekStart=2031-03-02`,
        200,
      );
      const monday = forecast.days[1]?.intervals ?? [];
      expect(monday.find((i) => i.startTime === '09:00')).toMatchObject({
        actualContacts: 100,
        actualAhtSeconds: 180,
      });
      expect(monday.find((i) => i.startTime === '09:30')).toMatchObject({
        actualContacts: 60,
        actualAhtSeconds: 240,
      });
    });

    it('takes a file larger than the app’s usual request limit', async () => {
      const teamId = await newTeam();
      const lines = ['date,time,contacts,aht_seconds'];
      for (let day = 0; day < 300; day += 1) {
        const date = new Date(Date.UTC(2031, 0, 1 + day)).toISOString().slice(0, 10);
        for (let half = 0; half < 48; half += 1) {
          const time = `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;
          lines.push(`${date},${time},${half},180`);
          if (date === '2031-03-09' && time === '01:30') {
            // The spring night: 02:00 and 02:30 never happen, and the file says so.
            lines.push(`${date},02:00,1,180`);
            half += 2;
          }
        }
      }
      const content = base64(lines.join('\n'));
      expect(content.length).toBeGreaterThan(256 * 1024);
      const answer = await importFile(teamId, 'workload', 'year.csv', content, true);
      expect(answer.problems).toEqual([
        {
          row: 3222,
          column: 'time',
          message: '02:00 does not exist on 2031-03-09: the clocks go forward',
        },
      ]);
      lines.splice(3221, 1);
      const fixed = await importFile(
        teamId,
        'workload',
        'year.csv',
        base64(lines.join('\n')),
        true,
      );
      expect(fixed).toMatchObject({ rows: 14_398, created: 14_398, problems: [] });
    });

    // ---- Forecast ------------------------------------------------------------------------------

    it('spreads rows stored at 30 minutes over both quarter-hours after the team switches to 15', async () => {
      const teamId = await newTeam();
      const nine = businessInstant('2031-03-04', '09:00', TORONTO).toISOString();
      await api('PUT', '/api/demand/requirements', 200, {
        teamId,
        cells: [{ startsAt: nine, required: 2 }],
      });
      const csv = ['date,time,contacts,aht_seconds', '2031-02-25,09:00,20,100'].join('\n');
      await importFile(teamId, 'workload', 'halves.csv', base64(csv));
      await api('PUT', `/api/demand/settings/${teamId}`, 200, { ...SETTINGS, intervalMinutes: 15 });

      const tuesdayOf = <T extends { startTime: string }>(intervals: T[] | undefined) =>
        (intervals ?? []).filter((i) => ['08:45', '09:00', '09:15', '09:30'].includes(i.startTime));
      const grid = await week(teamId, '2031-03-02');
      expect(tuesdayOf(grid.days[2]?.intervals).map((i) => i.required)).toEqual([null, 2, 2, null]);
      const coverage = await api<CoverageResponse>(
        'GET',
        `/api/demand/coverage?teamId=${teamId}&date=2031-03-04`,
        200,
      );
      expect(tuesdayOf(coverage.intervals).map((i) => i.required)).toEqual([null, 2, 2, null]);
      // Workload: the half-hour's 20 contacts are 10 in each quarter-hour.
      const forecast = await api<ForecastResponse>(
        'GET',
        `/api/demand/forecast?teamId=${teamId}&weekStart=2031-03-02&historyWeeks=1`,
        200,
      );
      expect(tuesdayOf(forecast.days[2]?.intervals).map((i) => i.contacts)).toEqual([
        null,
        10,
        10,
        null,
      ]);
    });

    it('forecasts a DST day’s interval from the same clock time, not the same minutes since midnight', async () => {
      const teamId = await newTeam();
      // Sundays: 2026-03-08 springs forward, 2026-11-01 falls back (Toronto).
      const csv = [
        'date,time,contacts,aht_seconds',
        '2026-03-01,08:00,5,100',
        '2026-03-01,09:00,30,100',
        '2026-03-08,09:00,50,100',
        '2026-03-08,10:00,6,100',
        '2026-10-25,01:00,3,100',
        '2026-10-25,08:00,7,100',
        '2026-10-25,09:00,40,100',
      ].join('\n');
      await importFile(teamId, 'workload', 'dst.csv', base64(csv));
      const sundayAt = async (weekStart: string, time: string, occurrence = 0) => {
        const forecast = await api<ForecastResponse>(
          'GET',
          `/api/demand/forecast?teamId=${teamId}&weekStart=${weekStart}&historyWeeks=1`,
          200,
        );
        const hits = forecast.days[0]?.intervals.filter((i) => i.startTime === time) ?? [];
        return hits[occurrence];
      };
      expect((await sundayAt('2026-03-08', '09:00'))?.contacts).toBe(30);
      expect((await sundayAt('2026-03-08', '08:00'))?.contacts).toBe(5);
      expect((await sundayAt('2026-03-15', '09:00'))?.contacts).toBe(50);
      expect((await sundayAt('2026-03-15', '10:00'))?.contacts).toBe(6);
      expect((await sundayAt('2026-11-01', '09:00'))?.contacts).toBe(40);
      expect((await sundayAt('2026-11-01', '08:00'))?.contacts).toBe(7);
      // The repeated hour: its first 01:00 is the usual one; the second has no history.
      expect((await sundayAt('2026-11-01', '01:00'))?.contacts).toBe(3);
      expect((await sundayAt('2026-11-01', '01:00', 1))?.contacts).toBeNull();
    });

    it('forecasts the same weekday’s average, leaving a public holiday out and marking one', async () => {
      const teamId = await newTeam();
      // Mondays at 09:00: 2031-02-17 is Family Day (Ontario), its rush left out of the average.
      const csv = [
        'date,time,contacts,aht_seconds',
        '2031-02-03,09:00,20,200',
        '2031-02-10,09:00,10,100',
        '2031-02-17,09:00,1000,100',
        '2031-02-24,09:00,18,150',
      ].join('\n');
      await importFile(teamId, 'workload', 'calls.csv', base64(csv));

      const forecast = await api<ForecastResponse>(
        'GET',
        `/api/demand/forecast?teamId=${teamId}&weekStart=2031-02-26&historyWeeks=2`,
        200,
      );
      expect(forecast).toMatchObject({
        weekStart: '2031-02-23',
        historyWeeks: 2,
        weeksWithData: 2,
      });
      const monday = forecast.days[1];
      expect(monday?.holidayName).toBeNull();
      const nine = monday?.intervals.find((i) => i.startTime === '09:00');
      // (20 + 10) / 2 contacts; handling time weighted by contacts: (20·200 + 10·100) / 30.
      expect(nine?.contacts).toBe(15);
      expect(nine?.ahtSeconds).toBeCloseTo(5000 / 30, 9);
      expect(nine).toMatchObject({ actualContacts: 18, actualAhtSeconds: 150 });
      expect(monday?.intervals.find((i) => i.startTime === '09:30')?.contacts).toBeNull();
      expect(forecast.wape).toBeCloseTo(3 / 18, 9);

      const holidayWeek = await api<ForecastResponse>(
        'GET',
        `/api/demand/forecast?teamId=${teamId}&weekStart=2031-02-16`,
        200,
      );
      expect(holidayWeek.days[1]?.holidayName).toBe('Family Day');
      expect(holidayWeek.days[1]?.intervals.find((i) => i.startTime === '09:00')?.contacts).toBe(
        15,
      );
      const future = await api<ForecastResponse>(
        'GET',
        `/api/demand/forecast?teamId=${teamId}&weekStart=2031-06-01`,
        200,
      );
      expect(future.wape).toBeNull();
    });

    // ---- Compute -------------------------------------------------------------------------------

    it('computes people from workload with Erlang C and shrinkage, leaving other intervals', async () => {
      const teamId = await newTeam();
      await api('PUT', `/api/demand/settings/${teamId}`, 200, {
        ...SETTINGS,
        intervalMinutes: 30,
        serviceLevelPercent: 80,
        answerSeconds: 20,
        shrinkagePercent: 25,
      });
      // 100 contacts × 180 s in 30 minutes = 10 Erlangs. Erlang C tables: 13 people answer 79.6 %
      // within 20 s, 14 answer 88.8 %, so 80/20 needs 14; with 25 % shrinkage 14 / 0.75 = 18.67.
      expect(
        queueFigures({ servers: 13, traffic: 10, ahtSeconds: 180, targetSeconds: 20 }).serviceLevel,
      ).toBeCloseTo(0.7956, 4);
      expect(
        queueFigures({ servers: 14, traffic: 10, ahtSeconds: 180, targetSeconds: 20 }).serviceLevel,
      ).toBeCloseTo(0.8884, 4);
      await importFile(
        teamId,
        'workload',
        'calls.csv',
        base64(
          [
            'date,time,contacts,aht_seconds',
            '2031-03-03,09:00,100,180',
            '2031-03-03,10:00,0,180',
          ].join('\n'),
        ),
      );
      const typedAt = businessInstant('2031-03-03', '09:30', TORONTO).toISOString();
      await api('PUT', '/api/demand/requirements', 200, {
        teamId,
        cells: [{ startsAt: typedAt, required: 6 }],
      });

      const computed = await api<ComputeRequirementsResponse>(
        'POST',
        '/api/demand/requirements/compute',
        200,
        {
          teamId,
          weekStart: '2031-03-05',
          from: 'history',
        },
      );
      expect(computed).toMatchObject({
        computedIntervals: 2,
        unreachableIntervals: 0,
        weekStart: '2031-03-02',
      });
      const monday = computed.days[1]?.intervals ?? [];
      expect(monday.find((i) => i.startTime === '09:00')).toMatchObject({
        required: 18.7,
        source: 'computed',
        contacts: 100,
        ahtSeconds: 180,
        agents: 14,
        isUnreachable: false,
      });
      expect(monday.find((i) => i.startTime === '10:00')).toMatchObject({ required: 0, agents: 0 });
      expect(monday.find((i) => i.startTime === '09:30')).toMatchObject({
        required: 6,
        source: 'typed',
      });
      expect(monday.find((i) => i.startTime === '11:00')?.required).toBeNull();
      const [audit] = await auditRowsFor(db, teamId, 'demand.requirements.compute');
      expect(audit?.after).toMatchObject({
        from: 'history',
        computedIntervals: 2,
        shrinkagePercent: 25,
      });

      // The forecast of a week with no history before it has nothing to compute from.
      const nothing = await callApi(app, adminCookie, 'POST', '/api/demand/requirements/compute', {
        teamId,
        weekStart: '2031-03-02',
      });
      expect(nothing.statusCode).toBe(400);
      // The next week's forecast is last week's workload.
      const next = await api<ComputeRequirementsResponse>(
        'POST',
        '/api/demand/requirements/compute',
        200,
        {
          teamId,
          weekStart: '2031-03-09',
        },
      );
      expect(next.days[1]?.intervals.find((i) => i.startTime === '09:00')).toMatchObject({
        required: 18.7,
        agents: 14,
      });
    });

    it('rounds people to schedule up to a tenth, never below the agents needed', () => {
      expect(scheduledFor(14, 0.3)).toBe(20);
      expect(scheduledFor(14, 0.25)).toBe(18.7);
      expect(scheduledFor(0, 0.3)).toBe(0);
      expect(scheduledFor(7, 0)).toBe(7);
    });
  },
);
