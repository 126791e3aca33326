// The auth feature's public module: other features and app.ts import only from here.
export { registerAuthRoutes } from './routes.ts';
export { openSession, refuseUnlessMaySignIn, type SecondFactorGate } from './service.ts';
export { mayUsePassword } from './password-sign-in.ts';
export {
  reserveSecondFactorAttempt,
  releaseSignInAttempt,
  reserveSignInAttempt,
  settleSecondFactor,
  settleSuccessfulSignIn,
} from './sign-in-throttle.ts';
export {
  findFirstAdmin,
  readSignInSettings,
  writePasswordSignInScope,
} from './password-sign-in.ts';
