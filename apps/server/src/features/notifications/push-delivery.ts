import { renderNotification } from '@punchclock/shared/domain/notification-messages';
import type { Db } from '../../db/client.ts';
import { withLocale } from '../../platform/i18n.ts';
import { findLanguages, listNotificationsByIds } from '../notification-store/index.ts';
import { sendPushes, type PushSettings } from '../push/index.ts';

/**
 * The rules' new notifications, also as pushes to the devices their people turned reminders on
 * for (decision 0029), in each person's language when it is sent (decision 0044). Called once
 * per raised notification — the rules run on one instance at a time and each (person, occasion)
 * is raised once — so a reminder is pushed once.
 */
export async function pushRaisedNotifications(
  db: Db,
  settings: PushSettings,
  notificationIds: string[],
): Promise<number> {
  const raised = await listNotificationsByIds(db, notificationIds);
  const languages = await findLanguages(
    db,
    raised.map((notification) => notification.userId),
  );
  return sendPushes(
    db,
    settings,
    raised.map((notification) => {
      const { title, message } = withLocale(languages.get(notification.userId), () =>
        renderNotification(notification),
      );
      return { userId: notification.userId, payload: { title, body: message, url: '/dashboard' } };
    }),
  );
}
