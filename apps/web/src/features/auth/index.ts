// Public module of the auth feature: the session, sign-in and idle time-out.
import { lazy } from 'react';

export { sessionQueryKey, useSession, useSignOut } from './api';
export { SignInPage } from './pages/sign-in-page';
export { useBusinessToday } from './use-business-today';
export { useIdleTimeout } from './use-idle-timeout';

/** The idle warning; loaded when it is first shown. */
export const SessionTimeoutDialog = lazy(() =>
  import('./components/session-timeout-dialog').then((module) => ({
    default: module.SessionTimeoutDialog,
  })),
);
