// Public module of the setup feature: the first run in the browser (decision
// 0053). Opened from the one-time link the server prints; loaded on demand.
import { lazy } from 'react';

export const SetupPage = lazy(() => import('./pages/setup-page'));
