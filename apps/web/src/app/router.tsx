import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import {
  SCREENS,
  type ScreenDefinition,
  type ScreenPath,
} from '@punchclock/shared/domain/navigation';
import { FullPageSpinner } from '@/components/ui/spinner';
import { SetPasswordPage } from '@/features/account';
import { AdminHomePage } from '@/features/admin';
import { SmeDashboardPage, TimeApprovalsPage } from '@/features/approvals';
import { AuditLogsPage } from '@/features/audit';
import { BackupsPage } from '@/features/backups';
import { SignInPage } from '@/features/auth';
import { SetupPage } from '@/features/setup';
import { BreakMonitoringPage } from '@/features/break-monitoring';
import { KioskDevicesPage, KioskPage } from '@/features/kiosk';
import { ApiTokensPage } from '@/features/api-tokens';
import { WebhooksPage } from '@/features/webhooks';
import { SingleSignOnPage } from '@/features/sso';
import { PunchLocationsPage } from '@/features/locations';
import { DashboardPage } from '@/features/dashboard';
import { DemandPage } from '@/features/demand';
import {
  AdherenceReportPage,
  AnalyticsPage,
  CalculateAdherencePage,
  WorkedHoursPage,
} from '@/features/reports';
import {
  MySchedulePage,
  ScheduleAssignmentPage,
  ScheduleManagementPage,
} from '@/features/schedules';
import { PayRulesPage } from '@/features/pay-rules';
import { PayrollPage } from '@/features/payroll';
import { AvailabilityPage, OpenShiftsPage, RosterPage } from '@/features/rosters';
import { TimeOffPage, TimeOffSettingsPage } from '@/features/time-off';
import { AttendanceHistoryPage } from '@/features/time-tracking';
import { MyTimesheetPage, TimesheetsPage } from '@/features/timesheets';
import { UsersPage } from '@/features/users';
import { RouteGuard } from './route-guard';
import { ErrorBoundary } from './error-fallback';
import { NotFoundPage } from './not-found-page';

/**
 * The signed-in layout (sidebar, menus, dialogs, live updates) is its own chunk: the sign-in
 * page, the first page most visits see, loads none of it (#16: a lean first page).
 */
const AppShell = lazy(() => import('./app-shell').then((module) => ({ default: module.AppShell })));

// Screens load on demand (product §2): each feature's public module wraps its pages in lazy(),
// so every page is its own chunk; the shell shows a card-shaped placeholder meanwhile.
/** Every screen of the route table, each its own chunk (the compiler checks none is missing). */
const SCREEN_PAGES: Record<ScreenPath, LazyExoticComponent<ComponentType>> = {
  '/dashboard': DashboardPage,
  '/users': UsersPage,
  '/schedules': MySchedulePage,
  '/schedule-management': ScheduleManagementPage,
  '/schedule-assignment': ScheduleAssignmentPage,
  '/admin': AdminHomePage,
  '/time-off': TimeOffPage,
  '/availability': AvailabilityPage,
  '/open-shifts': OpenShiftsPage,
  '/roster': RosterPage,
  '/demand': DemandPage,
  '/time-approvals': TimeApprovalsPage,
  '/timesheets': TimesheetsPage,
  '/my-timesheet': MyTimesheetPage,
  '/sme': SmeDashboardPage,
  '/reports': AdherenceReportPage,
  '/worked-hours': WorkedHoursPage,
  '/analytics': AnalyticsPage,
  '/calculate-adherence': CalculateAdherencePage,
  '/audit-logs': AuditLogsPage,
  '/pay-rules': PayRulesPage,
  '/break-monitoring': BreakMonitoringPage,
  '/attendance-history': AttendanceHistoryPage,
  '/time-off-settings': TimeOffSettingsPage,
  '/payroll': PayrollPage,
  '/backups': BackupsPage,
  '/kiosk-devices': KioskDevicesPage,
  '/punch-locations': PunchLocationsPage,
  '/api-tokens': ApiTokensPage,
  '/webhooks': WebhooksPage,
  '/single-sign-on': SingleSignOnPage,
};

/** Each screen behind its own guard, from the one screen list (product §2 route table). */
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

export const routes: RouteObject[] = [
  {
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
      // The first run: opened from the one-time link the server prints on an empty database.
      {
        path: '/setup',
        element: (
          <Suspense fallback={<FullPageSpinner />}>
            <SetupPage />
          </Suspense>
        ),
      },
      // A shared punching device (#17): its own cookie, never a person's session.
      {
        path: '/kiosk',
        element: (
          <Suspense fallback={<FullPageSpinner />}>
            <KioskPage />
          </Suspense>
        ),
      },
      {
        element: <RouteGuard />,
        children: [
          {
            element: (
              <Suspense fallback={<FullPageSpinner />}>
                <AppShell />
              </Suspense>
            ),
            children: SCREENS.map((screen: ScreenDefinition) => screenRoute(screen)),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table, rendered inside a <BrowserRouter>. Declarative routing, not a data router
 * (createBrowserRouter): the app uses no loaders or actions, and the data router's machinery is
 * ~16 KB gzip of the first page's JavaScript (#16). A route that throws shows the error fallback;
 * Try Again reloads the page.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary onReset={() => window.location.reload()}>{useRoutes(routes)}</ErrorBoundary>
  );
}
