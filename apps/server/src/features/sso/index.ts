// The single sign-on feature's public module: app.ts imports only from here.
export { registerSsoRoutes } from './routes.ts';
export { syncEnvironmentProvider } from './providers.ts';
export { roleAtSignIn, roleFromGroups } from './identity.ts';
