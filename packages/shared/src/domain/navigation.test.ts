import { describe, expect, it } from 'vitest';
import {
  decideGuard,
  findScreen,
  getReachableScreens,
  getSidebarItems,
  getSidebarSections,
  NAV_SECTIONS,
  SCREENS,
} from './navigation.ts';
import { ROLES, type Role } from './roles.ts';

/**
 * product §2 sidebar table, every label word for word, grouped in sections (#33 part 6): the
 * section, then its items in the table's order. My Timesheet is the person's own timesheet.
 */
const SIDEBAR_TABLE: Array<[section: string, label: string, path: string]> = [
  ['Time', 'Dashboard', '/dashboard'],
  ['Time', 'SME Dashboard', '/sme'],
  ['Time', 'Attendance', '/attendance-history'],
  ['Time', 'Time Off', '/time-off'],
  ['Time', 'Time Approvals', '/time-approvals'],
  ['Time', 'Break Monitoring', '/break-monitoring'],
  ['People', 'User Management', '/users'],
  ['Schedules', 'Schedules', '/schedules'],
  ['Schedules', 'Availability', '/availability'],
  ['Schedules', 'Open Shifts & Swaps', '/open-shifts'],
  ['Schedules', 'Roster', '/roster'],
  ['Schedules', 'Demand Planning', '/demand'],
  ['Schedules', 'Schedule Management', '/schedule-management'],
  ['Schedules', 'Schedule Assignment', '/schedule-assignment'],
  ['Pay', 'My Timesheet', '/my-timesheet'],
  ['Pay', 'Timesheets', '/timesheets'],
  ['Pay', 'Pay Rules', '/pay-rules'],
  ['Pay', 'Payroll', '/payroll'],
  ['Reports', 'Adherence Reports', '/reports'],
  ['Reports', 'Worked Hours Report', '/worked-hours'],
  ['Reports', 'Analytics', '/analytics'],
  ['Settings & integrations', 'Audit Logs', '/audit-logs'],
];

const EMPLOYEE_SECTIONS = [
  ['Time', ['Dashboard', 'Attendance', 'Time Off']],
  ['Schedules', ['Schedules', 'Availability', 'Open Shifts & Swaps']],
  ['Pay', ['My Timesheet']],
];
const EMPLOYEE_ITEMS = EMPLOYEE_SECTIONS.flatMap(([, items]) => items as string[]);

function sidebarLabels(role: Role | null | undefined): string[] {
  return getSidebarItems(role).map((item) => item.title);
}

function sidebarSections(role: Role | null | undefined) {
  return getSidebarSections(role).map((entry) => [
    entry.title,
    entry.items.map((item) => item.title),
  ]);
}

describe('getSidebarSections', () => {
  it('gives admin every item of the sidebar table, by section, with its path', () => {
    expect(
      getSidebarSections('admin').flatMap((entry) =>
        entry.items.map((item) => [entry.title, item.title, item.path]),
      ),
    ).toEqual(SIDEBAR_TABLE);
  });

  it('gives employee Time, Schedules and Pay: their days, their schedule and their timesheet', () => {
    expect(sidebarSections('employee')).toEqual(EMPLOYEE_SECTIONS);
  });

  it("gives team lead the employee items plus their team's people, roster, timesheets and reports", () => {
    expect(sidebarSections('team_lead')).toEqual([
      ['Time', ['Dashboard', 'Attendance', 'Time Off']],
      ['People', ['User Management']],
      [
        'Schedules',
        ['Schedules', 'Availability', 'Open Shifts & Swaps', 'Roster', 'Demand Planning'],
      ],
      ['Pay', ['My Timesheet', 'Timesheets']],
      ['Reports', ['Adherence Reports', 'Worked Hours Report', 'Analytics']],
    ]);
  });

  it('gives sme SME Dashboard, Time Approvals and Timesheets', () => {
    expect(sidebarSections('sme')).toEqual([
      ['Time', ['SME Dashboard', 'Time Approvals']],
      ['Pay', ['Timesheets']],
    ]);
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

describe('getReachableScreens', () => {
  it('gives admin every screen, by section', () => {
    const reachable = getReachableScreens('admin');
    expect(reachable).toHaveLength(SCREENS.length);
    const sections = reachable.map((screen) => screen.section);
    expect(sections).toEqual(
      [...sections].sort((a, b) => NAV_SECTIONS.indexOf(a) - NAV_SECTIONS.indexOf(b)),
    );
  });

  it('gives an employee only what they may open, their timesheet among it', () => {
    const paths = getReachableScreens('employee').map((screen) => screen.path);
    expect(paths).toContain('/my-timesheet');
    expect(paths).toContain('/attendance-history');
    expect(paths).not.toContain('/users');
    expect(paths).not.toContain('/admin');
    for (const path of paths) expect(findScreen(path)?.requiredRole).toBeUndefined();
  });

  it('gives a team lead User Management but no admin screen', () => {
    const paths = getReachableScreens('team_lead').map((screen) => screen.path);
    expect(paths).toContain('/users');
    expect(paths).not.toContain('/audit-logs');
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
    '/my-timesheet',
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
