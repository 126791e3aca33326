// Importing people from a CSV or XLSX file (#33 part 2): a preview that writes nothing, then an
// import that recomputes the same plan in one transaction and writes all of it or none of it.
import { t } from '@lingui/core/macro';
import { stringify } from 'csv-stringify/sync';
import {
  PEOPLE_IMPORT_COLUMNS,
  peopleImportCommitSchema,
  peopleImportFileSchema,
  peopleImportTemplateQuerySchema,
  type PeopleImportInvitations,
  type PeopleImportResult,
} from '@punchclock/shared/contracts/people-import';
import { toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Locale } from '@punchclock/shared/i18n/locales';
import type { Db } from '../../db/client.ts';
import { writeAudits, type AuditEntry } from '../../platform/audit.ts';
import { Conflict, Invalid, isUniqueViolation, parseInput } from '../../platform/errors.ts';
import { notifyLiveAll } from '../../platform/live-events.ts';
import { newWorkbook } from '../../platform/spreadsheets.ts';
import { readTable } from '../../platform/table-file.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import { lockActiveAdminIds, type Actor } from '../people/index.ts';
import { assertPayNotLocked } from '../period-locks/index.ts';
import {
  canLeadTeams,
  planImport,
  rateStartOf,
  type ImportPlan,
  type PlannedRow,
} from './import-plan.ts';
import {
  clearTeamsLedByAny,
  deleteRatesOn,
  hasEnabledSsoProvider,
  insertPasswordTokens,
  insertProfiles,
  insertRates,
  insertTeams,
  insertUsers,
  listEmployeeNumberHolders,
  listManagerLinks,
  listPeopleByEmails,
  listTeamNames,
  updateProfiles,
  upsertRoles,
} from './import-repository.ts';
import { readPeopleRows, type ImportedTable } from './import-rows.ts';

/** How long an imported person's set-password link works (as an admin's invitation does). */
const INVITE_LIFETIME_HOURS = 7 * 24;

/** A new person to invite once the import is committed. */
export interface Invitation {
  id: string;
  email: string;
  language: Locale | null;
  /** The set-password link (password invitations); null for single sign-on. */
  link: { path: string; expiresAt: string; emailedTo: null } | null;
}

async function readFile(rawInput: { fileName: string; content: string }): Promise<ImportedTable> {
  const table = await readTable(rawInput.fileName, Buffer.from(rawInput.content, 'base64'));
  return readPeopleRows(table);
}

/** What Punchclock holds about the file's people, read once for all rows, then the plan. */
async function planFile(
  tx: Db,
  file: ImportedTable,
  callerId: string | null,
  timeZone: string,
): Promise<ImportPlan> {
  const today = toBusinessDate(new Date(), timeZone);
  const emails = new Set<string>();
  for (const row of file.rows) {
    if (row.emailKey) emails.add(row.emailKey);
    if (row.values.manager) emails.add(row.values.manager.toLowerCase());
  }
  const people = await listPeopleByEmails(tx, [...emails], today);
  const teams = await listTeamNames(tx);
  const numbers = file.rows.flatMap((row) => row.values.employeeNumber ?? []);
  const holders = await listEmployeeNumberHolders(tx, numbers);
  const employeeNumbers = new Map<string, string[]>();
  for (const holder of holders) {
    const key = holder.employeeNumber.toLowerCase();
    employeeNumbers.set(key, [...(employeeNumbers.get(key) ?? []), holder.id]);
  }
  const managerIds = new Map(
    (await listManagerLinks(tx)).map((link) => [link.id, link.managerId] as const),
  );
  const activeAdminIds = await lockActiveAdminIds(tx);
  const byEmail = new Map(people.map((person) => [person.email.toLowerCase(), person]));
  // A person's new rate changes their pay from the day it starts on (no later rate is left to
  // end it): refused when a locked pay period covers that day or later.
  const rateStarts = new Set<string>();
  for (const row of file.rows) {
    const existing = byEmail.get(row.emailKey);
    if (row.values.hourlyCents === undefined || !existing) continue;
    rateStarts.add(rateStartOf(false, row.values.hireDate ?? existing.hireDate, today));
  }
  // Earliest first: a day with no lock on or after it means none on or after any later day, so
  // the first open day ends the checks (usually today, one check for the whole file).
  const rateLocked = new Map<string, string>();
  for (const date of [...rateStarts].sort()) {
    try {
      await assertPayNotLocked(tx, date, '9998-12-31');
      break;
    } catch (error) {
      if (!(error instanceof Error) || !('statusCode' in error)) throw error;
      rateLocked.set(date, error.message);
    }
  }
  return planImport(file.rows, {
    people: byEmail,
    teams: new Map(teams.map((team) => [team.name.toLowerCase(), team])),
    employeeNumbers,
    managerIds,
    activeAdminIds,
    callerId,
    today,
    rateLocked,
  });
}

