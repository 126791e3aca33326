import { lazy } from 'react';

export { PersonalApiTokens } from './personal-api-tokens';
/** /api-tokens (admin): service tokens and every personal token. */
export const ApiTokensPage = lazy(() => import('./api-tokens-page'));
