// Public module of the live feature: server-sent events that refresh the caches.
export { useLiveUpdates } from './use-live-updates';
