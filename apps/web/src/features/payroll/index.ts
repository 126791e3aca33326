// Public module of the payroll feature: its screen, loaded on demand by the router.
import { lazy } from 'react';

export const PayrollPage = lazy(() => import('./payroll-page'));
