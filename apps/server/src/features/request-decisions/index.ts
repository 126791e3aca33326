// The request-decisions feature's public module: what time off, corrections and late punches
// share when they are decided (the decision columns, the queue's filter, who approves, the
// approvers' live topic). Other features and app.ts import only from here.
export { announceApprovalsChanged, approvalsChangedPayloads } from './announce.ts';
export { readTeamLeadsApprove, writeTeamLeadsApprove } from './approval-settings.ts';
export { decisionColumns, requestFilterWhere } from './decisions.ts';
export type { Decision, RequestFilter, RequestFilterColumns } from './decisions.ts';
