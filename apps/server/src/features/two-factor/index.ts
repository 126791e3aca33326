// The two-factor feature's public module: app.ts imports only from here.
export { registerTwoFactorRoutes } from './routes.ts';
export { secondFactorGate } from './sign-in.ts';
