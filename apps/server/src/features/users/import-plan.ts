// What a people file would do (#33 part 2). Pure: the checked rows and what Punchclock holds in,
// each row's status, changes and reasons out, with the writes an import makes.
import { t } from '@lingui/core/macro';
import type {
  PeopleImportColumn,
  PeopleImportRow,
} from '@punchclock/shared/contracts/people-import';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Locale } from '@punchclock/shared/i18n/locales';
import type { ExistingPerson } from './import-repository.ts';
import type { CellProblem, ImportedRow, ImportedValues } from './import-rows.ts';

/** What Punchclock holds that the file is compared with. */
export interface ImportContext {
  /** By lower-case email: the file's people and its managers who already exist. */
  people: ReadonlyMap<string, ExistingPerson>;
  /** By lower-case name. */
  teams: ReadonlyMap<string, { id: string; name: string }>;
  /** Lower-case employee number → who holds it (numbers are unique whatever their case). */
  employeeNumbers: ReadonlyMap<string, readonly string[]>;
  /** Everyone's manager, person id → manager id: the graph a manager cell may close a circle in. */
  managerIds: ReadonlyMap<string, string>;
  /** The admins who can sign in now (lockActiveAdminIds). */
  activeAdminIds: readonly string[];
  callerId: string | null;
  today: string;
  /**
   * Why no rate may start on a date (a locked pay period covers it or later), for the dates an
   * existing person's rate would start on (rateStartOf); absent: none.
   */
  rateLocked: ReadonlyMap<string, string>;
}

/** A person's values after the import. */
export interface PersonTarget {
  name: string | null;
  role: Role;
  /** Lower-case team name, or null. */
  teamKey: string | null;
  employeeNumber: string | null;
  hireDate: string | null;
  language: Locale | null;
  /** Lower-case manager email, or null. */
  managerKey: string | null;
}

export interface PlannedRow extends PeopleImportRow {
  email: string;
  emailKey: string;
  existing: ExistingPerson | null;
  target: PersonTarget;
  /** A rate to add from this date; `replaces`: the rate already starting that day goes. */
  rate: PlannedRate | null;
}

export interface PlannedRate {
  hourlyCents: number;
  effectiveFrom: string;
  /** The rate in force on effectiveFrom before the import; null: none. */
  before: number | null;
  replaces: boolean;
}

export interface ImportPlan {
  rows: PlannedRow[];
  /** Names (as first written) of the teams the import creates, by lower-case name. */
  newTeams: Map<string, string>;
  /** The context's people and teams, by lower-case email and name. */
  people: ImportContext['people'];
  teams: ImportContext['teams'];
}

const LEAD_ROLES: ReadonlySet<Role> = new Set(['team_lead', 'admin']);
export const canLeadTeams = (role: Role) => LEAD_ROLES.has(role);

/**
 * The day a rate from the file starts: a new person's hire date (they have no time before it),
 * else today; for a person already in Punchclock, today or their hire date if it is later.
 */
export function rateStartOf(isNew: boolean, hireDate: string | null, today: string): string {
  if (isNew) return hireDate ?? today;
  return hireDate && hireDate > today ? hireDate : today;
}

export const formatCents = (cents: number | null) =>
  cents === null ? null : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Rows refused for being a second row of one email or employee number (any case for both). */
function refuseRepeats(rows: readonly ImportedRow[]): Map<ImportedRow, CellProblem[]> {
  const repeats = new Map<ImportedRow, CellProblem[]>();
  const add = (row: ImportedRow, problem: CellProblem) =>
    repeats.set(row, [...(repeats.get(row) ?? []), problem]);
  const firstEmail = new Map<string, number>();
  const firstNumber = new Map<string, number>();
  for (const row of rows) {
    if (row.emailKey) {
      const first = firstEmail.get(row.emailKey);
      if (first === undefined) firstEmail.set(row.emailKey, row.row);
      else add(row, { column: 'email', message: t`This email is already on row ${first}` });
    }
    const number = row.values.employeeNumber;
    if (number !== undefined) {
      const first = firstNumber.get(number.toLowerCase());
      if (first === undefined) firstNumber.set(number.toLowerCase(), row.row);
      else {
        add(row, {
          column: 'employee_number',
          message: t`Employee number ${number} is already on row ${first}`,
        });
      }
    }
  }
  return repeats;
}

