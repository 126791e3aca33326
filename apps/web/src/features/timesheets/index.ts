// Public module of the timesheets feature: the pay-period card and its query key (live updates).
export { timesheetsQueryKey } from './api';
export { TimesheetCard } from './components/timesheet-card';
