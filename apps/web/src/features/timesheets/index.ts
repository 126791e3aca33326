// Public module of the timesheets feature: the pay-period card and the managers' screen.
import { lazy } from 'react';

export { TimesheetCard } from './components/timesheet-card';

/** The managers' screen: a pay period's timesheets, approve/return, approve and lock. */
export const TimesheetsPage = lazy(() => import('./components/timesheets-page'));

/** The person's own timesheet, by that name (#33 part 6). */
export const MyTimesheetPage = lazy(() => import('./components/my-timesheet-page'));
