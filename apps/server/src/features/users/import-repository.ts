// The people import's SQL (#33 part 2): one read per kind of data for the whole file, and each
// kind of write as one statement for every row (a JSON parameter), so 5,000 people take a few
// statements, not tens of thousands.
import { sql } from 'drizzle-orm';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Locale } from '@punchclock/shared/i18n/locales';
import type { Db } from '../../db/client.ts';
import { insertJsonRowsSql } from '../../db/json-rows.ts';
import {
  passwordTokens,
  payRates,
  profiles,
  ssoProviders,
  teams,
  userRoles,
  users,
} from '../../db/schema.ts';

/** A person already in Punchclock, as the import compares them. */
export interface ExistingPerson {
  id: string;
  email: string;
  name: string | null;
  role: Role | null;
  teamId: string | null;
  teamName: string | null;
  hireDate: string | null;
  employeeNumber: string | null;
  language: Locale | null;
  managerId: string | null;
  managerEmail: string | null;
  isSuspended: boolean;
  /** The rate in force on `today` and every later-dated one, oldest first. */
  rates: DatedRate[];
}

export interface DatedRate {
  effectiveFrom: string;
  hourlyCents: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The people with these emails (any case), with what the import may change. */
export async function listPeopleByEmails(
  db: Db,
  emails: readonly string[],
  today: string,
): Promise<ExistingPerson[]> {
  if (emails.length === 0) return [];
  const result = await db.execute(sql`
    select u.id, u.email, p.full_name as "name", r.role, p.team_id as "teamId",
      t.name as "teamName", p.hire_date::text as "hireDate", p.employee_number as "employeeNumber",
      p.language, p.manager_id as "managerId", m.email as "managerEmail",
      coalesce(p.is_suspended, false) as "isSuspended",
      coalesce((select json_agg(json_build_object('effectiveFrom', rate.effective_from::text,
          'hourlyCents', rate.hourly_cents) order by rate.effective_from)
        from ${payRates} as rate
        where rate.user_id = u.id and rate.effective_from >= coalesce(
          (select max(before.effective_from) from ${payRates} as before
            where before.user_id = u.id and before.effective_from <= ${today}::date),
          '-infinity'::date)), '[]'::json) as "rates"
    from ${users} as u
    left join ${profiles} as p on p.id = u.id
    left join ${userRoles} as r on r.user_id = u.id
    left join ${teams} as t on t.id = p.team_id
    left join ${users} as m on m.id = p.manager_id
    where lower(u.email) in (
      select value from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`);
  return rowsOf<ExistingPerson>(result);
}

export async function listTeamNames(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: teams.id, name: teams.name }).from(teams);
}

/** Who holds these employee numbers, in any case (numbers are unique whatever their case). */
export async function listEmployeeNumberHolders(
  db: Db,
  numbers: readonly string[],
): Promise<{ id: string; employeeNumber: string }[]> {
  if (numbers.length === 0) return [];
  const lowered = numbers.map((number) => number.toLowerCase());
  const result = await db.execute(sql`
    select id, employee_number as "employeeNumber" from ${profiles}
    where lower(employee_number) in (
      select value from jsonb_array_elements_text(${JSON.stringify(lowered)}::jsonb))`);
  return rowsOf(result);
}

/** Everyone's manager (person id → manager id): the whole graph a reporting circle may close. */
export async function listManagerLinks(db: Db): Promise<{ id: string; managerId: string }[]> {
  const result = await db.execute(sql`
    select id, manager_id as "managerId" from ${profiles} where manager_id is not null`);
  return rowsOf(result);
}

export async function hasEnabledSsoProvider(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from ${ssoProviders} where enabled) as "found"`,
  );
  return rowsOf<{ found: boolean }>(result)[0]?.found ?? false;
}

export async function insertTeams(
  db: Db,
  names: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (names.length === 0) return [];
  const records = names.map((name) => ({ name }));
  return rowsOf(
    await db.execute(sql`${insertJsonRowsSql(teams, ['name'], records)} returning id, name`),
  );
}

/** New accounts, no password (set through a link, or single sign-on). */
export async function insertUsers(
  db: Db,
  emails: readonly string[],
): Promise<{ id: string; email: string }[]> {
  if (emails.length === 0) return [];
  const records = emails.map((email) => ({ email }));
  return rowsOf(
    await db.execute(sql`${insertJsonRowsSql(users, ['email'], records)} returning id, email`),
  );
}

/** A person's profile columns the import writes, keyed by column name. */
export type ProfileRecord = {
  id: string;
  full_name: string | null;
  team_id: string | null;
  hire_date: string | null;
  employee_number: string | null;
  language: Locale | null;
  manager_id: string | null;
  password_sign_in_off: boolean;
};

export async function insertProfiles(db: Db, records: readonly ProfileRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.execute(insertJsonRowsSql(profiles, Object.keys(records[0]!), records));
}

/** Every column of ProfileRecord but the sign-in setting, one statement for all. */
export async function updateProfiles(
  db: Db,
  records: readonly Omit<ProfileRecord, 'password_sign_in_off'>[],
): Promise<void> {
  if (records.length === 0) return;
  await db.execute(sql`
    update ${profiles} as p
    set full_name = r.full_name, team_id = r.team_id, hire_date = r.hire_date,
      employee_number = r.employee_number, language = r.language, manager_id = r.manager_id,
      updated_at = now()
    from json_populate_recordset(null::profiles, ${JSON.stringify(records)}::json) as r
    where p.id = r.id`);
}

export async function upsertRoles(
  db: Db,
  records: readonly { user_id: string; role: Role }[],
): Promise<void> {
  if (records.length === 0) return;
  await db.execute(sql`
    ${insertJsonRowsSql(userRoles, ['user_id', 'role'], records)}
    on conflict (user_id) do update set role = excluded.role`);
}

/** They no longer lead a team once their role cannot (as setUserRole does one at a time). */
export async function clearTeamsLedByAny(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    update ${teams} set lead_user_id = null
    where lead_user_id in (
      select value::uuid from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`);
}

export async function insertRates(
  db: Db,
  records: readonly {
    user_id: string;
    effective_from: string;
    hourly_cents: number;
    created_by: string | null;
  }[],
): Promise<{ id: string; userId: string }[]> {
  if (records.length === 0) return [];
  return rowsOf(
    await db.execute(sql`
      ${insertJsonRowsSql(payRates, ['user_id', 'effective_from', 'hourly_cents', 'created_by'], records)}
      returning id, user_id as "userId"`),
  );
}

/** Removes the rates starting on these dates (replaced by the file's), as they were. */
export async function deleteRatesOn(
  db: Db,
  records: readonly { user_id: string; effective_from: string }[],
): Promise<{ id: string; userId: string; effectiveFrom: string; hourlyCents: number }[]> {
  if (records.length === 0) return [];
  return rowsOf(
    await db.execute(sql`
      delete from ${payRates} as rate
      using jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        as r(user_id uuid, effective_from date)
      where rate.user_id = r.user_id and rate.effective_from = r.effective_from
      returning rate.id, rate.user_id as "userId", rate.effective_from::text as "effectiveFrom",
        rate.hourly_cents as "hourlyCents"`),
  );
}

export async function insertPasswordTokens(
  db: Db,
  records: readonly {
    id: string;
    user_id: string;
    purpose: 'invite';
    created_by: string | null;
    expires_at: string;
  }[],
): Promise<void> {
  if (records.length === 0) return;
  await db.execute(insertJsonRowsSql(passwordTokens, Object.keys(records[0]!), records));
}
