// The audit feature's public module: other features and app.ts import only from here.
export { registerAuditRoutes } from './routes.ts';
