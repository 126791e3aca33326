// Public module of the demand feature (#31): its screen, loaded on demand by the router.
import { lazy } from 'react';

export const DemandPage = lazy(() => import('./pages/demand-page'));
