// The webhooks feature's public module: app.ts imports only from here.
export { pruneDeliveryLog, scheduleWebhookDeliveries } from './dispatch.ts';
export { registerWebhookRoutes } from './routes.ts';
