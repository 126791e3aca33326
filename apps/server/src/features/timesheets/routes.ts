import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { getTimesheet } from './service.ts';

export function registerTimesheetRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // Everyone reads their own; who else is decided in the service by the people scope rule.
  const signedIn = { config: { access: 'signed-in' as const } };
  app.get('/api/timesheets', signedIn, async (request) =>
    getTimesheet(db, config, requireAuth(request), request.query),
  );
}
