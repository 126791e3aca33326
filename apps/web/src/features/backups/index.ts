// Public module of the backups feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const BackupsPage = lazy(() => import('./backups-page'));
