import { lazy } from 'react';

/** /single-sign-on (admin): identity providers, and who may still sign in with a password. */
export const SingleSignOnPage = lazy(() => import('./single-sign-on-page'));
