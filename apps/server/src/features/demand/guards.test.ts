// Requests that must be refused plainly (#31 review): dates before 1900, other teams' ids, gaps
// and weeks already over, positions nobody holds.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatISO } from 'date-fns';
import type { Db } from '../../db/client.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { seedTeam, setTeamOf } from '../../test/users.ts';

describeEachDatabase('demand requests refused plainly', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let teamId: string;
  let otherTeamId: string;
  let leadCookie: string;
  let employeeCookie: string;

  beforeAll(async () => {
    db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const lead = await createTestUser(db, { role: 'team_lead' });
    teamId = (await seedTeam(db, { leadUserId: lead.id })).id;
    leadCookie = await signInAs(app, lead.email, lead.password);
    otherTeamId = (await seedTeam(db)).id;
    const employee = await createTestUser(db);
    await setTeamOf(db, [employee.id], teamId);
    employeeCookie = await signInAs(app, employee.email, employee.password);
  });
  afterAll(async () => {
    await app.close();
  });

  function expectStatus(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  }

  describe('dates before 1900', () => {
    it('refuses listing the runs of a week before 1900', async () => {
      const response = await callApi(
        app,
        leadCookie,
        'GET',
        `/api/demand/solver-runs?teamId=${teamId}&weekStart=0001-01-01`,
      );
      expectStatus(response, 400);
    });

    it('refuses typed requirements before 1900', async () => {
      const response = await callApi(app, leadCookie, 'PUT', '/api/demand/requirements', {
        teamId,
        cells: [{ startsAt: '0001-01-01T05:00:00.000Z', required: 1 }],
      });
      expectStatus(response, 400);
      const late = await callApi(app, leadCookie, 'PUT', '/api/demand/requirements', {
        teamId,
        cells: [{ startsAt: '1899-12-31T05:00:00.000Z', required: 1 }],
      });
      expectStatus(late, 400);
    });
  });

  describe('who may ask comes first', () => {
    const unknownTeam = '00000000-0000-4000-8000-000000000031';

    it('answers a lead 403 for any team not theirs, existing or not', async () => {
      for (const id of [otherTeamId, unknownTeam]) {
        const run = await callApi(app, leadCookie, 'POST', '/api/demand/solver-runs', {
          teamId: id,
          weekStart: '2031-03-09',
          timeLimitSeconds: 10,
        });
        expectStatus(run, 403);
        const gap = await callApi(app, leadCookie, 'POST', '/api/demand/coverage/open-shifts', {
          teamId: id,
          date: '2031-03-12',
          startTime: '14:00',
          endTime: '18:00',
          position: null,
          count: 1,
          note: null,
        });
        expectStatus(gap, 403);
      }
    });

    it('answers an employee 403 before looking at what they sent', async () => {
      const gap = await callApi(app, employeeCookie, 'POST', '/api/demand/coverage/open-shifts', {
        teamId,
        date: '2031-03-12',
        startTime: '14:00',
        endTime: '14:00',
        position: null,
        count: 1,
        note: null,
      });
      expectStatus(gap, 403);
      const run = await callApi(app, employeeCookie, 'POST', '/api/demand/solver-runs', {
        teamId,
        weekStart: 'soon',
      });
      expectStatus(run, 403);
    });
  });

  describe('gaps and weeks already over, positions nobody holds', () => {
    const gap = (overrides: Record<string, unknown>) =>
      callApi(app, leadCookie, 'POST', '/api/demand/coverage/open-shifts', {
        teamId,
        date: '2031-03-12',
        startTime: '14:00',
        endTime: '18:00',
        position: null,
        count: 1,
        note: null,
        ...overrides,
      });

    it('refuses a gap that has already ended', async () => {
      const ended = await gap({ date: '2025-06-10' });
      expectStatus(ended, 400);
      expect(ended.json()).toMatchObject({ message: expect.stringContaining('already ended') });
    });

    it('refuses a position nobody in the team holds, with a clear message', async () => {
      const nobody = await gap({ position: 'Astronaut' });
      expectStatus(nobody, 400);
      expect(nobody.json()).toMatchObject({
        message: expect.stringContaining('Nobody in the team holds the position Astronaut'),
      });
    });

    it('refuses to auto-fill a week that has ended, and takes the current one', async () => {
      const ended = await callApi(app, leadCookie, 'POST', '/api/demand/solver-runs', {
        teamId,
        weekStart: '2025-06-10',
        timeLimitSeconds: 10,
      });
      expectStatus(ended, 400);
      expect(ended.json()).toMatchObject({ message: 'Choose a week that has not ended' });
      const current = await callApi(app, leadCookie, 'POST', '/api/demand/solver-runs', {
        teamId,
        weekStart: formatISO(new Date(), { representation: 'date' }),
        timeLimitSeconds: 10,
      });
      expect(current.statusCode, current.body).toBeLessThan(300);
    });
  });
});
