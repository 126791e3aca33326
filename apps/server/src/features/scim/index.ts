// The SCIM feature's public module: app.ts imports only from here.
export { registerScimRoutes } from './routes.ts';
