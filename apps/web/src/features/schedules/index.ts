// Public module of the schedules feature.
import { lazy } from 'react';

export const MySchedulePage = lazy(() => import('./pages/my-schedule-page'));
export const ScheduleManagementPage = lazy(() => import('./pages/schedule-management-page'));
export const ScheduleAssignmentPage = lazy(() => import('./pages/schedule-assignment-page'));
