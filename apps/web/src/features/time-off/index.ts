// Public module of the time-off feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const TimeOffPage = lazy(() => import('./time-off-page'));
