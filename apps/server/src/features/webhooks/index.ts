// The webhooks feature's public module: app.ts imports only from here.
export { deliverDueWebhooks, pruneDeliveryLog } from './dispatch.ts';
export { registerWebhookRoutes } from './routes.ts';
