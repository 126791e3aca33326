// The notifications feature's public module: other features and app.ts import only from here.
export { registerNotificationRoutes } from './routes.ts';
export { scheduleNotificationJobs } from './jobs.ts';
export { pushRaisedNotifications } from './push-delivery.ts';
