import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { allNotificationsQueryOptions, useMarkRead } from '../api';
import { NotificationItem } from './notification-item';

/** The full list: 20 at a time, newest first, with more on demand. */
export function AllNotificationsDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const list = useInfiniteQuery({ ...allNotificationsQueryOptions, enabled: isOpen });
  const markRead = useMarkRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] max-w-xl overflow-y-auto">
        <div className="flex items-center justify-between gap-2">
          <DialogTitle>
            <Trans>All notifications</Trans>
          </DialogTitle>
          <Button
            variant="outline"
            size="sm"
            disabled={unread === 0}
            onClick={() => markRead.mutate('all')}
          >
            <Trans>Mark all read</Trans>
          </Button>
        </div>
        <DialogDescription>
          {unread === 0
            ? t`Nothing unread.`
            : plural(unread, { one: '# unread', other: '# unread' })}
        </DialogDescription>
        {list.isPending ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Loading…</Trans>
          </p>
        ) : notifications.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            <Trans>No notifications</Trans>
          </p>
        ) : (
          <div className="grid gap-1">
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onSelect={() => !notification.isRead && markRead.mutate(notification.id)}
              />
            ))}
          </div>
        )}
        {list.hasNextPage && (
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? t`Loading…` : t`Load more`}
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
