// The locations feature's public module (decision 0028): the rule a punch passes, where
// punches were made, the admin routes and the retention job.
export {
  checkPunchLocation,
  listPunchLocations,
  tellAdminsOfFlaggedPunch,
} from './punch-location.ts';
export { findLocationPolicy } from './policy-repository.ts';
export { registerLocationRoutes } from './routes.ts';
export { scheduleLocationJobs } from './jobs.ts';
