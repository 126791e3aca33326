// The requests feature's public module: other features and app.ts import only from here.
export { announceApprovalsChanged } from './announce.ts';
export { decisionColumns } from './decisions.ts';
export type { Decision, RequestFilter } from './decisions.ts';
export {
  assertNotLocked,
  insertLock,
  listLocks,
  readTeamLeadsApprove,
  reopenLock,
  writeTeamLeadsApprove,
} from './locks.ts';
