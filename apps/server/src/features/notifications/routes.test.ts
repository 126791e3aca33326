import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotificationsResponseSchema } from '@punchclock/shared/contracts/notifications';
import { LIVE_CHANNEL } from '../../platform/live-events.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  fetchNotifications,
  isNotificationRead,
  postAs,
  readAuditByActor,
  seedNotifications,
} from '../../test/notifications.ts';
import { createSessionUser, waitFor } from '../../test/time-tracking.ts';

const UNAUTHORIZED = { message: 'Please sign in', code: 'unauthorized' };

describeEachDatabase('notifications api', (getDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  const newUser = () => createSessionUser(getDatabase().db);

  describe('GET /api/notifications', () => {
    it('answers 401 without a session', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/notifications' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    });

    it('lists the caller’s 10 newest first by default, with the unread count', async () => {
      const user = await newUser();
      const seeded = await seedNotifications(getDatabase().db, user.id, 12);

      const page = await fetchNotifications(app, user.cookie);

      expect(listNotificationsResponseSchema.parse(page)).toEqual(page);
      const newestFirst = [...seeded].reverse();
      expect(page.notifications.map((each) => each.id)).toEqual(
        newestFirst.slice(0, 10).map((each) => each.id),
      );
      expect(page.notifications[0]).toEqual({
        id: seeded[11]?.id,
        title: 'Notification 11',
        message: 'Message 11',
        type: 'info',
        isRead: false,
        createdAt: '2026-06-10T12:00:11.000Z',
      });
      expect(page.unreadCount).toBe(12);
      expect(page.nextCursor).toBe(newestFirst[9]?.id);
    });

    it('shows nobody else’s notifications and counts only the caller’s unread', async () => {
      const user = await newUser();
      const other = await newUser();
      await seedNotifications(getDatabase().db, other.id, 4);
      const own = await seedNotifications(getDatabase().db, user.id, 3);
      await seedNotifications(getDatabase().db, user.id, 2, { isRead: true });

      const page = await fetchNotifications(app, user.cookie);

      expect(page.notifications).toHaveLength(5);
      expect(page.unreadCount).toBe(3);
      expect(page.nextCursor).toBeNull();
      expect(page.notifications.map((each) => each.id)).toEqual(
        expect.arrayContaining(own.map((each) => each.id)),
      );
    });

    it('answers an empty list with no cursor for someone with nothing', async () => {
      const user = await newUser();
      expect(await fetchNotifications(app, user.cookie)).toEqual({
        notifications: [],
        unreadCount: 0,
        nextCursor: null,
      });
    });

    it.each(['distinct', 'one-statement', 'microseconds'] as const)(
      'pages 25 rows (%s timing) as 20 and 5 with before/nextCursor, nothing lost or repeated',
      async (timing) => {
        const user = await newUser();
        const seeded = await seedNotifications(getDatabase().db, user.id, 25, { timing });

        const first = await fetchNotifications(app, user.cookie, '?limit=20');
        expect(first.notifications).toHaveLength(20);
        expect(first.unreadCount).toBe(25);
        expect(first.nextCursor).toBe(first.notifications.at(-1)?.id);

        const second = await fetchNotifications(
          app,
          user.cookie,
          `?limit=20&before=${first.nextCursor}`,
        );
        expect(second.notifications).toHaveLength(5);
        expect(second.nextCursor).toBeNull();
        expect(second.unreadCount).toBe(25);

        const listed = [...first.notifications, ...second.notifications];
        expect(new Set(listed.map((each) => each.id)).size).toBe(25);
        expect(listed.map((each) => each.id).sort()).toEqual(seeded.map((each) => each.id).sort());
        // Newest first across both pages.
        const times = listed.map((each) => Date.parse(each.createdAt));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        if (timing !== 'one-statement') {
          expect(listed.map((each) => each.id)).toEqual(
            [...seeded].reverse().map((each) => each.id),
          );
        }
      },
    );

    it('gives no cursor when the last page is exactly full', async () => {
      const user = await newUser();
      await seedNotifications(getDatabase().db, user.id, 20);
      const page = await fetchNotifications(app, user.cookie, '?limit=20');
      expect(page.notifications).toHaveLength(20);
      expect(page.nextCursor).toBeNull();
    });

    it('refuses a limit above 50 and a malformed cursor with 400', async () => {
      const user = await newUser();
      const tooMany = await app.inject({
        method: 'GET',
        url: '/api/notifications?limit=51',
        headers: { cookie: user.cookie },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ message: 'Ask for at most 50 at a time', code: 'invalid' });
      const badCursor = await app.inject({
        method: 'GET',
        url: '/api/notifications?before=yesterday',
        headers: { cookie: user.cookie },
      });
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json()).toEqual({ message: 'Invalid cursor', code: 'invalid' });
    });

    it('does not page through someone else’s list with their notification as the cursor', async () => {
      const user = await newUser();
      const other = await newUser();
      const [othersOldest] = await seedNotifications(getDatabase().db, other.id, 3);
      const own = await seedNotifications(getDatabase().db, user.id, 2);
      const page = await fetchNotifications(app, user.cookie, `?before=${othersOldest?.id}`);
      expect(page.notifications.every((each) => own.some((mine) => mine.id === each.id))).toBe(
        true,
      );
    });
  });

  describe('POST /api/notifications/:id/read', () => {
    it('marks the caller’s notification read, writes one audit row and lowers the count', async () => {
      const user = await newUser();
      const [target, untouched] = await seedNotifications(getDatabase().db, user.id, 2);
      if (!target || !untouched) throw new Error('seeding failed');

      const response = await postAs(app, user.cookie, `/api/notifications/${target.id}/read`);

      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await isNotificationRead(getDatabase().db, target.id)).toBe(true);
      expect(await isNotificationRead(getDatabase().db, untouched.id)).toBe(false);
      const page = await fetchNotifications(app, user.cookie);
      expect(page.unreadCount).toBe(1);
      expect(page.notifications.find((each) => each.id === target.id)?.isRead).toBe(true);
      expect(await readAuditByActor(getDatabase().db, user.id, 'notification.read')).toEqual([
        {
          actorId: user.id,
          action: 'notification.read',
          entityType: 'notification',
          entityId: target.id,
          after: null,
          userAgent: 'punchclock-tests',
        },
      ]);
    });

    it('answers 204 again for an already read notification', async () => {
      const user = await newUser();
      const [target] = await seedNotifications(getDatabase().db, user.id, 1, { isRead: true });
      const response = await postAs(app, user.cookie, `/api/notifications/${target?.id}/read`);
      expect(response.statusCode).toBe(204);
      expect(await isNotificationRead(getDatabase().db, target?.id ?? '')).toBe(true);
    });

    it('answers 404 for another user’s notification and leaves it unread', async () => {
      const user = await newUser();
      const other = await newUser();
      const [theirs] = await seedNotifications(getDatabase().db, other.id, 1);

      const response = await postAs(app, user.cookie, `/api/notifications/${theirs?.id}/read`);

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Notification not found', code: 'not_found' });
      expect(await isNotificationRead(getDatabase().db, theirs?.id ?? '')).toBe(false);
      expect((await fetchNotifications(app, other.cookie)).unreadCount).toBe(1);
      expect(await readAuditByActor(getDatabase().db, user.id, 'notification.read')).toEqual([]);
    });

    it('answers 404 for an id that does not exist, and never 500 for a malformed one', async () => {
      const user = await newUser();
      const unknown = await postAs(app, user.cookie, `/api/notifications/${randomUUID()}/read`);
      expect(unknown.statusCode).toBe(404);
      const malformed = await postAs(app, user.cookie, '/api/notifications/not-an-id/read');
      expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
      expect(malformed.statusCode).toBeLessThan(500);
      expect(malformed.json().message).toBe('Notification not found');
    });

    it('answers 401 without a session', async () => {
      const user = await newUser();
      const [target] = await seedNotifications(getDatabase().db, user.id, 1);
      const response = await postAs(app, null, `/api/notifications/${target?.id}/read`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
      expect(await isNotificationRead(getDatabase().db, target?.id ?? '')).toBe(false);
    });

    it('refuses a request without the CSRF header', async () => {
      const user = await newUser();
      const [target] = await seedNotifications(getDatabase().db, user.id, 1);
      const response = await postAs(app, user.cookie, `/api/notifications/${target?.id}/read`, {
        withCsrf: false,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused', code: 'csrf' });
      expect(await isNotificationRead(getDatabase().db, target?.id ?? '')).toBe(false);
    });
  });

  describe('POST /api/notifications/read-all', () => {
    it('marks only the caller’s unread rows read and writes one audit row', async () => {
      const user = await newUser();
      const other = await newUser();
      const own = await seedNotifications(getDatabase().db, user.id, 3);
      await seedNotifications(getDatabase().db, user.id, 2, { isRead: true });
      const theirs = await seedNotifications(getDatabase().db, other.id, 2);

      const response = await postAs(app, user.cookie, '/api/notifications/read-all');

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ updated: 3 });
      for (const each of own)
        expect(await isNotificationRead(getDatabase().db, each.id)).toBe(true);
      for (const each of theirs) {
        expect(await isNotificationRead(getDatabase().db, each.id)).toBe(false);
      }
      expect((await fetchNotifications(app, user.cookie)).unreadCount).toBe(0);
      expect((await fetchNotifications(app, other.cookie)).unreadCount).toBe(2);
      expect(await readAuditByActor(getDatabase().db, user.id, 'notification.read_all')).toEqual([
        {
          actorId: user.id,
          action: 'notification.read_all',
          entityType: 'notification',
          entityId: null,
          after: { updated: 3 },
          userAgent: 'punchclock-tests',
        },
      ]);
      expect(await readAuditByActor(getDatabase().db, other.id, 'notification.read_all')).toEqual(
        [],
      );
    });

    it('answers 0 when nothing is unread, still one audit row per call', async () => {
      const user = await newUser();
      await seedNotifications(getDatabase().db, user.id, 2);
      expect((await postAs(app, user.cookie, '/api/notifications/read-all')).json()).toEqual({
        updated: 2,
      });
      expect((await postAs(app, user.cookie, '/api/notifications/read-all')).json()).toEqual({
        updated: 0,
      });
      const rows = await readAuditByActor(getDatabase().db, user.id, 'notification.read_all');
      expect(rows.map((row) => row.after)).toEqual([{ updated: 2 }, { updated: 0 }]);
    });

    it('answers 401 without a session and 403 without the CSRF header', async () => {
      const user = await newUser();
      const [target] = await seedNotifications(getDatabase().db, user.id, 1);
      const anonymous = await postAs(app, null, '/api/notifications/read-all');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(UNAUTHORIZED);
      const noCsrf = await postAs(app, user.cookie, '/api/notifications/read-all', {
        withCsrf: false,
      });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().code).toBe('csrf');
      expect(await isNotificationRead(getDatabase().db, target?.id ?? '')).toBe(false);
      expect(await readAuditByActor(getDatabase().db, user.id, 'notification.read_all')).toEqual(
        [],
      );
    });
  });

  it('tells the reader’s other tabs on the live channel when something was marked read', async () => {
    const user = await newUser();
    const [target] = await seedNotifications(getDatabase().db, user.id, 2);
    const payloads: unknown[] = [];
    const stop = await getDatabase().database.listen(LIVE_CHANNEL, {
      onNotification: (payload) => payloads.push(JSON.parse(payload)),
      onReconnect: () => {},
    });
    try {
      await postAs(app, user.cookie, `/api/notifications/${target?.id}/read`);
      await postAs(app, user.cookie, '/api/notifications/read-all');
      const mine = () =>
        payloads.filter((payload) => (payload as { userId?: string }).userId === user.id);
      await waitFor(() => expect(mine()).toHaveLength(2));
      expect(mine()).toEqual([
        { userId: user.id, topic: 'notifications' },
        { userId: user.id, topic: 'notifications' },
      ]);
    } finally {
      await stop();
    }
  });
});
