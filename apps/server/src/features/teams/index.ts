// The teams feature's public module: other features and app.ts import only from here.
export { registerTeamRoutes } from './routes.ts';
export { createTeam } from './service.ts';
