import { useLingui } from '@lingui/react/macro';
import { UserRound } from 'lucide-react';
import type { SessionUser } from '@punchclock/shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { menuOnDemand } from '@/components/ui/menu-on-demand';

// The menu's code (Radix's dropdown menu) loads when the menu is first opened.
const UserMenuDropdown = menuOnDemand(() =>
  import('./user-menu-dropdown').then((module) => module.UserMenuDropdown),
);

export function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const { t } = useLingui();
  return (
    <UserMenuDropdown
      user={user}
      onSignOut={onSignOut}
      trigger={
        <Button variant="ghost" size="icon" aria-label={t`Account menu`}>
          <UserRound aria-hidden />
        </Button>
      }
    />
  );
}
