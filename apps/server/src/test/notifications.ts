import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ListNotificationsResponse } from '@punchclock/shared/contracts/notifications';
import type { Db } from '../db/client.ts';
import { auditLog, notifications } from '../db/schema.ts';
import { CSRF_HEADERS } from './app.ts';

export interface SeedNotificationsOptions {
  /**
   * How the rows are timed: `distinct` a second apart (row 0 oldest), `one-statement` in a
   * single insert so they share created_at as a batch from the rules job does, `microseconds`
   * 300 µs apart (several within one millisecond, finer than a JavaScript Date).
   */
  timing?: 'distinct' | 'one-statement' | 'microseconds';
  type?: string;
  isRead?: boolean;
}

/** Notifications for one user, returned oldest first (row i is titled "Notification i"). */
export async function seedNotifications(
  db: Db,
  userId: string,
  count: number,
  options: SeedNotificationsOptions = {},
): Promise<{ id: string; title: string }[]> {
  const timing = options.timing ?? 'distinct';
  const base = Date.parse('2026-06-10T12:00:00.000Z');
  const rows = Array.from({ length: count }, (_, index) => ({
    userId,
    title: `Notification ${index}`,
    message: `Message ${index}`,
    type: options.type ?? 'info',
    isRead: options.isRead ?? false,
    ...(timing === 'distinct' ? { createdAt: new Date(base + index * 1000) } : {}),
    ...(timing === 'microseconds'
      ? {
          createdAt: sql`${new Date(base).toISOString()}::timestamptz + make_interval(secs => ${index * 300}::float8 / 1000000)`,
        }
      : {}),
  }));
  // Either way the ids come back in row order, oldest first.
  const inserted = await db
    .insert(notifications)
    .values(rows as (typeof notifications.$inferInsert)[])
    .returning({ id: notifications.id, title: notifications.title });
  return [...inserted].sort(
    (a, b) => Number(a.title.split(' ')[1]) - Number(b.title.split(' ')[1]),
  );
}

/** The stored notifications of some users, for assertions on what the rules job raised. */
export function readNotificationRows(db: Db, userIds: string[]) {
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      occasionKey: notifications.occasionKey,
      subjectUserId: notifications.subjectUserId,
      isRead: notifications.isRead,
    })
    .from(notifications)
    .where(inArray(notifications.userId, userIds))
    .orderBy(asc(notifications.userId), asc(notifications.occasionKey));
}

/** (user, occasion) pairs stored more than once: must always be empty. */
export async function findDuplicateOccasions(db: Db): Promise<string[]> {
  const rows = await db
    .select({
      userId: notifications.userId,
      occasionKey: notifications.occasionKey,
      copies: sql<number>`count(*)::int`,
    })
    .from(notifications)
    .groupBy(notifications.userId, notifications.occasionKey)
    .having(sql`count(*) > 1`);
  return rows.map((row) => `${row.userId} ${row.occasionKey} ×${row.copies}`);
}

export async function isNotificationRead(db: Db, id: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ isRead: notifications.isRead })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row?.isRead;
}

/** GET /api/notifications that must succeed. */
export async function fetchNotifications(
  app: FastifyInstance,
  cookie: string,
  query = '',
): Promise<ListNotificationsResponse> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: { cookie },
  });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/notifications${query}: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** A POST as the web app sends it (CSRF header unless `withCsrf` is false). */
export function postAs(
  app: FastifyInstance,
  cookie: string | null,
  url: string,
  { withCsrf = true }: { withCsrf?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'user-agent': 'punchclock-tests',
      ...(withCsrf ? CSRF_HEADERS : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** The audit rows a user wrote with one action, oldest first. */
export function readAuditByActor(db: Db, actorId: string, action: string) {
  return db
    .select({
      actorId: auditLog.actorId,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      after: auditLog.after,
      userAgent: auditLog.userAgent,
    })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));
}

/** Every notification row in the database. */
export async function countNotifications(db: Db): Promise<number> {
  const [row] = await db.select({ rows: sql<number>`count(*)::int` }).from(notifications);
  return row?.rows ?? 0;
}
