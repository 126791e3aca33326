// The api-tokens feature's public module: app.ts imports only from here.
export { registerApiTokenRoutes } from './routes.ts';
