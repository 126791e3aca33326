// Public module of the admin feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const AdminHomePage = lazy(() => import('./admin-home-page'));
