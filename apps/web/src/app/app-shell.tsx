import { Trans, useLingui } from '@lingui/react/macro';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { findScreen } from '@punchclock/shared/domain/navigation';
import { Button } from '@/components/ui/button';
import { CardSkeleton } from '@/components/ui/skeleton';
import { SessionTimeoutDialog, useIdleTimeout, useSignOut } from '@/features/auth';
import { useLanguageSync } from '@/features/account';
import { useLiveUpdates } from '@/features/live';
import { NotificationsBell } from '@/features/notifications';
import { usePendingSync } from '@/features/time-tracking';
import { preloadToasts } from '@/lib/toast';
import { registerServiceWorker } from '@/lib/app-updates';
import { sessionQueryKey } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { ErrorBoundary } from './error-fallback';
import { QuickSearch } from './quick-search/quick-search';
import { Sidebar } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

// Dialogs load when they open: the dashboard, where most sessions start, needs none (#16).
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(() => loadMobileNav().then((module) => ({ default: module.MobileNav })));

/**
 * What a signed-in screen must be able to show offline — toasts (a punch queued) and the phone
 * menu. The service worker precaches the whole app, these included, so they load on first use
 * even offline (#32: the first visit loads only what the dashboard shows). Where no worker can be
 * registered (an old browser, a private window that refuses it) they are loaded as the layout
 * mounts, while the network is there.
 */
function prepareForOffline(): void {
  void registerServiceWorker().then((isRegistered) => {
    if (isRegistered) return;
    preloadToasts();
    void loadMobileNav();
  });
}

const COLLAPSED_KEY = 'punchclock:sidebar-collapsed';

/** Signed-in layout: sidebar, top bar with the bell, idle timeout, and the page. */
export function AppShell() {
  const { t } = useLingui();
  const { user, data } = useSession();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [isCollapsed, setIsCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [isMobileNavOpen, setIsMobileNavOpen] = useState(false);
  const hasExpired = useRef(false);

  const toggleCollapsed = () => {
    setIsCollapsed((previous) => {
      localStorage.setItem(COLLAPSED_KEY, previous ? '0' : '1');
      return !previous;
    });
  };
  const logout = useCallback(() => signOut.mutate(undefined), [signOut]);

  const { secondsLeft, stayLoggedIn } = useIdleTimeout({
    limitMs: (data?.idleTimeoutMinutes ?? 60) * 60 * 1000,
    onExpire: () => {
      if (hasExpired.current) return;
      hasExpired.current = true;
      signOut.mutate(t`You were signed out after a period of inactivity.`);
    },
    onActiveHeartbeat: () => void queryClient.refetchQueries({ queryKey: sessionQueryKey }),
  });

  useEffect(prepareForOffline, []);
  useLanguageSync(user?.language);
  useLiveUpdates(user !== null);
  usePendingSync(user?.id ?? null);

  if (!user) return null;
  const title = findScreen(location.pathname)?.title ?? '';

  return (
    <div className="flex h-full overflow-hidden bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <aside className="hidden md:flex">
        <Sidebar
          role={user.role}
          isCollapsed={isCollapsed}
          onToggleCollapsed={toggleCollapsed}
          onLogout={logout}
        />
      </aside>
      {isMobileNavOpen && (
        <Suspense fallback={null}>
          <MobileNav role={user.role} onClose={() => setIsMobileNavOpen(false)} onLogout={logout} />
        </Suspense>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-card px-3 md:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t`Open menu`}
            onClick={() => setIsMobileNavOpen(true)}
          >
            <Menu aria-hidden />
          </Button>
          {/* On wide screens the sidebar shows where you are and each page has its own heading. */}
          <p className="truncate text-base font-semibold md:hidden">{title}</p>
          <div className="ml-auto flex items-center gap-1">
            <QuickSearch role={user.role} />
            <NotificationsBell />
            <ThemeToggle />
            <UserMenu user={user} onSignOut={logout} />
          </div>
        </header>
        <main id="main" className="flex-1 overflow-y-auto p-4 md:p-6">
          <ErrorBoundary key={location.pathname}>
            <Suspense fallback={<CardSkeleton />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      {secondsLeft !== null && (
        <Suspense fallback={null}>
          <SessionTimeoutDialog secondsLeft={secondsLeft} onStayLoggedIn={stayLoggedIn} />
        </Suspense>
      )}
    </div>
  );
}
