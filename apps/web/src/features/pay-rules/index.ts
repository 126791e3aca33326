// Public module of the pay-rules feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const PayRulesPage = lazy(() => import('./pay-rules-page'));
