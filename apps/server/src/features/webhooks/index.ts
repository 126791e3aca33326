// The webhooks feature's public module: app.ts imports only from here.
export { scheduleWebhookJobs } from './jobs.ts';
export { registerWebhookRoutes } from './routes.ts';
