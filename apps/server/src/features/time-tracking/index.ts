// The time-tracking feature's public module: other features and app.ts import only from here.
export { refileAddedPunches } from './correction-days.ts';
export {
  decideCorrection,
  findCorrection,
  findPendingForTarget,
  insertCorrection,
  listApprovedCorrections,
  listCorrections,
  toDomainCorrection,
} from './corrections-repository.ts';
export { deriveCurrentStates } from './current-states.ts';
export {
  decideLatePunch,
  findLatePunch,
  listLatePunches,
  listUnreviewedEventIds,
} from './late-punches-repository.ts';
export { listEventsOnDates, listShiftEvents, lockUserForTimeTracking } from './repository.ts';
export { registerTimeTrackingRoutes } from './routes.ts';
export { getToday, recordTimeEvent, type KioskOrigin, type PunchPolicy } from './service.ts';
