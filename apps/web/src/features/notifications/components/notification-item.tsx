import { Trans } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import type { Notification } from '@punchclock/shared/contracts/notifications';
import { cn } from '@/lib/cn';
import { formatRelativeToNow } from '@/lib/relative-time';

/** Extra props come from a menu item wrapping it (role, focus handling), so they are passed on. */
export function NotificationItem({
  notification,
  onSelect,
  className,
  onClick,
  ...props
}: ComponentProps<'button'> & {
  notification: Notification;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        onSelect();
      }}
      className={cn(
        'flex w-full gap-3 rounded-md px-2 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:bg-muted',
        !notification.isRead && 'bg-accent/60',
        className,
      )}
      data-testid="notification-item"
    >
      <span
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          notification.isRead ? 'bg-transparent' : 'bg-primary',
        )}
        aria-hidden
      />
      <span className="min-w-0 flex-1">
        {!notification.isRead && (
          <span className="sr-only">
            <Trans>Unread:</Trans>{' '}
          </span>
        )}
        <span className="block font-medium">{notification.title}</span>
        <span className="block text-muted-foreground">{notification.message}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground">
          {formatRelativeToNow(notification.createdAt)}
        </span>
      </span>
    </button>
  );
}
