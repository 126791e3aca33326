// The admin feature's public module: other features and app.ts import only from here.
export { registerAdminRoutes } from './routes.ts';
