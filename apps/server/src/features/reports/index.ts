// The reports feature's public module: other features and app.ts import only from here.
export { recomputeDays, recomputeQueuedDays } from './recompute.ts';
export { registerReportRoutes } from './routes.ts';
export { scheduleReportJobs } from './jobs.ts';