function resultOf(
  file: ImportedTable,
  plan: ImportPlan,
  imported: boolean,
  invitations: PeopleImportResult['invitations'],
): PeopleImportResult {
  const counts = { new: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const row of plan.rows) counts[row.status] += 1;
  return {
    imported,
    columns: file.columns,
    ignoredColumns: file.ignoredColumns,
    rows: plan.rows.map(({ row, email, name, status, changes, problems }) => ({
      row,
      email,
      name,
      status,
      changes,
      problems,
    })),
    counts,
    newTeams: [...plan.newTeams.values()],
    invitations,
  };
}

/** What the file would do; writes nothing. */
export async function previewPeopleImport(
  db: Db,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
  emailConfigured: boolean,
): Promise<PeopleImportResult> {
  const input = parseInput(peopleImportFileSchema, rawInput);
  const file = await readFile(input);
  // In a transaction like the import's, so the admins read are locked the same way.
  const plan = await db.transaction(async (tx) => planFile(tx, file, actor.actorId, timeZone));
  return resultOf(file, plan, false, { kind: 'none', count: 0, emailConfigured });
}

/**
 * The import: the plan again, in one transaction; a refused row means nothing is written. New
 * people are invited (by the caller, after the commit) only when asked, and only new people.
 */
export async function commitPeopleImport(
  db: Db,
  rawInput: unknown,
  actor: Actor,
  timeZone: string,
  emailConfigured: boolean,
): Promise<{ result: PeopleImportResult; invitations: Invitation[] }> {
  const input = parseInput(peopleImportCommitSchema, rawInput);
  const file = await readFile(input);
  const kind = input.sendInvitations;
  return db
    .transaction(async (tx) => {
      if (kind === 'sso' && !(await hasEnabledSsoProvider(tx))) {
        throw new Invalid(
          t`No single sign-on provider is turned on: add one before inviting people to sign in with it`,
          'no_sso_provider',
        );
      }
      const plan = await planFile(tx, file, actor.actorId, timeZone);
      const refused = plan.rows.some((row) => row.status === 'refused');
      if (refused) {
        return {
          result: resultOf(file, plan, false, { kind, count: 0, emailConfigured }),
          invitations: [],
        };
      }
      const invitations = await writePlan(tx, plan, input.fileName, kind, actor);
      return {
        result: resultOf(file, plan, true, { kind, count: invitations.length, emailConfigured }),
        invitations,
      };
    })
    .catch((error: unknown) => {
      // Someone added one of these people (or teams) while this import ran.
      if (isUniqueViolation(error)) {
        throw new Conflict(
          t`People or teams changed while this file was imported: preview it again`,
          'import_conflict',
        );
      }
      throw error;
    });
}

