import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronsLeft, ChevronsRight, Clock, LogOut } from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { getSidebarSections, type SidebarPath } from '@punchclock/shared/domain/navigation';
import type { Role } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { NAVIGATION_ICONS } from '@/components/navigation-icons';

interface SidebarProps {
  role: Role | null;
  isCollapsed: boolean;
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
  onLogout: () => void;
}

/**
 * product §2 sidebar: the role's items only, under section headings (#33 part 6: Time, People,
 * Schedules, Pay, Reports, Settings & integrations); w-64 expanded, w-20 collapsed to icons, where
 * a heading becomes a rule (still read out). Each section is a list labelled by its heading — a
 * label, not an <h2>: the page's own h1 comes first, and "Schedules" is a section and a screen.
 */
export function Sidebar({
  role,
  isCollapsed,
  onToggleCollapsed,
  onNavigate,
  onLogout,
}: SidebarProps) {
  const { t } = useLingui();
  const sections = getSidebarSections(role);
  // The drawer (phone) and the sidebar may both be in the page: ids of their own.
  const idPrefix = useId();
  return (
    <div
      className={cn(
        'flex h-full flex-col border-r bg-card transition-[width] duration-200',
        isCollapsed ? 'w-20' : 'w-64',
      )}
      data-testid="sidebar"
      data-collapsed={isCollapsed}
    >
      <div
        className={cn(
          'flex h-16 items-center gap-2 border-b px-4',
          isCollapsed && 'justify-center px-0',
        )}
      >
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Clock className="size-5" aria-hidden />
        </div>
        {!isCollapsed && <span className="text-lg font-semibold">Punchclock</span>}
      </div>
      <nav aria-label={t`Main`} className="flex-1 overflow-y-auto p-3">
        <div className="grid gap-3">
          {sections.map(({ section, title, items }, index) => {
            const headingId = `${idPrefix}-section-${section}`;
            return (
              <div key={section} className="grid gap-1" data-testid="sidebar-section">
                <p
                  id={headingId}
                  data-testid="sidebar-section-title"
                  className={cn(
                    'px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground',
                    isCollapsed && 'sr-only',
                  )}
                >
                  {title}
                </p>
                {isCollapsed && index > 0 && <hr className="mx-2 mb-1" aria-hidden />}
                <ul className="grid gap-1" aria-labelledby={headingId}>
                  {items.map((item) => {
                    const Icon = NAVIGATION_ICONS[item.path as SidebarPath];
                    return (
                      // min-w-0: a long title (French is longer) ends in "…" instead of widening the list.
                      <li key={item.path} className="min-w-0">
                        <NavLink
                          to={item.path}
                          onClick={onNavigate}
                          title={isCollapsed ? item.title : undefined}
                          aria-label={isCollapsed ? item.title : undefined}
                          className={({ isActive }) =>
                            cn(
                              'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                              isActive && 'bg-accent text-accent-foreground hover:bg-accent',
                              isCollapsed && 'justify-center px-0',
                            )
                          }
                        >
                          <Icon className="size-5 shrink-0" aria-hidden />
                          {!isCollapsed && <span className="truncate">{item.title}</span>}
                        </NavLink>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </div>
      </nav>
      <div className="grid gap-1 border-t p-3">
        {onToggleCollapsed && (
          <Button
            variant="ghost"
            className={cn(
              'justify-start text-muted-foreground',
              isCollapsed && 'justify-center px-0',
            )}
            onClick={onToggleCollapsed}
            aria-label={isCollapsed ? t`Expand sidebar` : t`Collapse sidebar`}
            aria-expanded={!isCollapsed}
          >
            {isCollapsed ? <ChevronsRight aria-hidden /> : <ChevronsLeft aria-hidden />}
            {!isCollapsed && <Trans>Collapse</Trans>}
          </Button>
        )}
        <Button
          variant="ghost"
          className={cn(
            'justify-start text-muted-foreground',
            isCollapsed && 'justify-center px-0',
          )}
          onClick={onLogout}
          aria-label={isCollapsed ? t`Logout` : undefined}
        >
          <LogOut aria-hidden />
          {!isCollapsed && <Trans>Logout</Trans>}
        </Button>
      </div>
    </div>
  );
}
