import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { WorkedHoursReport } from '@punchclock/shared/contracts/reports';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { dayMetrics } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { getJson } from '../../test/time-tracking.ts';
import { seedTeam, setTeamOf } from '../../test/users.ts';
import type * as Repository from './reports-repository.ts';
import { exportWorkedHours } from './exports.ts';

/** Which read of people's rows fails (1 = the first page); null = none. */
const failure = vi.hoisted(() => ({ onCall: null as number | null, calls: 0 }));

vi.mock('./reports-repository.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Repository>();
  return {
    ...real,
    listWorkedHours: async (...args: Parameters<typeof real.listWorkedHours>) => {
      failure.calls += 1;
      if (failure.calls === failure.onCall) throw new Error('the database went away');
      return real.listWorkedHours(...args);
    },
  };
});

/** Days no other test stores metrics on. */
const FROM = '2031-03-03';
const TO = '2031-03-16';
const RANGE = `from=${FROM}&to=${TO}`;

/** The file as the export wrote it before it streamed: the whole report through csv-stringify. */
function csvOfReport(report: WorkedHoursReport): string {
  const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
  return stringify(
    report.rows.map((row) => ({
      name: row.name,
      teamName: row.teamName ?? '',
      bucket: row.bucket,
      days: row.days,
      scheduledHours: hours(row.scheduledMinutes),
      workedHours: hours(row.workedMinutes),
      overtimeHours: hours(row.overtimeMinutes),
      breakHours: hours(row.breakMinutes),
      lunchHours: hours(row.lunchMinutes),
      paidLeaveHours: hours(row.paidLeaveMinutes),
      unpaidLeaveHours: hours(row.unpaidLeaveMinutes),
    })),
    {
      header: true,
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'teamName', header: 'Team' },
        { key: 'bucket', header: 'From' },
        { key: 'days', header: 'Days worked' },
        { key: 'scheduledHours', header: 'Scheduled hours' },
        { key: 'workedHours', header: 'Worked hours' },
        { key: 'overtimeHours', header: 'Overtime hours' },
        { key: 'breakHours', header: 'Break hours (paid)' },
        { key: 'lunchHours', header: 'Lunch hours (unpaid)' },
        { key: 'paidLeaveHours', header: 'Paid time off hours' },
        { key: 'unpaidLeaveHours', header: 'Unpaid time off hours' },
      ],
      escape_formulas: true,
    },
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describeEachDatabase('worked-hours export, streamed', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let adminCookie: string;
  let leadCookie: string;
  let teamId: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    const lead = await createTestUser(db(), { role: 'team_lead', name: 'Lee Lead' });
    leadCookie = await signInAs(app, lead.email, lead.password);
    // Names that sort together (case, ties broken by id), quote, comma and formula cells.
    const names = ['ada Stream', 'Ada Stream', 'Ada Stream', '=Formula Person', 'Comma, "Quoted"'];
    const people = [];
    for (const name of names) people.push(await createTestUser(db(), { name }));
    const team = await seedTeam(db(), { leadUserId: lead.id });
    teamId = team.id;
    await setTeamOf(
      db(),
      people.slice(0, 3).map((person) => person.id),
      team.id,
    );
    await db()
      .insert(dayMetrics)
      .values(
        people.flatMap((person, index) =>
          Array.from({ length: 14 }, (_, day) => ({
            userId: person.id,
            date: shiftDate(FROM, day),
            status: 'complete' as const,
            templateName: 'Day',
            scheduledMinutes: 480,
            workedMinutes: 400 + ((index * 37 + day * 11) % 130),
            breakMinutes: 15 + (day % 4),
            lunchMinutes: 30,
            adherentMinutes: 380,
            lateMinutes: 0,
            earlyLeaveMinutes: 0,
            overbreakMinutes: 0,
            unscheduledMinutes: 0,
            missedClockOut: false,
            paidLeaveMinutes: day === 3 ? 60 : 0,
            unpaidLeaveMinutes: day === 5 ? 45 : 0,
          })),
        ),
      );
  });
  afterEach(() => {
    failure.onCall = null;
    failure.calls = 0;
  });
  afterAll(async () => {
    await app.close();
  });

  const report = async (cookie: string, query: string) =>
    (await getJson(app, cookie, `/api/reports/worked-hours?${query}`)).json<WorkedHoursReport>();

  it.each(['day', 'week', 'period'] as const)(
    'writes the same bytes as the whole report through csv-stringify (groupBy=%s)',
    async (groupBy) => {
      const query = `${RANGE}&groupBy=${groupBy}`;
      const expected = csvOfReport(await report(adminCookie, query));
      const response = await getJson(
        app,
        adminCookie,
        `/api/reports/worked-hours/export?${query}&format=csv`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(expected);
      expect(response.body.split('\n').length).toBeGreaterThan(groupBy === 'day' ? 70 : 5);
    },
  );

  it('keeps a team lead to their team', async () => {
    const query = `${RANGE}&groupBy=week`;
    const expected = csvOfReport(await report(leadCookie, query));
    const response = await getJson(
      app,
      leadCookie,
      `/api/reports/worked-hours/export?${query}&format=csv`,
    );
    expect(response.body).toBe(expected);
    // Three people, three Sunday-started weeks each.
    expect(response.body.match(/Ada Stream|ada Stream/g)).toHaveLength(3 * 3);
    expect(response.body).not.toContain('Formula');
  });

  it('writes a header and nothing else for a range without rows', async () => {
    const response = await getJson(
      app,
      adminCookie,
      '/api/reports/worked-hours/export?from=2031-05-01&to=2031-05-02&format=csv',
    );
    expect(response.body).toBe(csvOfReport({ rows: [] } as unknown as WorkedHoursReport));
  });

  it('gives the same file whatever the page size', async () => {
    const scope = { from: FROM, to: TO, teamIds: null };
    const whole = await readAll((await exportWorkedHours(db(), scope, 'day', 'csv')).body);
    for (const peoplePerPage of [1, 2, 3]) {
      const paged = await exportWorkedHours(db(), scope, 'day', 'csv', { peoplePerPage });
      expect((await readAll(paged.body)).toString()).toBe(whole.toString());
    }
  });

  it('streams an xlsx workbook with a bold header and every row, over several pages', async () => {
    const scope = { from: FROM, to: TO, teamIds: [teamId] };
    const file = await exportWorkedHours(db(), scope, 'day', 'xlsx', { peoplePerPage: 1 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readAll(file.body)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Worked hours');
    expect(sheet?.rowCount).toBe(1 + 3 * 14);
    expect(sheet?.getCell('A1').value).toBe('Name');
    expect(sheet?.getCell('A1').font?.bold).toBe(true);
    expect(sheet?.getCell('K1').value).toBe('Unpaid time off hours');
    expect(sheet?.getCell('C2').value).toBe(FROM);
    expect(typeof sheet?.getCell('F2').value).toBe('number');
  });

  it('a failure before the first row is an ordinary JSON error, not an attachment', async () => {
    failure.onCall = 1;
    const response = await getJson(
      app,
      adminCookie,
      `/api/reports/worked-hours/export?${RANGE}&format=csv`,
    );
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Something went wrong', code: 'internal' });
  });

  it.each(['csv', 'xlsx'] as const)(
    'a failure part-way destroys the %s download instead of ending it like a whole file',
    async (format) => {
      failure.onCall = 2;
      const errors: unknown[] = [];
      const file = await exportWorkedHours(
        db(),
        { from: FROM, to: TO, teamIds: null },
        'day',
        format,
        { peoplePerPage: 1, onError: (error) => errors.push(error) },
      );
      await expect(readAll(file.body)).rejects.toThrow('the database went away');
      expect(errors).toHaveLength(1);
    },
  );
});
