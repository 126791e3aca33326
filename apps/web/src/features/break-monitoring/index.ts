// Public module of the break-monitoring feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const BreakMonitoringPage = lazy(() => import('./break-monitoring-page'));
