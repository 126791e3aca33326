import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RosterProjection, ShiftInput } from '@punchclock/shared/contracts/rosters';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { addRate } from '../pay-settings/rates.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { seedTeam, setTeamOf, SYSTEM_ACTOR } from '../../test/users.ts';

describeEachDatabase('the roster projection: hours, overtime and cost', (getDatabase) => {
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

  function expectStatus(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body).toBe(status);
  }

  /** A team of its own with one person in it. */
  async function personInTeam(name: string) {
    const team = await seedTeam(db);
    const person = await createTestUser(db, { name });
    await setTeamOf(db, [person.id], team.id);
    return { teamId: team.id, person };
  }

  async function addShift(body: Partial<ShiftInput> & { userId: string; date: string }) {
    const response = await callApi(app, adminCookie, 'POST', '/api/roster/shifts', {
      startTime: '08:00',
      endTime: '18:00',
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 15,
      position: null,
      note: null,
      ...body,
    });
    expectStatus(response, 201);
    return (response.json() as { shift: { id: string } }).shift;
  }

  async function projection(weekStart: string, teamId: string): Promise<RosterProjection> {
    const response = await callApi(
      app,
      adminCookie,
      'GET',
      `/api/roster/projection?weekStart=${weekStart}&teamId=${teamId}`,
    );
    expectStatus(response, 200);
    return response.json() as RosterProjection;
  }

  it('5 × 10 h against the 44 h threshold: 6 h of overtime, costed at 1.5×', async () => {
    const { teamId, person } = await personInTeam('Fay Fivedays');
    const days = getWeekDates('2031-03-16');
    for (const date of days.slice(1, 6)) await addShift({ userId: person.id, date });
    await addRate(
      db,
      { userId: person.id, effectiveFrom: '2031-01-01', hourlyCents: 2000 },
      SYSTEM_ACTOR,
    );

    const week = await projection(days[3] ?? '', teamId);
    expect(week.hasRates).toBe(true);
    // 44 h at $20 + 6 h at $30.
    expect(week.people).toEqual([
      { userId: person.id, scheduledMinutes: 3000, overtimeMinutes: 360, costCents: 106_000 },
    ]);
    // The overtime is the week's last hours: Friday's.
    expect(week.days.map((day) => [day.scheduledMinutes, day.costCents])).toEqual([
      [0, 0],
      [600, 20_000],
      [600, 20_000],
      [600, 20_000],
      [600, 20_000],
      [600, 26_000],
      [0, 0],
    ]);
  });

  it('counts the real hours of a night across the DST change, and no cost without a rate', async () => {
    const { teamId, person } = await personInTeam('Nat Nights');
    // The week of Sunday 2026-10-25: 4 × 10 h, then Saturday 22:00 to Sunday 06:00 across the
    // fall-back change (9 real hours): 49 h, 5 h over 44.
    const days = getWeekDates('2026-10-25');
    for (const date of days.slice(1, 5)) await addShift({ userId: person.id, date });
    await addShift({ userId: person.id, date: '2026-10-31', startTime: '22:00', endTime: '06:00' });

    const week = await projection('2026-10-25', teamId);
    expect(week.hasRates).toBe(false);
    expect(week.people).toEqual([
      { userId: person.id, scheduledMinutes: 2940, overtimeMinutes: 300, costCents: null },
    ]);
    expect(week.days.at(-1)).toEqual({
      date: '2026-10-31',
      scheduledMinutes: 540,
      costCents: null,
    });
  });

  it('includes template shifts on days without a roster shift, drafts, and not deleted shifts', async () => {
    const { teamId, person } = await personInTeam('Tim Template');
    const template = await seedTemplate(db, { workingDays: [1, 2, 3, 4, 5] });
    await seedAssignment(db, {
      userId: person.id,
      templateId: template.id,
      dateRangeStart: '2031-01-01',
      dateRangeEnd: '2031-12-31',
    });
    const days = getWeekDates('2031-04-06');
    // Monday: a 10 h draft instead of the template's 7 h 30; Tuesday: published, then deleted.
    await addShift({ userId: person.id, date: days[1] ?? '' });
    const tuesday = await addShift({ userId: person.id, date: days[2] ?? '' });
    expectStatus(
      await callApi(app, adminCookie, 'POST', '/api/roster/publish', {
        weekStart: days[0],
        teamId,
      }),
      200,
    );
    expectStatus(
      await callApi(app, adminCookie, 'DELETE', `/api/roster/shifts/${tuesday.id}`),
      204,
    );

    const week = await projection(days[0] ?? '', teamId);
    expect(week.people).toEqual([
      { userId: person.id, scheduledMinutes: 600 + 4 * 450, overtimeMinutes: 0, costCents: null },
    ]);

    const lead = await createTestUser(db, { role: 'team_lead' });
    const leadCookie = await signInAs(app, lead.email, lead.password);
    const employee = await createTestUser(db);
    const employeeCookie = await signInAs(app, employee.email, employee.password);
    const query = `/api/roster/projection?weekStart=${days[0]}&teamId=${teamId}`;
    expectStatus(await callApi(app, leadCookie, 'GET', query), 403);
    expectStatus(await callApi(app, employeeCookie, 'GET', query), 403);
  });
});
