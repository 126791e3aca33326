// The schedules feature's public module: other features and app.ts import only from here.
export { findAssignmentPlanOn, listAssignmentPlans } from './repository.ts';
// The roster fills from templates and shows assignments' shifts (#30).
export { findTemplate, listAssignments, listTemplates } from './repository.ts';
export type { AssignmentPlan } from './repository.ts';
export { registerScheduleRoutes } from './routes.ts';
export { assignTemplate, createTemplate } from './service.ts';
