// Public module of the account feature: what the app shell and the router use.
import { lazy } from 'react';

/** Opened from the account menu; loaded when it is first opened. */
export const AccountDialog = lazy(() =>
  import('./account-dialog').then((module) => ({ default: module.AccountDialog })),
);

/** Opened from a one-time link; loaded on demand. */
export const SetPasswordPage = lazy(() => import('./set-password-page'));
