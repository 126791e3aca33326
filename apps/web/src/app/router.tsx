import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useRouteError } from 'react-router';
import { SCREENS, type ScreenPath } from '@punchclock/shared/domain/navigation';
import type { Role } from '@punchclock/shared/domain/roles';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { ErrorFallback } from '@/features/system/error-fallback';
import { NotFoundPage } from '@/features/system/not-found-page';
import { AppShell } from './app-shell';
import { RouteGuard } from './route-guard';

// Screens load on demand (SPEC §2); the shell shows a card-shaped placeholder meanwhile.
const BUILT_SCREENS: Partial<Record<ScreenPath, LazyExoticComponent<ComponentType>>> = {
  '/dashboard': lazy(() => import('@/features/dashboard/pages/dashboard-page')),
  '/users': lazy(() => import('@/features/users/pages/users-page')),
  '/schedules': lazy(() => import('@/features/schedules/pages/my-schedule-page')),
  '/schedule-management': lazy(() => import('@/features/schedules/pages/schedule-management-page')),
  '/schedule-assignment': lazy(() => import('@/features/schedules/pages/schedule-assignment-page')),
  '/break-monitoring': lazy(() => import('@/features/break-monitoring/break-monitoring-page')),
  '/attendance-history': lazy(
    () => import('@/features/time-tracking/pages/attendance-history-page'),
  ),
};
const ScreenPlaceholderPage = lazy(() => import('@/features/placeholder/screen-placeholder-page'));

function screenRoute(path: ScreenPath): RouteObject {
  const Page = BUILT_SCREENS[path];
  return { path, element: Page ? <Page /> : <ScreenPlaceholderPage path={path} /> };
}

function screensRequiring(role: Role | undefined): RouteObject[] {
  return SCREENS.filter(
    (screen) => ('requiredRole' in screen ? screen.requiredRole : undefined) === role,
  ).map((screen) => screenRoute(screen.path));
}

function RouteErrorFallback() {
  const error = useRouteError();
  console.error(error);
  return <ErrorFallback onReset={() => window.location.reload()} />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorFallback />,
    children: [
      { path: '/', element: <Navigate to="/auth" replace /> },
      { path: '/auth', element: <SignInPage /> },
      {
        element: <RouteGuard />,
        children: [
          {
            element: <AppShell />,
            children: [
              ...screensRequiring(undefined),
              { element: <RouteGuard requiredRole="sme" />, children: screensRequiring('sme') },
              { element: <RouteGuard requiredRole="admin" />, children: screensRequiring('admin') },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