async function writePlan(
  tx: Db,
  plan: ImportPlan,
  fileName: string,
  kind: PeopleImportInvitations,
  actor: Actor,
): Promise<Invitation[]> {
  const audits: AuditEntry[] = [];
  const audit = (entry: Omit<AuditEntry, 'actorId' | 'meta'>) =>
    audits.push({ ...entry, actorId: actor.actorId, meta: actor.meta });

  const created = await insertTeams(tx, [...plan.newTeams.values()]);
  const teamIds = new Map<string, string>();
  for (const team of created) {
    teamIds.set(team.name.toLowerCase(), team.id);
    audit({
      action: 'team.create',
      entityType: 'team',
      entityId: team.id,
      after: { name: team.name, leadUserId: null, source: 'people import' },
    });
  }
  const newRows = plan.rows.filter((row) => row.status === 'new');
  const changed = plan.rows.filter((row) => row.status === 'updated');
  const inserted = await insertUsers(
    tx,
    newRows.map((row) => row.email.trim()),
  );
  const ids = new Map<string, string>(inserted.map((user) => [user.email.toLowerCase(), user.id]));
  // A manager is new in this file or already in Punchclock (read with the plan).
  const managerIdOf = (key: string | null) =>
    key === null ? null : (ids.get(key) ?? plan.people.get(key)?.id ?? null);
  const teamIdOf = (key: string | null) =>
    key === null ? null : (plan.teams.get(key)?.id ?? teamIds.get(key) ?? null);
  const profileOf = (row: PlannedRow, id: string) => ({
    id,
    full_name: row.target.name,
    team_id: teamIdOf(row.target.teamKey),
    hire_date: row.target.hireDate,
    employee_number: row.target.employeeNumber,
    language: row.target.language,
    manager_id: managerIdOf(row.target.managerKey),
  });
  const teamNameOf = (key: string | null) =>
    key === null ? null : (plan.teams.get(key)?.name ?? plan.newTeams.get(key) ?? key);

  await insertProfiles(
    tx,
    newRows.map((row) => ({
      ...profileOf(row, ids.get(row.emailKey)!),
      password_sign_in_off: kind === 'sso',
    })),
  );
  await updateProfiles(
    tx,
    changed.map((row) => profileOf(row, row.existing!.id)),
  );
  const roleChanged = changed.filter((row) => row.target.role !== row.existing!.role);
  await upsertRoles(tx, [
    ...newRows.map((row) => ({ user_id: ids.get(row.emailKey)!, role: row.target.role })),
    ...roleChanged.map((row) => ({ user_id: row.existing!.id, role: row.target.role })),
  ]);
  await clearTeamsLedByAny(
    tx,
    roleChanged.filter((row) => !canLeadTeams(row.target.role)).map((row) => row.existing!.id),
  );
  const rates = plan.rows.flatMap((row) =>
    row.rate
      ? [
          {
            user_id: row.existing?.id ?? ids.get(row.emailKey)!,
            effective_from: row.rate.effectiveFrom,
            hourly_cents: row.rate.hourlyCents,
            created_by: actor.actorId,
          },
        ]
      : [],
  );
  // One rate a day: the file's replaces a rate that starts the same day.
  const replaced = await deleteRatesOn(
    tx,
    plan.rows.flatMap((row) =>
      row.rate?.replaces && row.existing
        ? [{ user_id: row.existing.id, effective_from: row.rate.effectiveFrom }]
        : [],
    ),
  );
  const rateIds = await insertRates(tx, rates);

  const invitations: Invitation[] = newRows.map((row) => ({
    id: ids.get(row.emailKey)!,
    email: row.email.trim(),
    language: row.target.language,
    link: null,
  }));
  if (kind === 'password') {
    const expiresAt = new Date(Date.now() + INVITE_LIFETIME_HOURS * 3_600_000).toISOString();
    const tokens = invitations.map(() => generateToken());
    await insertPasswordTokens(
      tx,
      invitations.map((invitation, index) => ({
        id: hashToken(tokens[index]!),
        user_id: invitation.id,
        purpose: 'invite',
        created_by: actor.actorId,
        expires_at: expiresAt,
      })),
    );
    invitations.forEach((invitation, index) => {
      invitation.link = {
        path: `/set-password#token=${tokens[index]!}`,
        expiresAt,
        emailedTo: null,
      };
    });
  }

  const signInSetup = {
    none: 'not yet (no invitation)',
    password: 'one-time link',
    sso: 'single sign-on',
  }[kind];
  for (const row of newRows) {
    audit({
      action: 'user.create',
      entityType: 'user',
      entityId: ids.get(row.emailKey)!,
      after: {
        email: row.email.trim(),
        name: row.target.name,
        role: row.target.role,
        teamName: teamNameOf(row.target.teamKey),
        hireDate: row.target.hireDate,
        employeeNumber: row.target.employeeNumber,
        language: row.target.language,
        managerEmail: row.target.managerKey,
        hourlyCents: row.rate?.hourlyCents ?? null,
        signInSetup,
        source: 'people import',
      },
    });
  }
  for (const row of changed) {
    // Only what changed, under the names user.update uses (webhooks read name, email and role).
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const change of row.changes) {
      const key = AUDIT_KEYS[change.column];
      before[key] = change.column === 'hourly_rate' ? (row.rate?.before ?? null) : change.before;
      after[key] = change.column === 'hourly_rate' ? row.rate?.hourlyCents : change.after;
    }
    audit({
      action: 'user.update',
      entityType: 'user',
      entityId: row.existing!.id,
      before,
      after: { ...after, source: 'people import' },
    });
  }
  for (const rate of replaced) {
    audit({
      action: 'pay_rate.delete',
      entityType: 'pay_rate',
      entityId: rate.id,
      before: rate,
    });
  }
  for (const rate of rateIds) {
    const written = rates.find((each) => each.user_id === rate.userId)!;
    audit({
      action: 'pay_rate.create',
      entityType: 'pay_rate',
      entityId: rate.id,
      after: {
        userId: rate.userId,
        effectiveFrom: written.effective_from,
        hourlyCents: written.hourly_cents,
      },
    });
  }
  const counts = { new: newRows.length, updated: changed.length };
  if (counts.new + counts.updated > 0 || created.length > 0) {
    audit({
      action: 'people.import',
      entityType: 'people_import',
      after: {
        fileName,
        rows: plan.rows.length,
        ...counts,
        unchanged: plan.rows.length - counts.new - counts.updated,
        newTeams: created.map((team) => team.name),
        invitations: kind,
      },
    });
  }
  await writeAudits(tx, audits);
  // A changed role changes what their open tabs may show (as updateUser does).
  await notifyLiveAll(
    tx,
    roleChanged.map((row) => ({ userId: row.existing!.id, topic: 'session' as const })),
  );
  return kind === 'none' ? [] : invitations;
}

