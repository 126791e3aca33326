// The setup feature's public module (the first run in the browser): app.ts and server.ts.
export { registerSetupRoutes } from './routes.ts';
export { ensureSetupLink } from './service.ts';
