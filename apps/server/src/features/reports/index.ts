// The reports feature's public module: other features and app.ts import only from here.
export { recomputeDays, recomputeQueuedDays, sweepScheduledDays } from './recompute.ts';
export { registerReportRoutes } from './routes.ts';
export { processNextRecomputeRun } from './recompute-runs.ts';
