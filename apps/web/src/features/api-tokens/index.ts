import { lazy } from 'react';

/** Account settings → API tokens: loaded when the dialog opens, not with the first page. */
export const PersonalApiTokens = lazy(() => import('./personal-api-tokens'));
/** /api-tokens (admin): service tokens and every personal token. */
export const ApiTokensPage = lazy(() => import('./api-tokens-page'));
