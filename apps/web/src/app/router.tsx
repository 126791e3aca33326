import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useRouteError } from 'react-router';
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
import { BreakMonitoringPage } from '@/features/break-monitoring';
import { DashboardPage } from '@/features/dashboard';
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
import { ErrorFallback, NotFoundPage } from '@/features/system';
import { TimeOffPage, TimeOffSettingsPage } from '@/features/time-off';
import { AttendanceHistoryPage } from '@/features/time-tracking';
import { TimesheetsPage } from '@/features/timesheets';
import { UsersPage } from '@/features/users';
import { AppShell } from './app-shell';
import { RouteGuard } from './route-guard';

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
  '/time-approvals': TimeApprovalsPage,
  '/timesheets': TimesheetsPage,
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
