import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useRouteError } from 'react-router';
import {
  SCREENS,
  type ScreenDefinition,
  type ScreenPath,
} from '@punchclock/shared/domain/navigation';
import { FullPageSpinner } from '@/components/ui/spinner';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { ErrorFallback } from '@/features/system/error-fallback';
import { NotFoundPage } from '@/features/system/not-found-page';
import { AppShell } from './app-shell';
import { RouteGuard } from './route-guard';

// Screens load on demand (SPEC §2); the shell shows a card-shaped placeholder meanwhile.
/** Every screen of the route table, each its own chunk (the compiler checks none is missing). */
const SCREEN_PAGES: Record<ScreenPath, LazyExoticComponent<ComponentType>> = {
  '/dashboard': lazy(() => import('@/features/dashboard/pages/dashboard-page')),
  '/users': lazy(() => import('@/features/users/pages/users-page')),
  '/schedules': lazy(() => import('@/features/schedules/pages/my-schedule-page')),
  '/schedule-management': lazy(() => import('@/features/schedules/pages/schedule-management-page')),
  '/schedule-assignment': lazy(() => import('@/features/schedules/pages/schedule-assignment-page')),
  '/admin': lazy(() => import('@/features/admin/admin-home-page')),
  '/time-off': lazy(() => import('@/features/time-off/time-off-page')),
  '/time-approvals': lazy(() => import('@/features/approvals/time-approvals-page')),
  '/sme': lazy(() => import('@/features/approvals/sme-dashboard-page')),
  '/reports': lazy(() => import('@/features/reports/pages/adherence-report-page')),
  '/worked-hours': lazy(() => import('@/features/reports/pages/worked-hours-page')),
  '/analytics': lazy(() => import('@/features/reports/pages/analytics-page')),
  '/calculate-adherence': lazy(() => import('@/features/reports/pages/calculate-adherence-page')),
  '/audit-logs': lazy(() => import('@/features/audit/audit-logs-page')),
  '/break-monitoring': lazy(() => import('@/features/break-monitoring/break-monitoring-page')),
  '/attendance-history': lazy(
    () => import('@/features/time-tracking/pages/attendance-history-page'),
  ),
};
const SetPasswordPage = lazy(() => import('@/features/account/set-password-page'));

/** Each screen behind its own guard, from the one screen list (SPEC §2 route table). */
function screenRoute(screen: ScreenDefinition): RouteObject {
  const Page = SCREEN_PAGES[screen.path as ScreenPath];
  const route = {
    path: screen.path,
    element: <Page />,
  };
  return screen.requiredRole
    ? { element: <RouteGuard requiredRole={screen.requiredRole} />, children: [route] }
    : route;
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
      // Opened from a one-time link an admin handed over; needs no session.
      {
        path: '/set-password',
        element: (
          <Suspense fallback={<FullPageSpinner />}>
            <SetPasswordPage />
          </Suspense>
        ),
      },
      {
        element: <RouteGuard />,
        children: [
          {
            element: <AppShell />,
            children: SCREENS.map((screen: ScreenDefinition) => screenRoute(screen)),
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
