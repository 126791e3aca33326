import { t } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { timesheetQuerySchema } from '@punchclock/shared/contracts/timesheets';
import { requireAuth } from '../../platform/access.ts';
import { Invalid, parseInput } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import {
  approvePeriod,
  decideTimesheet,
  getPeriodOverview,
  getTimesheetWithSignOff,
  submitTimesheet,
  withdrawTimesheet,
} from './sign-off.ts';

export function registerTimesheetRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  // Everyone reads their own; who else is decided in the service by the people scope rule.
  const signedIn = { config: { access: 'signed-in' as const } };
  app.get('/api/timesheets', signedIn, async (request) => {
    const caller = requireAuth(request);
    // Without userId this is the caller's own; a service token is no one, so it must name one.
    const { userId } = parseInput(timesheetQuerySchema, request.query);
    if (caller.apiToken?.kind === 'service' && !userId) {
      throw new Invalid(
        t`A service token reads a named person’s timesheet: add userId`,
        'needs_person',
      );
    }
    return getTimesheetWithSignOff(db, config, caller, request.query);
  });
  registerSignOffRoutes(app, db, config);
}

/** Sign-off (docs/decisions/0017): submit, withdraw, approve or return, a period's overview. */
function registerSignOffRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const signedIn = { config: { access: 'signed-in' as const } };
  // sme and admin approve; a team lead only when the admin enabled it (checked in the service).
  const managers = { config: { access: ['sme', 'team_lead'] as const } };
  const admin = { config: { access: 'admin' as const } };
  app.post('/api/timesheets/submit', signedIn, async (request) =>
    submitTimesheet(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
  app.post('/api/timesheets/withdraw', signedIn, async (request) =>
    withdrawTimesheet(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
  app.post('/api/timesheets/decide', managers, async (request) =>
    decideTimesheet(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
  app.get('/api/timesheets/period', managers, async (request) =>
    getPeriodOverview(db, config, requireAuth(request), request.query),
  );
  app.post('/api/timesheets/period/approve', admin, async (request) =>
    approvePeriod(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
}
