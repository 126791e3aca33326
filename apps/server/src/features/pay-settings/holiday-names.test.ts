import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publicHolidayListSchema } from '@punchclock/shared/contracts/payroll';
import { timesheetSchema } from '@punchclock/shared/contracts/timesheets';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { expectApi } from '../../test/users.ts';

/*
 * Ontario's public holidays are Punchclock's, like its leave types: shown in the reader's
 * language wherever an answer names one (decision 0043). A holiday an admin added is data and is
 * shown as written.
 */
const ENGLISH = [
  "New Year's Day",
  'Family Day',
  'Good Friday',
  'Victoria Day',
  'Canada Day',
  'Labour Day',
  'Thanksgiving',
  'Christmas Day',
  'Boxing Day',
];
// The Employment Standards Act, 2000's French names (Loi de 2000 sur les normes d'emploi).
const FRENCH = [
  "Jour de l'An",
  'Jour de la Famille',
  'Vendredi saint',
  'Fête de Victoria',
  'Fête du Canada',
  'Fête du Travail',
  'Action de grâce',
  'Jour de Noël',
  'Lendemain de Noël',
];

describeEachDatabase('public holiday names in the reader’s language', (getDatabase) => {
  let app: FastifyInstance;
  let adminCookie: string;
  let employee: TestUser;

  beforeAll(async () => {
    const { db } = getDatabase();
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    employee = await createTestUser(db, { role: 'employee' });
    await expectApi(app, adminCookie, 'POST', '/api/payroll/holidays', 201, {
      date: '2026-08-03',
      name: 'Civic Holiday',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  function get(url: string, language: string) {
    return app.inject({
      method: 'GET',
      url,
      headers: { cookie: adminCookie, 'accept-language': language },
    });
  }

  async function holidayNames(language: string): Promise<string[]> {
    const response = await get('/api/payroll/holidays?year=2026', language);
    expect(response.statusCode).toBe(200);
    return publicHolidayListSchema.parse(response.json()).holidays.map((holiday) => holiday.name);
  }

  it('lists Ontario’s holidays in French to a French reader, and an added one as written', async () => {
    const withAdded = (names: string[]) => [
      ...names.slice(0, 5),
      'Civic Holiday',
      ...names.slice(5),
    ];
    expect(await holidayNames('fr-CA')).toEqual(withAdded(FRENCH));
    expect(await holidayNames('en-CA')).toEqual(withAdded(ENGLISH));
  });

  it('names the holiday on a timesheet’s day in the reader’s language', async () => {
    const url = `/api/timesheets?userId=${employee.id}&date=2026-07-01`;
    const holidayOf = async (language: string, date: string) => {
      const response = await get(url, language);
      expect(response.statusCode).toBe(200);
      const timesheet = timesheetSchema.parse(response.json());
      return timesheet.days.find((day) => day.date === date)?.holiday;
    };
    expect(await holidayOf('fr-CA', '2026-07-01')).toBe('Fête du Canada');
    expect(await holidayOf('en', '2026-07-01')).toBe('Canada Day');
    const august = `/api/timesheets?userId=${employee.id}&date=2026-08-03`;
    const response = await get(august, 'fr-CA');
    const day = timesheetSchema.parse(response.json()).days.find((d) => d.date === '2026-08-03');
    expect(day?.holiday).toBe('Civic Holiday');
  });

  it('names the holiday in a refusal in the reader’s language', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payroll/holidays',
      headers: { ...CSRF_HEADERS, cookie: adminCookie, 'accept-language': 'fr-CA' },
      payload: { date: '2026-12-25', name: 'Noël' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('(Jour de Noël)');
  });
});
