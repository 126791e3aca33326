// Public module of the time-off feature: its screens, loaded on demand by the router.
import { lazy } from 'react';

export const TimeOffPage = lazy(() => import('./time-off-page'));
export const TimeOffSettingsPage = lazy(() => import('./time-off-settings-page'));
