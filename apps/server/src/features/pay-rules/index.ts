// The pay-rules feature's public module: other features and app.ts import only from here.
export { registerPayRuleRoutes } from './routes.ts';
export {
  ruledOvertimeFrom,
  ruledOvertimeReads,
  ruleSetResolversFor,
  ruleSetsInForce,
} from './ruled-overtime.ts';
export type {
  RuledDay,
  RuledOvertime,
  RuledOvertimeData,
  RuledWeek,
  RuleSetResolver,
} from './ruled-overtime.ts';
export { toilBalance } from './service.ts';
export { excessHoursAgreementsFor } from './agreements.ts';
