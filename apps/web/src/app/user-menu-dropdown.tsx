import { Trans, useLingui } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Moon, Settings, Sun } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { SessionUser } from '@punchclock/shared/contracts/auth';
import { ROLE_LABELS } from '@punchclock/shared/domain/roles';
import type { MenuOnDemandProps } from '@/components/ui/menu-on-demand';
import { AccountDialog } from '@/features/account';
import { useTheme } from '@/lib/theme';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

export interface UserMenuProps extends MenuOnDemandProps {
  user: SessionUser;
  onSignOut: () => void;
}

/** The account menu; loaded, and mounted open, when its button is first pressed (user-menu.tsx). */
export function UserMenuDropdown({ trigger, user, onSignOut }: UserMenuProps) {
  const { t } = useLingui();
  const { theme, toggleTheme } = useTheme();
  const [isAccountOpen, setIsAccountOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-60 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
          >
            <div className="px-2 py-2">
              <p className="truncate text-sm font-medium">{user.name ?? user.email}</p>
              {user.name && <p className="truncate text-xs text-muted-foreground">{user.email}</p>}
              <p className="mt-1 text-xs text-muted-foreground">
                {ROLE_LABELS[user.role ?? 'employee']}
              </p>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} onSelect={() => setIsAccountOpen(true)}>
              <Settings className="size-4" aria-hidden />
              <Trans>Account settings</Trans>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={toggleTheme}>
              {theme === 'dark' ? (
                <Sun className="size-4" aria-hidden />
              ) : (
                <Moon className="size-4" aria-hidden />
              )}
              {theme === 'dark' ? t`Light theme` : t`Dark theme`}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
              <LogOut className="size-4" aria-hidden />
              <Trans>Sign Out</Trans>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {isAccountOpen && (
        <Suspense fallback={null}>
          <AccountDialog
            user={user}
            isOpen={isAccountOpen}
            onClose={() => setIsAccountOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