export function planImport(rows: readonly ImportedRow[], context: ImportContext): ImportPlan {
  const repeats = refuseRepeats(rows);
  const inFile = new Set(rows.map((row) => row.emailKey).filter(Boolean));
  const newTeams = new Map<string, string>();
  const planned = rows.map((row) => planRow(row, context, inFile, repeats.get(row) ?? []));
  planned.forEach((row, index) => {
    const teamKey = row.target.teamKey;
    if (row.status !== 'refused' && teamKey && !context.teams.has(teamKey)) {
      if (!newTeams.has(teamKey)) newTeams.set(teamKey, rows[index]?.values.team ?? teamKey);
    }
  });
  refuseReportingCircles(planned, context);
  guardLastAdmin(planned, context);
  return { rows: planned, newTeams, people: context.people, teams: context.teams };
}

function planRow(
  row: ImportedRow,
  context: ImportContext,
  inFile: ReadonlySet<string>,
  repeats: readonly CellProblem[],
): PlannedRow {
  const problems = [...row.problems, ...repeats];
  const existing = (row.emailKey && context.people.get(row.emailKey)) || null;
  const values = row.values;
  const before: PersonTarget | null = existing && {
    name: existing.name,
    role: existing.role ?? 'employee',
    teamKey: existing.teamName?.toLowerCase() ?? null,
    employeeNumber: existing.employeeNumber,
    hireDate: existing.hireDate,
    language: existing.language,
    managerKey: existing.managerEmail?.toLowerCase() ?? null,
  };
  // An empty cell leaves a person's value as it is; a new person gets the defaults.
  const target: PersonTarget = {
    name: values.name ?? before?.name ?? null,
    role: values.role ?? before?.role ?? 'employee',
    teamKey: values.team?.toLowerCase() ?? before?.teamKey ?? null,
    employeeNumber: values.employeeNumber ?? before?.employeeNumber ?? null,
    hireDate: values.hireDate ?? before?.hireDate ?? null,
    language: values.language ?? before?.language ?? null,
    managerKey: values.manager?.toLowerCase() ?? before?.managerKey ?? null,
  };

  if (!existing && values.name === undefined && !problems.some((p) => p.column === 'name')) {
    problems.push({ column: 'name', message: t`Give the new person’s name` });
  }
  if (existing && context.callerId === existing.id && target.role !== before?.role) {
    problems.push({ column: 'role', message: t`You cannot change your own role` });
  }
  if (values.manager !== undefined && row.emailKey) {
    const managerKey = values.manager.toLowerCase();
    if (managerKey === row.emailKey) {
      problems.push({ column: 'manager', message: t`A person cannot report to themself` });
    } else if (!context.people.has(managerKey) && !inFile.has(managerKey)) {
      const manager = values.manager;
      problems.push({
        column: 'manager',
        message: t`No person has the email ${manager}, in Punchclock or in this file`,
      });
    }
  }
  if (values.employeeNumber !== undefined) {
    const holders = context.employeeNumbers.get(values.employeeNumber.toLowerCase()) ?? [];
    if (holders.some((id) => id !== existing?.id)) {
      const number = values.employeeNumber;
      problems.push({
        column: 'employee_number',
        message: t`Employee number ${number} belongs to someone else`,
      });
    }
  }

  const rate =
    values.hourlyCents === undefined
      ? null
      : planRate(values.hourlyCents, existing, target, context, problems);

  const changes = changesOf(values, existing, before, target, context, rate);
  const status =
    problems.length > 0
      ? 'refused'
      : !existing
        ? 'new'
        : changes.length > 0
          ? 'updated'
          : 'unchanged';
  return {
    row: row.row,
    email: row.email,
    emailKey: row.emailKey,
    name: target.name ?? '',
    status,
    changes,
    problems,
    existing,
    target,
    rate,
  };
}

/**
 * The rate a cell adds, compared with the rate in force on the day it would start (not today's:
 * a hire date may be later), replacing one that starts that same day rather than adding a second.
 */
