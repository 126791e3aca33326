import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ListNotificationsResponse,
  Notification,
} from '@punchclock/shared/contracts/notifications';
import { toast } from '@/lib/toast';
import { NotificationItem } from './notification-item';
import { NotificationsBell } from './notifications-bell';

vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

let counter = 0;
function notification(fields: Partial<Notification>): Notification {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Title ${counter}`,
    message: `Message ${counter}`,
    type: 'time_off_decided',
    isRead: false,
    createdAt: new Date().toISOString(),
    ...fields,
  };
}

describe('NotificationItem', () => {
  it('announces an unread notification and marks it', () => {
    render(
      <NotificationItem
        notification={notification({ title: 'Leave approved' })}
        onSelect={() => undefined}
      />,
    );
    const item = screen.getByTestId('notification-item');
    expect(item.textContent).toMatch(/^Unread: Leave approved/);
    expect(item.className).toContain('bg-accent/60');
  });

  it('says nothing extra about a read one', () => {
    render(<NotificationItem notification={notification({ isRead: true })} onSelect={vi.fn()} />);
    const item = screen.getByTestId('notification-item');
    expect(item.textContent).not.toContain('Unread');
    expect(item.className).not.toContain('bg-accent/60');
  });

  it('runs both the wrapping menu item’s click handler and its own select', () => {
    const onClick = vi.fn();
    const onSelect = vi.fn();
    render(
      <NotificationItem notification={notification({})} onSelect={onSelect} onClick={onClick} />,
    );
    fireEvent.click(screen.getByTestId('notification-item'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});

describe('NotificationsBell', () => {
  let answer: ListNotificationsResponse;

  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast).mockClear();
  });

  function renderBell() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <NotificationsBell />
      </QueryClientProvider>,
    );
    return client;
  }

  it('counts unread notifications in its name and badge, "9+" above nine', async () => {
    answer = { notifications: [], unreadCount: 12, nextCursor: null };
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
  });

  it('has no badge when everything is read', async () => {
    answer = { notifications: [notification({ isRead: true })], unreadCount: 0, nextCursor: null };
    renderBell();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('raises a toast for each new unread notification, oldest first, not for those already there', async () => {
    const old = notification({ title: 'Already there' });
    answer = { notifications: [old], unreadCount: 1, nextCursor: null };
    const client = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(toast).not.toHaveBeenCalled();

    const newest = notification({ title: 'Newest', message: 'second' });
    const newer = notification({ title: 'Newer', message: 'first' });
    const readElsewhere = notification({ title: 'Read elsewhere', isRead: true });
    answer = {
      notifications: [newest, newer, readElsewhere, old],
      unreadCount: 3,
      nextCursor: null,
    };
    await act(() => client.invalidateQueries());
    await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(vi.mocked(toast).mock.calls).toEqual([
      ['Newer', { description: 'first' }],
      ['Newest', { description: 'second' }],
    ]);
  });
});
