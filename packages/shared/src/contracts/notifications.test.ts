import { describe, expect, it } from 'vitest';
import {
  BELL_LIMIT,
  formatUnreadBadge,
  FULL_LIST_LIMIT,
  listNotificationsQuerySchema,
  listNotificationsResponseSchema,
  notificationSchema,
} from './notifications.ts';

const ID = '0b7f3c1e-8a4d-4f7e-9a1b-2c3d4e5f6a7b';

const NOTIFICATION = {
  id: ID,
  title: 'You are late',
  message: 'Your shift (Day) started at 9:00 AM and you have not clocked in.',
  type: 'late',
  isRead: false,
  createdAt: '2026-06-10T13:05:00.000Z',
};

describe('notification list limits (product §9)', () => {
  it('are 10 in the header bell and 20 a page in the full list', () => {
    expect(BELL_LIMIT).toBe(10);
    expect(FULL_LIST_LIMIT).toBe(20);
  });
});

describe('formatUnreadBadge', () => {
  it('shows no badge without unread notifications', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(-1)).toBeNull();
  });

  it('shows the count up to 9', () => {
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(9)).toBe('9');
  });

  it('shows 9+ above 9', () => {
    expect(formatUnreadBadge(10)).toBe('9+');
    expect(formatUnreadBadge(250)).toBe('9+');
  });
});

describe('listNotificationsQuerySchema', () => {
  it('defaults to the bell limit with no cursor', () => {
    expect(listNotificationsQuerySchema.parse({})).toEqual({ limit: 10 });
  });

  it('reads the limit and cursor from query strings', () => {
    expect(listNotificationsQuerySchema.parse({ limit: '20', before: ID })).toEqual({
      limit: 20,
      before: ID,
    });
  });

  it.each([
    ['0', 'Too small'],
    ['51', 'Ask for at most 50 at a time'],
    ['2.5', 'expected int'],
    ['ten', 'expected number'],
  ])('refuses limit=%s', (limit, message) => {
    const result = listNotificationsQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message.toLowerCase()).toContain(message.toLowerCase());
  });

  it('accepts 50', () => {
    expect(listNotificationsQuerySchema.parse({ limit: '50' }).limit).toBe(50);
  });

  it('refuses a cursor that is not a notification id', () => {
    const result = listNotificationsQuerySchema.safeParse({ before: 'yesterday' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid cursor');
  });
});

describe('notification response schemas', () => {
  it('accept a page with a cursor, and the last page without', () => {
    const page = { notifications: [NOTIFICATION], unreadCount: 1, nextCursor: ID };
    expect(listNotificationsResponseSchema.parse(page)).toEqual(page);
    expect(
      listNotificationsResponseSchema.parse({ ...page, nextCursor: null }).nextCursor,
    ).toBeNull();
  });

  it('accept the known types and others (product §3: late, overbreak, warning, shift_reminder, info…)', () => {
    for (const type of ['late', 'overbreak', 'warning', 'shift_reminder', 'info', 'announcement']) {
      expect(notificationSchema.parse({ ...NOTIFICATION, type }).type).toBe(type);
    }
  });

  it('require the read flag and an id', () => {
    expect(notificationSchema.safeParse({ ...NOTIFICATION, isRead: 'no' }).success).toBe(false);
    expect(notificationSchema.safeParse({ ...NOTIFICATION, id: 'n-1' }).success).toBe(false);
  });
});
