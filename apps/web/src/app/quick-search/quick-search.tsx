import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Role } from '@punchclock/shared/domain/roles';
import { Button } from '@/components/ui/button';

const loadPalette = () => import('./quick-search-palette');
const QuickSearchPalette = lazy(loadPalette);

/** Apple keyboards say ⌘ where others say Ctrl. */
function isApple(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/**
 * The header's "Search… Ctrl K" and its shortcut (Ctrl-K, ⌘K on Apple): opens the quick search,
 * which loads then (#16: the first page stays lean); pointing at the button starts the load.
 */
export function QuickSearch({ role }: { role: Role | null }) {
  const { t } = useLingui();
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey)
        return;
      event.preventDefault();
      setIsOpen((open) => !open);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // eslint-disable-next-line lingui/no-unlocalized-strings -- the key as Apple keyboards print it
  const shortcut = isApple() ? '⌘K' : t`Ctrl K`;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="gap-2 text-muted-foreground"
        // eslint-disable-next-line lingui/no-unlocalized-strings -- key names per ARIA, not words
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="quick-search-button"
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        onClick={() => setIsOpen(true)}
      >
        <Search aria-hidden />
        <span className="sr-only sm:not-sr-only">
          <Trans>Search…</Trans>
        </span>
        <kbd className="hidden rounded border bg-muted px-1.5 font-sans text-xs sm:inline">
          {shortcut}
        </kbd>
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <QuickSearchPalette role={role} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
