import { formatDistanceToNowStrict } from 'date-fns';
import type { Notification } from '@punchclock/shared/contracts/notifications';
import { cn } from '@/lib/cn';

export function NotificationItem({
  notification,
  onSelect,
}: {
  notification: Notification;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      className={cn(
        'flex w-full gap-3 rounded-md px-2 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:bg-muted',
        !notification.isRead && 'bg-accent/60',
      )}
      data-testid="notification-item"
      aria-label={`${notification.isRead ? '' : 'Unread: '}${notification.title}`}
    >
      <span
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          notification.isRead ? 'bg-transparent' : 'bg-primary',
        )}
        aria-hidden
      />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{notification.title}</span>
        <span className="block text-muted-foreground">{notification.message}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground">
          {formatDistanceToNowStrict(new Date(notification.createdAt), { addSuffix: true })}
        </span>
      </span>
    </button>
  );
}
