// The notifications feature's public module: other features and app.ts import only from here.
export { registerNotificationRoutes } from './routes.ts';
export { runNotificationRules } from './rules-job.ts';
export { pushRaisedNotifications } from './push-delivery.ts';
