import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { getCoverage, postGap } from './coverage.ts';
import { cancelSolverRun, getSolverRun, listSolverRuns, requestSolverRun } from './runs.ts';

/** Auto-fill runs and coverage (#31 items 3 and 4). */
export function registerDemandRunRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  const { timeZone } = config;

  implementEndpoint(app, 'POST /api/demand/solver-runs', async ({ request, reply }) => {
    const { run, isNew } = await requestSolverRun(
      db,
      requireAuth(request),
      request.body,
      actorOf(request),
      timeZone,
    );
    // A live run of the week answered instead of a second one: 200, not "accepted" again.
    void reply.status(isNew ? 202 : 200);
    return { run };
  });
  implementEndpoint(app, 'GET /api/demand/solver-runs', async ({ request }) => ({
    runs: await listSolverRuns(db, requireAuth(request), request.query),
  }));
  implementEndpoint(app, 'GET /api/demand/solver-runs/:id', async ({ request, params }) => ({
    run: await getSolverRun(db, requireAuth(request), params.id),
  }));
  implementEndpoint(
    app,
    'POST /api/demand/solver-runs/:id/cancel',
    async ({ request, params }) => ({
      run: await cancelSolverRun(db, requireAuth(request), params.id, actorOf(request)),
    }),
  );

  implementEndpoint(app, 'GET /api/demand/coverage', async ({ request }) =>
    getCoverage(db, requireAuth(request), request.query, timeZone),
  );
  implementEndpoint(app, 'POST /api/demand/coverage/open-shifts', async ({ request, reply }) => {
    const answer = await postGap(
      db,
      requireAuth(request),
      request.body,
      actorOf(request),
      timeZone,
    );
    void reply.status(201);
    return answer;
  });
}