const AUDIT_KEYS = {
  name: 'name',
  email: 'email',
  role: 'role',
  team: 'teamName',
  employee_number: 'employeeNumber',
  hire_date: 'hireDate',
  hourly_rate: 'hourlyCents',
  language: 'language',
  manager: 'managerEmail',
} as const;

/** Two example rows: a lead and a person who reports to them. */
function templateRows(): string[][] {
  return [
    [...PEOPLE_IMPORT_COLUMNS],
    [
      'Sam Lee',
      'sam.lee@example.com',
      'team_lead',
      'Front desk',
      'E1001',
      '2024-03-01',
      '24.00',
      'en',
      '',
    ],
    [
      'Alex Martin',
      'alex.martin@example.com',
      'employee',
      'Front desk',
      'E1002',
      '2025-09-15',
      '18.50',
      'fr',
      'sam.lee@example.com',
    ],
  ];
}

/** The template to fill in: CSV (formulas defused) or XLSX (every cell text, so Excel keeps them). */
export async function peopleImportTemplate(
  rawQuery: unknown,
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const { format } = parseInput(peopleImportTemplateQuerySchema, rawQuery);
  const rows = templateRows();
  if (format === 'csv') {
    return {
      body: Buffer.from(stringify(rows, { escape_formulas: true }), 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      fileName: 'people-import-template.csv',
    };
  }
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('People');
  sheet.columns = PEOPLE_IMPORT_COLUMNS.map((key) => ({ key, width: 22, style: { numFmt: '@' } }));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: 'people-import-template.xlsx',
  };
}
