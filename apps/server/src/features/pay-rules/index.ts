// The pay-rules feature's public module: other features and app.ts import only from here.
export { registerPayRuleRoutes } from './routes.ts';
export { computeRuledOvertime, ruleSetResolverFor, ruleSetsInForce } from './ruled-overtime.ts';
export type { RuledDay, RuledOvertime, RuledWeek } from './ruled-overtime.ts';
export { toilBalance } from './service.ts';
export { excessHoursAgreementFor } from './agreements.ts';
