import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import { formatUnreadBadge, type Notification } from '@punchclock/shared/contracts/notifications';
import { Button } from '@/components/ui/button';
import { menuOnDemand } from '@/components/ui/menu-on-demand';
import { bellQueryOptions } from '../api';

// The menu's code (Radix's dropdown menu) loads when the bell is first pressed.
const NotificationsMenu = menuOnDemand(() =>
  import('./notifications-menu').then((module) => module.NotificationsMenu),
);

/** New unread notifications since the last look raise a toast (product §2: live notifications). */
function useToastNewNotifications(notifications: Notification[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!notifications) return;
    if (seen.current === null) {
      seen.current = new Set(notifications.map((notification) => notification.id));
      return;
    }
    for (const notification of [...notifications].reverse()) {
      if (seen.current.has(notification.id)) continue;
      seen.current.add(notification.id);
      if (!notification.isRead) toast(notification.title, { description: notification.message });
    }
  }, [notifications]);
}

/** product §2 bell: newest 10, unread badge ("9+" above 9), click to read, "Mark all read". */
export function NotificationsBell() {
  const { t } = useLingui();
  const bell = useQuery(bellQueryOptions);
  useToastNewNotifications(bell.data?.notifications);

  const unread = bell.data?.unreadCount ?? 0;
  const badge = formatUnreadBadge(unread);

  return (
    <NotificationsMenu
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={
            unread > 0
              ? plural(unread, {
                  one: 'Notifications, # unread',
                  other: 'Notifications, # unread',
                })
              : t`Notifications`
          }
        >
          <Bell aria-hidden />
          {badge && (
            <span
              className="absolute right-1 top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground"
              data-testid="notification-badge"
            >
              {badge}
            </span>
          )}
        </Button>
      }
    />
  );
}
