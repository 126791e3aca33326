// The time-off feature's public module: other features and app.ts import only from here.
export {
  findRequest,
  findTimeOffFacts,
  listActiveTimeOff,
  listOverAllotmentDays,
  listRequests,
  listTimeOffTypes,
  updateRequestStatus,
} from './repository.ts';
export { registerTimeOffRoutes } from './routes.ts';
export { setAllowance } from './service.ts';
