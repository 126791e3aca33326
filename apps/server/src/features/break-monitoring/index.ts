// The break-monitoring feature's public module: other features and app.ts import only from here.
export { registerBreakMonitoringRoutes } from './routes.ts';
