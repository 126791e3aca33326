// Public module of the timesheets feature: the pay-period card and its query key (live updates).
import { lazy } from 'react';

export { timesheetsQueryKey } from './api';
export { TimesheetCard } from './components/timesheet-card';

/** The managers' screen: a pay period's timesheets, approve/return, approve and lock. */
export const TimesheetsPage = lazy(() => import('./components/timesheets-page'));
