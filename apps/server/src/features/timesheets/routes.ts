import { t } from '@lingui/core/macro';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { Invalid } from '../../platform/errors.ts';
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
  implementEndpoint(app, 'GET /api/timesheets', async ({ request, query }) => {
    const caller = requireAuth(request);
    // Without userId this is the caller's own; a service token is no one, so it must name one.
    const { userId } = query;
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
  // sme and admin approve; a team lead only when the admin enabled it (checked in the service).
  implementEndpoint(app, 'POST /api/timesheets/submit', async ({ request }) =>
    submitTimesheet(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
  implementEndpoint(app, 'POST /api/timesheets/withdraw', async ({ request }) =>
    withdrawTimesheet(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
  implementEndpoint(app, 'POST /api/timesheets/decide', async ({ request }) =>
    decideTimesheet(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
  implementEndpoint(app, 'GET /api/timesheets/period', async ({ request }) =>
    getPeriodOverview(db, config, requireAuth(request), request.query),
  );
  implementEndpoint(app, 'POST /api/timesheets/period/approve', async ({ request }) =>
    approvePeriod(db, config, requireAuth(request), request.body, getRequestMeta(request)),
  );
}
