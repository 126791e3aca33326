// The auth feature's public module: other features and app.ts import only from here.
export { registerAuthRoutes } from './routes.ts';
export { openSession } from './service.ts';
export {
  findFirstAdmin,
  readSignInSettings,
  writePasswordSignInScope,
} from './password-sign-in.ts';