function planRate(
  hourlyCents: number,
  existing: ExistingPerson | null,
  target: PersonTarget,
  context: ImportContext,
  problems: CellProblem[],
): PlannedRate | null {
  const effectiveFrom = rateStartOf(!existing, target.hireDate, context.today);
  const rates = existing?.rates ?? [];
  const inForce = rates.findLast((each) => each.effectiveFrom <= effectiveFrom) ?? null;
  if (existing && hourlyCents === inForce?.hourlyCents) return null;
  // A later-dated rate would override the file's from its date: the change would not hold.
  const later = rates.find((each) => each.effectiveFrom > effectiveFrom)?.effectiveFrom;
  const locked = existing && context.rateLocked.get(effectiveFrom);
  if (later) {
    problems.push({
      column: 'hourly_rate',
      message: t`This person has a rate from ${later}, which would override this one: change their rates on the Payroll screen`,
    });
    return null;
  }
  if (locked) {
    problems.push({ column: 'hourly_rate', message: locked });
    return null;
  }
  return {
    hourlyCents,
    effectiveFrom,
    before: inForce?.hourlyCents ?? null,
    replaces: inForce?.effectiveFrom === effectiveFrom,
  };
}

function changesOf(
  values: ImportedValues,
  existing: ExistingPerson | null,
  before: PersonTarget | null,
  target: PersonTarget,
  context: ImportContext,
  rate: PlannedRate | null,
): PeopleImportRow['changes'] {
  // As Punchclock holds them, else as the file writes them (a new team, a manager in the file).
  const teamName = (key: string | null) =>
    (key && context.teams.get(key)?.name) ??
    (key === values.team?.toLowerCase() ? values.team : key);
  const managerEmail = (key: string | null) =>
    (key && context.people.get(key)?.email) ??
    (key === values.manager?.toLowerCase() ? values.manager : key);
  const shown: [PeopleImportColumn, (value: PersonTarget) => string | null][] = [
    ['name', (value) => value.name],
    ['role', (value) => value.role],
    ['team', (value) => teamName(value.teamKey)],
    ['employee_number', (value) => value.employeeNumber],
    ['hire_date', (value) => value.hireDate],
    ['language', (value) => value.language],
    ['manager', (value) => managerEmail(value.managerKey)],
  ];
  const changes: PeopleImportRow['changes'] = [];
  for (const [column, show] of shown) {
    const after = show(target);
    const was = before ? show(before) : null;
    // Names compare as written; keys (team, manager) already ignore case.
    if (after !== was && !(before === null && after === null)) {
      changes.push({ column, before: was, after });
    }
  }
  if (rate) {
    changes.push({
      column: 'hourly_rate',
      before: formatCents(rate.before),
      after: formatCents(rate.hourlyCents),
    });
  }
  return changes;
}

/**
 * A manager cell may not close a circle: the manager reports, directly or through others, to
 * the person. Followed through everyone's managers as Punchclock holds them (the whole graph:
 * a chain may pass through people the file does not name) with the file's rows applied.
 */
function refuseReportingCircles(rows: PlannedRow[], context: ImportContext): void {
  // People by id; a new person (no id yet) by their email.
  const nodeOf = (emailKey: string) => context.people.get(emailKey)?.id ?? `new:${emailKey}`;
  const managerOf = new Map<string, string | null>(context.managerIds);
  for (const row of rows) {
    if (row.status !== 'refused') {
      const managerKey = row.target.managerKey;
      managerOf.set(nodeOf(row.emailKey), managerKey ? nodeOf(managerKey) : null);
    }
  }
  const closing = rows.filter((row) => {
    if (row.status === 'refused' || !row.target.managerKey) return false;
    const person = nodeOf(row.emailKey);
    let node: string | null | undefined = nodeOf(row.target.managerKey);
    for (let step = 0; node && step <= managerOf.size; step += 1) {
      if (node === person) return true;
      node = managerOf.get(node);
    }
    return false;
  });
  for (const row of closing) {
    row.problems.push({
      column: 'manager',
      message: t`A person cannot report to someone who reports to them`,
    });
    row.status = 'refused';
  }
}

/** The import may not leave nobody able to administer Punchclock (assertKeepsAnActiveAdmin). */
function guardLastAdmin(rows: PlannedRow[], context: ImportContext): void {
  const demoted = rows.filter(
    (row) =>
      row.status !== 'refused' &&
      row.existing &&
      context.activeAdminIds.includes(row.existing.id) &&
      row.target.role !== 'admin',
  );
  const kept = context.activeAdminIds.filter(
    (id) => !demoted.some((row) => row.existing?.id === id),
  );
  if (demoted.length === 0 || kept.length > 0) return;
  for (const row of demoted) {
    row.problems.push({
      column: 'role',
      message: t`There must always be at least one active admin. Make someone else an admin first.`,
    });
    row.status = 'refused';
  }
}
