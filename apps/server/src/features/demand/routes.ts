import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ScheduleJobs } from '../../platform/job-runner.ts';
import { registerDemandDataRoutes } from './data-routes.ts';
import { scheduleSolverRuns } from './run-job.ts';
import { registerDemandRunRoutes } from './runs-routes.ts';
import { solveRoster } from './solver/solve.ts';

/** Requirements, imports, forecast, auto-fill runs and coverage (#31). */
export function registerDemandRoutes(app: FastifyInstance, db: Db, config: AppConfig): void {
  registerDemandDataRoutes(app, db, config);
  registerDemandRunRoutes(app, db, config);
}

/** The auto-fill job: claims queued runs (any instance) and solves them in a worker thread. */
export const scheduleDemandJobs: ScheduleJobs = ({ jobs, database: { db }, config, log }) => {
  scheduleSolverRuns(jobs, db, config, solveRoster, log);
};
