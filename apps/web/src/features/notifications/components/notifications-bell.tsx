import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The top bar's bell. Notifications themselves (list, unread badge, live toasts) arrive with
 * the notifications feature; until then it opens an empty list.
 */
export function NotificationsBell() {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 rounded-lg border bg-card p-2 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-sm font-semibold">
            Notifications
          </DropdownMenu.Label>
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">No notifications</p>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
