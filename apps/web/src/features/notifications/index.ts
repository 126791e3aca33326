// Public module of the notifications feature.
export { NotificationsBell } from './components/notifications-bell';
