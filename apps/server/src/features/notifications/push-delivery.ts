import type { Db } from '../../db/client.ts';
import { listNotificationsByIds } from '../notification-store/index.ts';
import { sendPushes, type PushSettings } from '../push/index.ts';

/**
 * The rules' new notifications, also as pushes to the devices their people turned reminders on
 * for (decision 0029). Called once per raised notification — the rules run on one instance at
 * a time and each (person, occasion) is raised once — so a reminder is pushed once.
 */
export async function pushRaisedNotifications(
  db: Db,
  settings: PushSettings,
  notificationIds: string[],
): Promise<number> {
  const raised = await listNotificationsByIds(db, notificationIds);
  return sendPushes(
    db,
    settings,
    raised.map((notification) => ({
      userId: notification.userId,
      payload: { title: notification.title, body: notification.message, url: '/dashboard' },
    })),
  );
}
