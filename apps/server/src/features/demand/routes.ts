import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ScheduleJobs } from '../../platform/job-runner.ts';
import { registerDemandRunRoutes } from './runs-routes.ts';

/** Requirements, imports, forecast, auto-fill runs and coverage (#31). */
export function registerDemandRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  registerDemandRunRoutes(app, db, config);
}

/** The auto-fill job: claims queued runs (any instance) and solves them in a worker thread. */
export const scheduleDemandJobs: ScheduleJobs = () => {
  // Wired to scheduleSolverRuns (run-job.ts) with solveRoster once the solver is merged.
};
