import { describe, expect, it } from 'vitest';
import { decideGuard, findScreen, getSidebarItems, SCREENS } from './navigation.ts';
import { ROLES, type Role } from './roles.ts';

/** product §2 sidebar table, in order. */
const SIDEBAR_TABLE: Array<[label: string, path: string]> = [
  ['Dashboard', '/dashboard'],
  ['SME Dashboard', '/sme'],
  ['Attendance', '/attendance-history'],
  ['Schedules', '/schedules'],
  ['Time Off', '/time-off'],
  ['Availability', '/availability'],
  ['Open Shifts & Swaps', '/open-shifts'],
  ['Roster', '/roster'],
  ['Demand Planning', '/demand'],
  ['Time Approvals', '/time-approvals'],
  ['Timesheets', '/timesheets'],
  ['User Management', '/users'],
  ['Schedule Management', '/schedule-management'],
  ['Schedule Assignment', '/schedule-assignment'],
  ['Adherence Reports', '/reports'],
  ['Worked Hours Report', '/worked-hours'],
  ['Analytics', '/analytics'],
  ['Audit Logs', '/audit-logs'],
  ['Pay Rules', '/pay-rules'],
  ['Break Monitoring', '/break-monitoring'],
  ['Payroll', '/payroll'],
];

const EMPLOYEE_ITEMS = [
  'Dashboard',
  'Attendance',
  'Schedules',
  'Time Off',
  'Availability',
  'Open Shifts & Swaps',
];

function sidebarLabels(role: Role | null | undefined): string[] {
  return getSidebarItems(role).map((item) => item.title);
}

describe('getSidebarItems', () => {
  it('gives admin every item of the sidebar table, in its order, with its path', () => {
    expect(getSidebarItems('admin').map((item) => [item.title, item.path])).toEqual(SIDEBAR_TABLE);
  });

  it('gives employee Dashboard, Attendance, Schedules, Time Off, Availability and Open Shifts & Swaps', () => {
    expect(sidebarLabels('employee')).toEqual(EMPLOYEE_ITEMS);
  });

  it("gives team lead the employee items plus their team's Roster, Demand Planning, Timesheets, User Management and reports", () => {
    expect(sidebarLabels('team_lead')).toEqual([
      ...EMPLOYEE_ITEMS,
      'Roster',
      'Demand Planning',
      'Timesheets',
      'User Management',
      'Adherence Reports',
      'Worked Hours Report',
      'Analytics',
    ]);
  });

  it('gives sme SME Dashboard, Time Approvals and Timesheets', () => {
    expect(sidebarLabels('sme')).toEqual(['SME Dashboard', 'Time Approvals', 'Timesheets']);
  });

  it('treats a missing role as employee', () => {
    expect(sidebarLabels(null)).toEqual(EMPLOYEE_ITEMS);
    expect(sidebarLabels(undefined)).toEqual(EMPLOYEE_ITEMS);
  });

  it('never lists /admin or /calculate-adherence', () => {
    for (const role of [...ROLES, null]) {
      const paths = getSidebarItems(role).map((item) => item.path);
      expect(paths).not.toContain('/admin');
      expect(paths).not.toContain('/calculate-adherence');
    }
  });
});

describe('screens', () => {
  it.each([
    '/calculate-adherence',
    '/schedule-management',
    '/schedule-assignment',
    '/audit-logs',
    '/pay-rules',
    '/break-monitoring',
    '/admin',
    '/backups',
    '/kiosk-devices',
    '/punch-locations',
  ])('%s requires admin', (path) => {
    expect(findScreen(path)?.requiredRole).toBe('admin');
  });

  it.each(['/users', '/roster', '/demand', '/reports', '/worked-hours', '/analytics'])(
    '%s admits admin and team lead only',
    (path) => {
      const required = findScreen(path)?.requiredRole;
      expect(required).toEqual(['admin', 'team_lead']);
      for (const role of ROLES) {
        expect(
          decideGuard({ isLoading: false, isSignedIn: true, role, requiredRole: required }),
        ).toEqual(
          role === 'admin' || role === 'team_lead'
            ? { kind: 'allow' }
            : { kind: 'redirect', to: '/dashboard' },
        );
      }
    },
  );

  it.each([
    '/dashboard',
    '/schedules',
    '/time-off',
    '/attendance-history',
    '/availability',
    '/open-shifts',
  ])('%s needs only a signed-in user', (path) => {
    expect(findScreen(path)).toBeDefined();
    expect(findScreen(path)?.requiredRole).toBeUndefined();
  });

  it('/sme and /time-approvals require sme (which admin passes too)', () => {
    expect(findScreen('/sme')?.requiredRole).toBe('sme');
    // Team leads may enter too (their own team, when an admin enables it; the API decides).
    expect(findScreen('/time-approvals')?.requiredRole).toEqual(['sme', 'team_lead']);
  });

  it('knows no other paths', () => {
    expect(findScreen('/nope')).toBeUndefined();
    expect(findScreen('/')).toBeUndefined();
    expect(new Set(SCREENS.map((screen) => screen.path)).size).toBe(SCREENS.length);
  });
});

describe('decideGuard', () => {
  it('shows a spinner while the session is loading, whoever it turns out to be', () => {
    expect(decideGuard({ isLoading: true, isSignedIn: false, role: null })).toEqual({
      kind: 'loading',
    });
    expect(
      decideGuard({ isLoading: true, isSignedIn: true, role: 'admin', requiredRole: 'admin' }),
    ).toEqual({ kind: 'loading' });
  });

  it('sends a visitor with no user to /auth', () => {
    for (const requiredRole of [undefined, ...ROLES]) {
      expect(
        decideGuard({ isLoading: false, isSignedIn: false, role: null, requiredRole }),
      ).toEqual({ kind: 'redirect', to: '/auth' });
    }
  });

  it('lets any signed-in user through a guard with no required role', () => {
    for (const role of [...ROLES, null]) {
      expect(decideGuard({ isLoading: false, isSignedIn: true, role })).toEqual({ kind: 'allow' });
    }
  });

  it('sends a user who lacks the required role to /dashboard', () => {
    const cases: Array<[Role | null, Role]> = [
      ['employee', 'admin'],
      ['team_lead', 'admin'],
      ['sme', 'admin'],
      ['employee', 'sme'],
      ['team_lead', 'sme'],
      [null, 'sme'],
      [null, 'admin'],
    ];
    for (const [role, requiredRole] of cases) {
      expect(decideGuard({ isLoading: false, isSignedIn: true, role, requiredRole })).toEqual({
        kind: 'redirect',
        to: '/dashboard',
      });
    }
  });

  it('lets admin through every screen', () => {
    for (const screen of SCREENS) {
      const requiredRole = 'requiredRole' in screen ? screen.requiredRole : undefined;
      expect(
        decideGuard({ isLoading: false, isSignedIn: true, role: 'admin', requiredRole }),
      ).toEqual({ kind: 'allow' });
    }
  });

  it('lets sme through the sme guards: /sme and /time-approvals', () => {
    for (const path of ['/sme', '/time-approvals']) {
      const requiredRole = findScreen(path)?.requiredRole;
      expect(
        decideGuard({ isLoading: false, isSignedIn: true, role: 'sme', requiredRole }),
      ).toEqual({ kind: 'allow' });
    }
    const usersScreen = findScreen('/users');
    expect(
      decideGuard({
        isLoading: false,
        isSignedIn: true,
        role: 'sme',
        requiredRole: usersScreen?.requiredRole,
      }),
    ).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
});
