import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { addHoliday, listHolidayYear, removeHoliday, restoreHoliday } from './holidays.ts';
import { addRate, listPayrollPeople, readRatesOf, removeRate, setEmployeeNumber } from './rates.ts';

/** Public holidays, pay rates and employee numbers: admins only (docs/decisions/0018). */
export function registerPaySettingsRoutes(app: FastifyInstance, db: Db): void {
  implementEndpoint(app, 'GET /api/payroll/holidays', async ({ request }) =>
    listHolidayYear(db, request.query),
  );
  implementEndpoint(app, 'POST /api/payroll/holidays', async ({ request, reply }) => {
    void reply.status(201);
    return { holiday: await addHoliday(db, request.body, actorOf(request)) };
  });
  implementEndpoint(
    app,
    'DELETE /api/payroll/holidays/:date',
    async ({ request, reply, params }) => {
      await removeHoliday(db, params, actorOf(request));
      return reply.status(204).send();
    },
  );
  implementEndpoint(
    app,
    'POST /api/payroll/holidays/:date/restore',
    async ({ request, reply, params }) => {
      await restoreHoliday(db, params, actorOf(request));
      return reply.status(204).send();
    },
  );

  implementEndpoint(app, 'GET /api/payroll/people', async () => ({
    people: await listPayrollPeople(db),
  }));
  implementEndpoint(
    app,
    'PUT /api/payroll/people/:id/employee-number',
    async ({ request, params }) => setEmployeeNumber(db, params.id, request.body, actorOf(request)),
  );
  implementEndpoint(app, 'GET /api/payroll/rates', async ({ query }) => ({
    rates: await readRatesOf(db, query.userId),
  }));
  implementEndpoint(app, 'POST /api/payroll/rates', async ({ request, reply }) => {
    void reply.status(201);
    return { rate: await addRate(db, request.body, actorOf(request)) };
  });
  implementEndpoint(app, 'DELETE /api/payroll/rates/:id', async ({ request, reply, params }) => {
    await removeRate(db, params.id, actorOf(request));
    return reply.status(204).send();
  });
}
