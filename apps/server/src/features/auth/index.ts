// The auth feature's public module: other features and app.ts import only from here.
export { registerAuthRoutes } from './routes.ts';
