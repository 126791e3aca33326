// Public module of the auth feature: sign-in, sign-out and the idle time-out (the session itself
// is app-wide state: lib/session.ts).
import { lazy } from 'react';

export { useAdoptSession, useSignOut } from './api';
export { SignInPage } from './pages/sign-in-page';
export { useIdleTimeout } from './use-idle-timeout';

/** The idle warning; loaded when it is first shown. */
export const SessionTimeoutDialog = lazy(() =>
  import('./components/session-timeout-dialog').then((module) => ({
    default: module.SessionTimeoutDialog,
  })),
);
