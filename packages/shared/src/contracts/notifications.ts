import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../domain/notification-rules.ts';

/** product §9: the header bell shows 10, the full list 20 a page. */
export const BELL_LIMIT = 10;
export const FULL_LIST_LIMIT = 20;

export const notificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES).or(z.string()),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(50, { error: () => t`Ask for at most 50 at a time` })
    .default(BELL_LIMIT),
  /** Cursor: the id of the last notification of the previous page. */
  before: z.uuid({ error: () => t`Invalid cursor` }).optional(),
});

export const listNotificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ListNotificationsResponse = z.infer<typeof listNotificationsResponseSchema>;

/** POST /api/notifications/read-all: how many were unread and are now read. */
export const readAllNotificationsResponseSchema = z.object({ updated: z.number().int() });

/** The bell badge: "9+" above 9 (product §2). */
export function formatUnreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
