import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payRatesQuerySchema } from '@punchclock/shared/contracts/payroll';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { parseInput } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { addHoliday, listHolidayYear, removeHoliday, restoreHoliday } from './holidays.ts';
import { addRate, listPayrollPeople, readRatesOf, removeRate, setEmployeeNumber } from './rates.ts';

/** Public holidays, pay rates and employee numbers: admins only (docs/decisions/0018). */
export function registerPaySettingsRoutes(app: FastifyInstance, db: Db): void {
  const admin = { config: { access: 'admin' as const } };
  const actorOf = (request: FastifyRequest) => ({
    actorId: requireAuth(request).userId,
    meta: getRequestMeta(request),
  });
  const params = (request: FastifyRequest) => request.params as Record<string, string>;

  app.get('/api/payroll/holidays', admin, async (request) => listHolidayYear(db, request.query));
  app.post('/api/payroll/holidays', admin, async (request, reply) =>
    reply.status(201).send({ holiday: await addHoliday(db, request.body, actorOf(request)) }),
  );
  app.delete('/api/payroll/holidays/:date', admin, async (request, reply) => {
    await removeHoliday(db, request.params, actorOf(request));
    return reply.status(204).send();
  });
  app.post('/api/payroll/holidays/:date/restore', admin, async (request, reply) => {
    await restoreHoliday(db, request.params, actorOf(request));
    return reply.status(204).send();
  });

  app.get('/api/payroll/people', admin, async () => ({ people: await listPayrollPeople(db) }));
  app.put('/api/payroll/people/:id/employee-number', admin, async (request) =>
    setEmployeeNumber(db, params(request).id ?? '', request.body, actorOf(request)),
  );
  app.get('/api/payroll/rates', admin, async (request) => ({
    rates: await readRatesOf(db, parseInput(payRatesQuerySchema, request.query).userId),
  }));
  app.post('/api/payroll/rates', admin, async (request, reply) =>
    reply.status(201).send({ rate: await addRate(db, request.body, actorOf(request)) }),
  );
  app.delete('/api/payroll/rates/:id', admin, async (request, reply) => {
    await removeRate(db, params(request).id ?? '', actorOf(request));
    return reply.status(204).send();
  });
}
