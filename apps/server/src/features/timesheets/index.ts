// The timesheets feature's public module: other features and app.ts import only from here.
export { registerTimesheetRoutes } from './routes.ts';
export {
  buildTimesheet,
  buildTimesheets,
  keepFromTimesheets,
  TIMESHEET_PEOPLE_PER_ROUND,
} from './service.ts';
export { scheduleTimesheetJobs } from './jobs.ts';
export { remindUnsubmittedTimesheets } from './timesheet-reminders.ts';
