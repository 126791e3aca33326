import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { computeRequirements } from './compute.ts';
import { getForecast } from './forecast.ts';
import { importDemandFile } from './imports.ts';
import { getRequirements, saveRequirements } from './requirements.ts';
import { getDemandSettings, saveDemandSettings } from './settings.ts';

/**
 * An import's body: a file of up to 2 MB in base64 (a third larger) and its JSON around it,
 * above the app's 256 KB limit for every other request.
 */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/** Demand settings, requirements, imports, the forecast and computing requirements (#31). */
export function registerDemandDataRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const { timeZone } = config;

  implementEndpoint(app, 'GET /api/demand/settings/:teamId', async ({ request, params }) =>
    getDemandSettings(db, requireAuth(request), params.teamId),
  );
  implementEndpoint(app, 'PUT /api/demand/settings/:teamId', async ({ request, params }) =>
    saveDemandSettings(db, requireAuth(request), params.teamId, request.body, actorOf(request)),
  );
  implementEndpoint(app, 'GET /api/demand/requirements', async ({ request }) =>
    getRequirements(db, requireAuth(request), request.query, timeZone),
  );
  implementEndpoint(app, 'PUT /api/demand/requirements', async ({ request }) =>
    saveRequirements(db, requireAuth(request), request.body, actorOf(request), timeZone),
  );
  implementEndpoint(app, 'POST /api/demand/requirements/compute', async ({ request }) =>
    computeRequirements(db, requireAuth(request), request.body, actorOf(request), timeZone),
  );
  implementEndpoint(
    app,
    'POST /api/demand/imports',
    { bodyLimit: IMPORT_BODY_LIMIT },
    async ({ request }) =>
      importDemandFile(db, requireAuth(request), request.body, actorOf(request), timeZone),
  );
  implementEndpoint(app, 'GET /api/demand/forecast', async ({ request }) =>
    getForecast(db, requireAuth(request), request.query, timeZone),
  );
}
