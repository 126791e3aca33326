// The live feature's public module: other features and app.ts import only from here.
export { registerLiveRoutes } from './routes.ts';
