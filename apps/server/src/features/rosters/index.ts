// The rosters feature's public module (#30, decision 0047): other features and app.ts import
// only from here.
export { registerRosterRoutes } from './routes.ts';
export { registerShiftTradeRoutes } from './trade-routes.ts';
export { decideShiftTrade, findTradeForDecision, listShiftTradeApprovals } from './trades.ts';
export { readWeekPlan } from './board.ts';
export { loadPlanContexts } from './plan-context.ts';
export type { RosterQuery, WeekPlan } from './board.ts';
export { assertPlansTeam, assertRosterDate, isId, plannerScopeOf } from './planners.ts';
export { changesOf, publishShiftsNow } from './publish.ts';
export type { RosterChange } from './publish.ts';
export {
  findPeople,
  findShift,
  findShiftOfPersonOn,
  insertShift,
  listShifts,
  lockShift,
  setShiftPerson,
  shiftStateOf,
} from './repository.ts';
export type {
  NewShift,
  PlannablePerson,
  PublishedShiftRow,
  ShiftFields,
  ShiftRow,
} from './repository.ts';
export { listTeamSettings } from './settings-repository.ts';
export { paidMinutesOf, toShifts } from './shift-view.ts';
