// Public module of the dashboard feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const DashboardPage = lazy(() => import('./pages/dashboard-page'));
