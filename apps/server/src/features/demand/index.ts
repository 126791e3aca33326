// The demand-planning feature's public module (#31, decision 0048): app.ts imports only from here.
export { registerDemandRoutes, scheduleDemandJobs } from './routes.ts';
