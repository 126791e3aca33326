// Public module of the reports feature: its screens, loaded on demand by the router.
import { lazy } from 'react';

export const AdherenceReportPage = lazy(() => import('./pages/adherence-report-page'));
export const WorkedHoursPage = lazy(() => import('./pages/worked-hours-page'));
export const AnalyticsPage = lazy(() => import('./pages/analytics-page'));
export const CalculateAdherencePage = lazy(() => import('./pages/calculate-adherence-page'));
