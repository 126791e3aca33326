// The push feature's public module (decision 0029): Web Push reminders to people's devices.
export { registerPushRoutes } from './routes.ts';
export { sendPushes, type PushSettings } from './subscriptions.ts';
export { ensureVapidKeys } from './vapid-keys.ts';
