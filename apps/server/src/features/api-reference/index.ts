// The api-reference feature's public module: app.ts imports only from here.
export { registerApiReferenceRoutes } from './routes.ts';
