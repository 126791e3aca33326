import { useLingui } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { CornerDownRight, Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  getReachableScreens,
  NAV_SECTION_TITLES,
  NAV_SECTIONS,
  type ScreenPath,
  type SidebarPath,
} from '@punchclock/shared/domain/navigation';
import type { Role } from '@punchclock/shared/domain/roles';
import { NAVIGATION_ICONS } from '@/components/navigation-icons';
import { scoreScreen, screenKeywords } from './screen-keywords';

/**
 * The quick search (#33 part 6): every screen the person may open, by section, found by its
 * title or another word for it ("timesheet", "staff"); Enter goes there. Loaded on first use
 * (quick-search.tsx), so the first page carries none of cmdk.
 */
export default function QuickSearchPalette({
  role,
  onClose,
}: {
  role: Role | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const screens = getReachableScreens(role);
  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  return (
    <DialogPrimitive.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          className="fixed left-1/2 top-[12vh] z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-lg"
          data-testid="quick-search"
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">{t`Go to a screen`}</DialogPrimitive.Title>
          <Command label={t`Go to a screen`} loop filter={scoreScreen}>
            <div className="flex items-center gap-2 border-b px-3">
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <Command.Input
                placeholder={t`Search screens…`}
                className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              />
            </div>
            <Command.List
              label={t`Screens`}
              className="max-h-[min(60vh,24rem)] overflow-y-auto p-2"
            >
              <Command.Empty className="p-4 text-center text-sm text-muted-foreground">
                {t`No screen matches.`}
              </Command.Empty>
              {NAV_SECTIONS.map((section) => {
                const inSection = screens.filter((screen) => screen.section === section);
                if (inSection.length === 0) return null;
                const sectionTitle = NAV_SECTION_TITLES[section];
                return (
                  <Command.Group
                    key={section}
                    heading={sectionTitle}
                    className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
                  >
                    {inSection.map((screen) => {
                      const Icon = NAVIGATION_ICONS[screen.path as SidebarPath] ?? CornerDownRight;
                      return (
                        <Command.Item
                          key={screen.path}
                          value={screen.title}
                          keywords={screenKeywords(screen.path as ScreenPath, sectionTitle)}
                          onSelect={() => go(screen.path)}
                          className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
                        >
                          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                          {screen.title}
                        </Command.Item>
                      );
                    })}
                  </Command.Group>
                );
              })}
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
