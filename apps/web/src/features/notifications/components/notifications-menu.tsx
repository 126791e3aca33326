import { Trans } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { MenuOnDemandProps } from '@/components/ui/menu-on-demand';
import { bellQueryOptions, useMarkRead } from '../api';
import { NotificationItem } from './notification-item';

/** The full list; loaded when it is first opened (#16: the dashboard loads no dialog). */
const AllNotificationsDialog = lazy(() =>
  import('./all-notifications-dialog').then((module) => ({
    default: module.AllNotificationsDialog,
  })),
);

/**
 * The bell's menu: newest 10, click to read, "Mark all read", "View all". Loaded, and mounted
 * open, when the bell is first pressed (notifications-bell.tsx).
 */
export function NotificationsMenu({ trigger }: MenuOnDemandProps) {
  const bell = useQuery(bellQueryOptions);
  const markRead = useMarkRead();
  const [isAllOpen, setIsAllOpen] = useState(false);
  const unread = bell.data?.unreadCount ?? 0;
  const notifications = bell.data?.notifications ?? [];

  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its links stay focusable. */}
      <DropdownMenu.Root modal={false} defaultOpen>
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border bg-card p-2 text-card-foreground shadow-lg"
          >
            <div className="flex items-center justify-between px-2 py-1.5">
              <DropdownMenu.Label className="text-sm font-semibold">
                <Trans>Notifications</Trans>
              </DropdownMenu.Label>
              <DropdownMenu.Item
                asChild
                disabled={unread === 0 || markRead.isPending}
                onSelect={(event) => {
                  event.preventDefault();
                  markRead.mutate('all');
                }}
              >
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto p-0"
                  disabled={unread === 0 || markRead.isPending}
                >
                  <Trans>Mark all read</Trans>
                </Button>
              </DropdownMenu.Item>
            </div>
            {notifications.length === 0 ? (
              <p className="px-2 py-6 text-center text-sm text-muted-foreground">
                <Trans>No notifications</Trans>
              </p>
            ) : (
              <div className="grid max-h-[60vh] gap-1 overflow-y-auto">
                {notifications.map((notification) => (
                  <DropdownMenu.Item
                    key={notification.id}
                    asChild
                    onSelect={(event) => event.preventDefault()}
                  >
                    <NotificationItem
                      notification={notification}
                      onSelect={() => !notification.isRead && markRead.mutate(notification.id)}
                    />
                  </DropdownMenu.Item>
                ))}
              </div>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item
              className="cursor-pointer rounded-md px-2 py-2 text-center text-sm font-medium text-primary outline-none data-[highlighted]:bg-muted"
              onSelect={() => setIsAllOpen(true)}
            >
              <Trans>View all</Trans>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {isAllOpen && (
        <Suspense fallback={null}>
          <AllNotificationsDialog isOpen onClose={() => setIsAllOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
