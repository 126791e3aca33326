// The requests feature's public module: other features and app.ts import only from here.
export { announceApprovalsChanged, approvalsChangedPayloads } from './announce.ts';
export { decisionColumns, requestFilterWhere } from './decisions.ts';
export type { Decision, RequestFilter, RequestFilterColumns } from './decisions.ts';
export {
  assertNotLocked,
  assertPayNotLocked,
  findActiveLock,
  holdPeriodLocks,
  insertLock,
  listLocks,
  readTeamLeadsApprove,
  reopenLock,
  writeTeamLeadsApprove,
} from './locks.ts';
