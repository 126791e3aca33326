import { t } from '@lingui/core/macro';
import {
  listNotificationsQuerySchema,
  type ListNotificationsResponse,
} from '@punchclock/shared/contracts/notifications';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { NotFound, parseInput } from '../../platform/errors.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { notifyLive } from '../../platform/live-events.ts';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
} from '../notification-store/index.ts';

export async function getNotifications(
  db: Db,
  userId: string,
  rawQuery: unknown,
): Promise<ListNotificationsResponse> {
  const query = parseInput(listNotificationsQuerySchema, rawQuery);
  // One extra row tells whether another page exists.
  const [rows, unreadCount] = await Promise.all([
    listNotifications(db, userId, query.limit + 1, query.before),
    countUnread(db, userId),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    notifications: page,
    unreadCount,
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Mark one of the caller's notifications read; other tabs hear of it on the live channel. */
export async function readNotification(
  db: Db,
  userId: string,
  rawId: string,
  meta: RequestMeta,
): Promise<void> {
  const id = parseInput(z.uuid(t`Notification not found`), rawId);
  await db.transaction(async (tx) => {
    if (!(await markRead(tx, userId, id))) throw new NotFound(t`Notification not found`);
    await writeAudit(tx, {
      actorId: userId,
      action: 'notification.read',
      entityType: 'notification',
      entityId: id,
      meta,
    });
    await notifyLive(tx, userId, 'notifications');
  });
}

export async function readAllNotifications(
  db: Db,
  userId: string,
  meta: RequestMeta,
): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await markAllRead(tx, userId);
    await writeAudit(tx, {
      actorId: userId,
      action: 'notification.read_all',
      entityType: 'notification',
      after: { updated: changed },
      meta,
    });
    if (changed > 0) await notifyLive(tx, userId, 'notifications');
    return changed;
  });
}
