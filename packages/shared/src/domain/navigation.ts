import { t } from '@lingui/core/macro';
import { getRoleFlags, hasRequiredRole, type Role, type RoleRequirement } from './roles.ts';

/**
 * The product's screens (product §2). `requiredRole` drives both the route guard and the
 * server-side page of the same name; `sidebarRoles` is the sidebar table, in its order.
 */
export interface ScreenDefinition {
  path: string;
  title: string;
  requiredRole?: RoleRequirement;
  sidebarRoles?: readonly Role[];
}

export const SCREENS = [
  {
    path: '/dashboard',
    get title() {
      return t`Dashboard`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/sme',
    get title() {
      return t`SME Dashboard`;
    },
    requiredRole: 'sme',
    sidebarRoles: ['sme', 'admin'],
  },
  {
    path: '/attendance-history',
    get title() {
      return t`Attendance`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/schedules',
    get title() {
      return t`Schedules`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/time-off',
    get title() {
      return t`Time Off`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  // Rosters (#30): when each person can work, and the published shifts they may pick up, offer
  // to a colleague or give away. Everyone on a roster; sme-only accounts plan no shifts.
  {
    path: '/availability',
    get title() {
      return t`Availability`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/open-shifts',
    get title() {
      return t`Open Shifts & Swaps`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  // The roster board (issue #30, decision 0047): planners build a week of shifts and publish it;
  // the first of the planners' screens, after everyone's own.
  {
    path: '/roster',
    get title() {
      return t`Roster`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  // Planning from demand (#31, decision 0048): people needed per interval, the workload forecast,
  // the auto-fill of a roster week and coverage; beside the roster it feeds.
  {
    path: '/demand',
    get title() {
      return t`Demand Planning`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  // The route table says admin-only, but the sidebar offers it to sme and issue #8 gives it to
  // sme (and to team leads for their own team when an admin enables that); admin passes too.
  {
    path: '/time-approvals',
    get title() {
      return t`Time Approvals`;
    },
    requiredRole: ['sme', 'team_lead'],
    sidebarRoles: ['admin', 'sme'],
  },
  // Timesheet sign-off per pay period (issue #14, docs/decisions/0017): whoever approves time
  // (team leads read their team's; they decide only when an admin lets them), admins lock.
  {
    path: '/timesheets',
    get title() {
      return t`Timesheets`;
    },
    requiredRole: ['sme', 'team_lead'],
    sidebarRoles: ['admin', 'sme', 'team_lead'],
  },
  // Team leads see their own team in User Management (read-only) and in the three reports
  // (issues #6 and #7, docs/decisions/0008).
  {
    path: '/users',
    get title() {
      return t`User Management`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/schedule-management',
    get title() {
      return t`Schedule Management`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/schedule-assignment',
    get title() {
      return t`Schedule Assignment`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/reports',
    get title() {
      return t`Adherence Reports`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/worked-hours',
    get title() {
      return t`Worked Hours Report`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/analytics',
    get title() {
      return t`Analytics`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/audit-logs',
    get title() {
      return t`Audit Logs`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  // Overtime rule sets and their assignments (issue #14, docs/decisions/0016).
  {
    path: '/pay-rules',
    get title() {
      return t`Pay Rules`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/break-monitoring',
    get title() {
      return t`Break Monitoring`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/payroll',
    get title() {
      return t`Payroll`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/admin',
    get title() {
      return t`Admin`;
    },
    requiredRole: 'admin',
  },
  {
    path: '/calculate-adherence',
    get title() {
      return t`Calculate Adherence`;
    },
    requiredRole: 'admin',
  },
  {
    path: '/time-off-settings',
    get title() {
      return t`Time Off Settings`;
    },
    requiredRole: 'admin',
  },
  // Snapshots of the embedded database (issue #15); reached from the Admin screen.
  {
    path: '/backups',
    get title() {
      return t`Backups`;
    },
    requiredRole: 'admin',
  },
  // Shared punching devices (issue #17, decision 0026): enrol with a code, list, revoke.
  {
    path: '/kiosk-devices',
    get title() {
      return t`Kiosk Devices`;
    },
    requiredRole: 'admin',
  },
  // Where each team may punch (issue #17, decision 0028).
  {
    path: '/punch-locations',
    get title() {
      return t`Punch Locations`;
    },
    requiredRole: 'admin',
  },
  // Tokens other systems call the API with (issue #18, decision 0032).
  {
    path: '/api-tokens',
    get title() {
      return t`API Tokens`;
    },
    requiredRole: 'admin',
  },
  // Signed event deliveries to other systems (issue #18, decision 0033).
  {
    path: '/webhooks',
    get title() {
      return t`Webhooks`;
    },
    requiredRole: 'admin',
  },
  // Identity providers and password sign-in (issue #19, decision 0035).
  {
    path: '/single-sign-on',
    get title() {
      return t`Single Sign-On`;
    },
    requiredRole: 'admin',
  },
] as const satisfies readonly ScreenDefinition[];

export type ScreenPath = (typeof SCREENS)[number]['path'];

/** The screens some sidebar lists; the others are reached from the Admin screen. */
export type SidebarPath = Extract<
  (typeof SCREENS)[number],
  { sidebarRoles: readonly Role[] }
>['path'];

export function findScreen(path: string): ScreenDefinition | undefined {
  return SCREENS.find((screen) => screen.path === path);
}

/** Sidebar items for a role: a missing role counts as employee; the sme flag adds sme items. */
export function getSidebarItems(role: Role | null | undefined): ScreenDefinition[] {
  const effectiveRole: Role = role ?? 'employee';
  const { isSme } = getRoleFlags(role);
  return SCREENS.filter((screen: ScreenDefinition) => {
    const roles = screen.sidebarRoles;
    if (!roles) return false;
    return roles.includes(effectiveRole) || (isSme && roles.includes('sme'));
  });
}

export type GuardDecision =
  { kind: 'loading' } | { kind: 'redirect'; to: '/auth' | '/dashboard' } | { kind: 'allow' };

/** product §2 route guard, as a pure decision the router renders. */
export function decideGuard(input: {
  isLoading: boolean;
  isSignedIn: boolean;
  role: Role | null | undefined;
  requiredRole?: RoleRequirement | undefined;
}): GuardDecision {
  if (input.isLoading) return { kind: 'loading' };
  if (!input.isSignedIn) return { kind: 'redirect', to: '/auth' };
  if (!hasRequiredRole(input.role, input.requiredRole))
    return { kind: 'redirect', to: '/dashboard' };
  return { kind: 'allow' };
}
