// Public module of the account feature: what the app shell and the router use.
import { lazy } from 'react';

export { AccountDialog } from './account-dialog';

/** Opened from a one-time link; loaded on demand. */
export const SetPasswordPage = lazy(() => import('./set-password-page'));
