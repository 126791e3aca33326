// Public module of the auth feature: the session, sign-in and idle time-out.
export { sessionQueryKey, useSession, useSignOut } from './api';
export { SessionTimeoutDialog } from './components/session-timeout-dialog';
export { SignInPage } from './pages/sign-in-page';
export { useBusinessToday } from './use-business-today';
export { useIdleTimeout } from './use-idle-timeout';
