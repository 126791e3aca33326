// The notification-store feature's public module: other features and app.ts import only from here.
export {
  countUnread,
  findLanguages,
  insertDrafts,
  listNotificationsByIds,
  listNotifications,
  markAllRead,
  markRead,
} from './repository.ts';
