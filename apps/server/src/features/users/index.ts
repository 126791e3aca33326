// The users feature's public module: other features and app.ts import only from here.
export { registerUserRoutes } from './routes.ts';
export { createUser, setUserRole, updateUser } from './accounts.ts';
export { setUserSuspended, setUserSuspendedById } from './suspension.ts';
