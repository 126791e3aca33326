// The approvals feature's public module: other features and app.ts import only from here.
export { registerApprovalRoutes } from './routes.ts';
export { listApprovals } from './queue.ts';
export { approverScope } from './queue.ts';
export { lockPeriod } from './periods.ts';
