import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Notification } from '@punchclock/shared/contracts/notifications';
import { renderNotification } from '@punchclock/shared/domain/notification-messages';
import type { NotificationDraft } from '@punchclock/shared/domain/notification-rules';
import { isLocale, type Locale } from '@punchclock/shared/i18n/locales';
import type { Db } from '../../db/client.ts';
import { insertJsonRowsSql } from '../../db/json-rows.ts';
import { notifications, profiles } from '../../db/schema.ts';
import { enqueueNotificationEmails } from '../email/index.ts';
import { withLocale } from '../../platform/i18n.ts';

const columns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  messageKey: notifications.messageKey,
  messageValues: notifications.messageValues,
  type: notifications.type,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

/**
 * Newest first; `before` is the id of the last row of the previous page (keyset paging). Each in
 * the current language (the reader's, decision 0044).
 */
export async function listNotifications(
  db: Db,
  userId: string,
  limit: number,
  before?: string,
): Promise<Notification[]> {
  const cursor = before
    ? await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, before), eq(notifications.userId, userId)))
        .then((rows) => rows[0])
    : undefined;
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        // Compared in SQL: created_at has microseconds, a JavaScript Date only milliseconds.
        cursor
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from ${notifications} c where c.id = ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(({ messageKey, messageValues, ...row }) => ({
    ...row,
    ...renderNotification({ ...row, messageKey, messageValues }),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.unread ?? 0;
}

/** Marks one of the user's own notifications read; another user's id matches nothing. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Inserts drafts; ones whose (user, occasion) already exists are skipped. Returns the new ones. */
export async function insertDrafts(
  db: Db,
  drafts: NotificationDraft[],
): Promise<{ id: string; userId: string }[]> {
  if (drafts.length === 0) return [];
  // Thousands at a shift change: one JSON parameter, not drizzle's multi-row VALUES.
  const records = drafts.map((draft) => ({
    user_id: draft.userId,
    type: draft.type,
    // The English words, for API clients that read the columns (decision 0044).
    ...withLocale('en', () => renderNotification(draft)),
    message_key: draft.messageKey ?? null,
    message_values: draft.messageValues ?? null,
    occasion_key: draft.occasionKey,
    subject_user_id: draft.subjectUserId === draft.userId ? null : draft.subjectUserId,
  }));
  const result = (await db.execute(sql`
    ${insertJsonRowsSql(notifications, Object.keys(records[0] ?? {}), records)}
    on conflict (user_id, occasion_key) do nothing
    returning id, user_id as "userId"`)) as unknown as { rows: { id: string; userId: string }[] };
  // The emails some of them are owed commit with them (decision 0034).
  await enqueueNotificationEmails(
    db,
    result.rows.map((row) => row.id),
  );
  return result.rows;
}

export async function hasNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row !== undefined;
}

/** Notifications by id, with whom they are for (to deliver them elsewhere, e.g. as a push). */
export async function listNotificationsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      userId: notifications.userId,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      messageKey: notifications.messageKey,
      messageValues: notifications.messageValues,
    })
    .from(notifications)
    .where(inArray(notifications.id, ids));
}

/**
 * The language each person reads Punchclock in (profiles.language), to write what is sent to them
 * outside their requests (an email, a push) in it (`withLocale`); null (not set): English.
 */
export async function findLanguages(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Locale | null>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, language: profiles.language })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.id, isLocale(row.language) ? row.language : null]));
}
