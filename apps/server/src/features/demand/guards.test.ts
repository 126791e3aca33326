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
});
