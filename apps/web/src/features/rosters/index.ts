// Public module of the rosters feature (#30): its screens, loaded on demand by the router.
import { lazy } from 'react';

export const RosterPage = lazy(() => import('./pages/roster-page'));
export const AvailabilityPage = lazy(() => import('./pages/availability-page'));
export const OpenShiftsPage = lazy(() => import('./pages/open-shifts-page'));
