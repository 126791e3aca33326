import { t } from '@lingui/core/macro';
import { getRoleFlags, hasRequiredRole, type Role, type RoleRequirement } from './roles.ts';

/**
 * The sidebar's sections (#33 part 6, decision 0058), in order: the
 * spec's labels stay word for word, grouped under these headings. A section none of the person's
 * items is in is not shown.
 */
export const NAV_SECTIONS = ['time', 'people', 'schedules', 'pay', 'reports', 'settings'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export const NAV_SECTION_TITLES: Record<NavSection, string> = {
  get time() {
    return t({ message: 'Time', context: 'sidebar section' });
  },
  get people() {
    return t`People`;
  },
  get schedules() {
    return t`Schedules`;
  },
  get pay() {
    return t`Pay`;
  },
  get reports() {
    return t`Reports`;
  },
  get settings() {
    return t`Settings & integrations`;
  },
};

/**
 * The product's screens (product §2). `requiredRole` drives both the route guard and the
 * server-side page of the same name; `sidebarRoles` is the sidebar table, in its order.
 */
export interface ScreenDefinition {
  path: string;
  /** The sidebar section it is listed under, and its group in the quick search. */
  section: NavSection;
  title: string;
  requiredRole?: RoleRequirement;
  sidebarRoles?: readonly Role[];
}

export const SCREENS = [
  {
    path: '/dashboard',
    section: 'time',
    get title() {
      return t`Dashboard`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/sme',
    section: 'time',
    get title() {
      return t`SME Dashboard`;
    },
    requiredRole: 'sme',
    sidebarRoles: ['sme', 'admin'],
  },
  {
    path: '/attendance-history',
    section: 'time',
    get title() {
      return t`Attendance`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  // An employee's own timesheet by that name (#33 part 6): the pay-period card of Attendance on
  // its own page, in the Pay section (decision 0058).
  {
    path: '/my-timesheet',
    section: 'pay',
    get title() {
      return t`My Timesheet`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/schedules',
    section: 'schedules',
    get title() {
      return t`Schedules`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/time-off',
    section: 'time',
    get title() {
      return t`Time Off`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  // Rosters (#30): when each person can work, and the published shifts they may pick up, offer
  // to a colleague or give away. Everyone on a roster; sme-only accounts plan no shifts.
  {
    path: '/availability',
    section: 'schedules',
    get title() {
      return t`Availability`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  {
    path: '/open-shifts',
    section: 'schedules',
    get title() {
      return t`Open Shifts & Swaps`;
    },
    sidebarRoles: ['admin', 'team_lead', 'employee'],
  },
  // The roster board (issue #30, decision 0047): planners build a week of shifts and publish it;
  // the first of the planners' screens, after everyone's own.
  {
    path: '/roster',
    section: 'schedules',
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
    section: 'schedules',
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
    section: 'time',
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
    section: 'pay',
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
    section: 'people',
    get title() {
      return t`User Management`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/schedule-management',
    section: 'schedules',
    get title() {
      return t`Schedule Management`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/schedule-assignment',
    section: 'schedules',
    get title() {
      return t`Schedule Assignment`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/reports',
    section: 'reports',
    get title() {
      return t`Adherence Reports`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/worked-hours',
    section: 'reports',
    get title() {
      return t`Worked Hours Report`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/analytics',
    section: 'reports',
    get title() {
      return t`Analytics`;
    },
    requiredRole: ['admin', 'team_lead'],
    sidebarRoles: ['admin', 'team_lead'],
  },
  {
    path: '/audit-logs',
    section: 'settings',
    get title() {
      return t`Audit Logs`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  // Overtime rule sets and their assignments (issue #14, docs/decisions/0016).
  {
    path: '/pay-rules',
    section: 'pay',
    get title() {
      return t`Pay Rules`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/break-monitoring',
    section: 'time',
    get title() {
      return t`Break Monitoring`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/payroll',
    section: 'pay',
    get title() {
      return t`Payroll`;
    },
    requiredRole: 'admin',
    sidebarRoles: ['admin'],
  },
  {
    path: '/admin',
    section: 'settings',
    get title() {
      return t`Admin`;
    },
    requiredRole: 'admin',
  },
  {
    path: '/calculate-adherence',
    section: 'reports',
    get title() {
      return t`Calculate Adherence`;
    },
    requiredRole: 'admin',
  },
  {
    path: '/time-off-settings',
    section: 'settings',
    get title() {
      return t`Time Off Settings`;
    },
    requiredRole: 'admin',
  },
  // Snapshots of the embedded database (issue #15); reached from the Admin screen.
  {
    path: '/backups',
    section: 'settings',
    get title() {
      return t`Backups`;
    },
    requiredRole: 'admin',
  },
  // Shared punching devices (issue #17, decision 0026): enrol with a code, list, revoke.
  {
    path: '/kiosk-devices',
    section: 'settings',
    get title() {
      return t`Kiosk Devices`;
    },
    requiredRole: 'admin',
  },
  // Where each team may punch (issue #17, decision 0028).
  {
    path: '/punch-locations',
    section: 'settings',
    get title() {
      return t`Punch Locations`;
    },
    requiredRole: 'admin',
  },
  // Tokens other systems call the API with (issue #18, decision 0032).
  {
    path: '/api-tokens',
    section: 'settings',
    get title() {
      return t`API Tokens`;
    },
    requiredRole: 'admin',
  },
  // Signed event deliveries to other systems (issue #18, decision 0033).
  {
    path: '/webhooks',
    section: 'settings',
    get title() {
      return t`Webhooks`;
    },
    requiredRole: 'admin',
  },
  // Identity providers and password sign-in (issue #19, decision 0035).
  {
    path: '/single-sign-on',
    section: 'settings',
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

export interface SidebarSection {
  section: NavSection;
  title: string;
  items: ScreenDefinition[];
}

/**
 * The sidebar for a role, by section (in NAV_SECTIONS order, items in SCREENS order; sections
 * with none of the role's items left out): a missing role counts as employee; the sme flag adds
 * sme items.
 */
export function getSidebarSections(role: Role | null | undefined): SidebarSection[] {
  const effectiveRole: Role = role ?? 'employee';
  const { isSme } = getRoleFlags(role);
  const items = SCREENS.filter((screen: ScreenDefinition) => {
    const roles = screen.sidebarRoles;
    if (!roles) return false;
    return roles.includes(effectiveRole) || (isSme && roles.includes('sme'));
  });
  return NAV_SECTIONS.map((section) => ({
    section,
    title: NAV_SECTION_TITLES[section],
    items: items.filter((item) => item.section === section),
  })).filter((entry) => entry.items.length > 0);
}

/** The sidebar's items for a role, in the order it shows them (section by section). */
export function getSidebarItems(role: Role | null | undefined): ScreenDefinition[] {
  return getSidebarSections(role).flatMap((entry) => entry.items);
}

/** Every screen a role may open (the quick search lists them), by section, in SCREENS order. */
export function getReachableScreens(role: Role | null | undefined): ScreenDefinition[] {
  const screens: readonly ScreenDefinition[] = SCREENS;
  return NAV_SECTIONS.flatMap((section) =>
    screens.filter(
      (screen) => screen.section === section && hasRequiredRole(role, screen.requiredRole),
    ),
  );
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
