// Public module of the approvals feature.
import { lazy } from 'react';

export { approvalSettingsQueryOptions } from './settings-api';

export const TimeApprovalsPage = lazy(() => import('./time-approvals-page'));
export const SmeDashboardPage = lazy(() => import('./sme-dashboard-page'));
