// Public module of the account feature: what the app shell and the router use.
import { lazy } from 'react';

/** Opened from the account menu; loaded when it is first opened. */
export const AccountDialog = lazy(() =>
  import('./account-dialog').then((module) => ({ default: module.AccountDialog })),
);

/** The signed-in person's language, applied as soon as the session names it (decision 0036). */
export { useLanguageSync } from './use-language-sync';

/** Opened from a one-time link; loaded on demand. */
export const SetPasswordPage = lazy(() => import('./set-password-page'));

/** "Set up two-step verification to continue": a session that must set one up first sees only this. */
export const TwoFactorSetupPage = lazy(() => import('./two-factor-setup-page'));
