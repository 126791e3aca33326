import type { Role } from '@punchclock/shared/domain/roles';

export const E2E_PASSWORD = 'E2e-password-1';

export interface SeedUser {
  email: string;
  name: string;
  role: Role;
  suspended?: boolean;
  /** The payroll number, typed (or scanned from a badge) at a kiosk. */
  employeeNumber?: string;
  /** Their team (by name), made before the server starts by the first person naming it. */
  team?: string;
  /** They lead that team (a team lead). */
  leadsTeam?: boolean;
}

/** The people every browser test can sign in as (created before the server starts). */
export const SEED_USERS = {
  admin: { email: 'admin@e2e.test', name: 'Ada Admin', role: 'admin' },
  teamLead: { email: 'lead@e2e.test', name: 'Lee Lead', role: 'team_lead' },
  employee: { email: 'employee@e2e.test', name: 'Emma Employee', role: 'employee' },
  sme: { email: 'sme@e2e.test', name: 'Sid Expert', role: 'sme' },
  suspended: { email: 'gone@e2e.test', name: 'Sue Suspended', role: 'employee', suspended: true },
  scheduled: { email: 'shift@e2e.test', name: 'Sam Shift', role: 'employee' },
  notified: { email: 'bell@e2e.test', name: 'Bella Bell', role: 'employee' },
  breaker: { email: 'breaker@e2e.test', name: 'Bo Breaker', role: 'employee' },
  reporter: { email: 'reporter@e2e.test', name: 'Ray Reporter', role: 'employee' },
  corrector: { email: 'corrector@e2e.test', name: 'Cora Corrector', role: 'employee' },
  keyboard: { email: 'keyboard@e2e.test', name: 'Kai Keyboard', role: 'employee' },
  phone: { email: 'phone@e2e.test', name: 'Pia Phone', role: 'employee' },
  flow: { email: 'flow@e2e.test', name: 'Flo Flow', role: 'employee' },
  offline: { email: 'offline@e2e.test', name: 'Olive Offline', role: 'employee' },
  pushed: { email: 'pat@e2e.test', name: 'Pat Pushed', role: 'employee' },
  tokenHolder: { email: 'toby@e2e.test', name: 'Toby Token', role: 'employee' },
  hooked: { email: 'hana@e2e.test', name: 'Hana Hook', role: 'employee' },
  // Chooses French in Account settings (e2e/languages.e2e.test.ts).
  francophone: { email: 'francine@e2e.test', name: 'Francine Tremblay', role: 'employee' },
  // Sign in through the test identity provider (e2e/single-sign-on.e2e.test.ts).
  ssoPerson: { email: 'olga@e2e.test', name: 'Olga Org', role: 'employee' },
  ssoGrouped: { email: 'gus@e2e.test', name: 'Gus Group', role: 'employee' },
  // Two-step verification (e2e/two-factor.e2e.test.ts).
  twoStep: { email: 'tess@e2e.test', name: 'Tess Twostep', role: 'employee' },
  kioskFirst: {
    email: 'kim@e2e.test',
    name: 'Kim Kiosk',
    role: 'employee',
    employeeNumber: 'K-101',
  },
  located: { email: 'lou@e2e.test', name: 'Lou Located', role: 'employee', team: 'Field team' },
  // The roster flow (e2e/rosters.e2e.test.ts): a lead and five people of one team.
  rosterLead: {
    email: 'rita@e2e.test',
    name: 'Rita Roster',
    role: 'team_lead',
    team: 'Roster team',
    leadsTeam: true,
  },
  rosterAda: { email: 'ren@e2e.test', name: 'Ren Rota', role: 'employee', team: 'Roster team' },
  rosterBea: { email: 'rae@e2e.test', name: 'Rae Rota', role: 'employee', team: 'Roster team' },
  rosterCal: { email: 'rob@e2e.test', name: 'Rob Rota', role: 'employee', team: 'Roster team' },
  rosterDee: { email: 'roz@e2e.test', name: 'Roz Rota', role: 'employee', team: 'Roster team' },
  rosterEve: { email: 'ria@e2e.test', name: 'Ria Rota', role: 'employee', team: 'Roster team' },
  // Planning from demand (e2e/demand.e2e.test.ts): a lead and four people of another team.
  demandLead: {
    email: 'dana@e2e.test',
    name: 'Dana Demand',
    role: 'team_lead',
    team: 'Demand team',
    leadsTeam: true,
  },
  demandDev: { email: 'dev@e2e.test', name: 'Dev Demand', role: 'employee', team: 'Demand team' },
  demandDot: { email: 'dot@e2e.test', name: 'Dot Demand', role: 'employee', team: 'Demand team' },
  demandDax: { email: 'dax@e2e.test', name: 'Dax Demand', role: 'employee', team: 'Demand team' },
  demandDru: { email: 'dru@e2e.test', name: 'Dru Demand', role: 'employee', team: 'Demand team' },
  kioskSecond: {
    email: 'kit@e2e.test',
    name: 'Kit Kiosk',
    role: 'employee',
    employeeNumber: 'K-102',
  },
} as const satisfies Record<string, SeedUser>;

/** Unread notifications seeded for SEED_USERS.notified (enough for the "9+" badge). */
export const SEEDED_NOTIFICATION_COUNT = 12;

/** Days of generated history (schedule + punches) seeded for SEED_USERS.reporter. */
export const REPORTER_HISTORY_DAYS = 20;
