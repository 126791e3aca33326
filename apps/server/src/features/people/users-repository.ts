import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Role } from '@punchclock/shared/domain/roles';
import type {
  DirectoryEntry,
  ListUsersQuery,
  UserSummary,
} from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { inTeams } from './teams-repository.ts';
import { passwordTokens, profiles, teams, userRoles, users } from '../../db/schema.ts';

const summaryColumns = {
  id: users.id,
  email: users.email,
  name: profiles.fullName,
  role: userRoles.role,
  teamId: profiles.teamId,
  teamName: teams.name,
  isSuspended: sql<boolean>`coalesce(${profiles.isSuspended}, false)`,
  hireDate: profiles.hireDate,
  ssoOnly: sql<boolean>`coalesce(${profiles.passwordSignInOff}, false)`,
  positions: sql<string[]>`coalesce(${profiles.positions}, '{}'::text[])`,
  minWeekMinutes: profiles.minWeekMinutes,
  maxWeekMinutes: profiles.maxWeekMinutes,
  managerId: profiles.managerId,
  managerName: sql<string | null>`(
    select coalesce(manager_profile.full_name, manager.email) from ${users} manager
    left join ${profiles} manager_profile on manager_profile.id = manager.id
    where manager.id = ${profiles.managerId})`,
  lastSignInAt: profiles.lastSignInAt,
  createdAt: users.createdAt,
};

function toSummary(row: {
  id: string;
  email: string;
  name: string | null;
  role: Role | null;
  teamId: string | null;
  teamName: string | null;
  isSuspended: boolean;
  hireDate: string | null;
  ssoOnly: boolean;
  positions: string[];
  minWeekMinutes: number | null;
  maxWeekMinutes: number | null;
  managerId: string | null;
  managerName: string | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}): UserSummary {
  return {
    ...row,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(teams, eq(teams.id, profiles.teamId));
}

const SORT_COLUMNS = {
  name: sql`lower(coalesce(${profiles.fullName}, ${users.email}))`,
  email: sql`lower(${users.email})`,
  role: sql`coalesce(${userRoles.role}::text, 'employee')`,
  team: sql`lower(${teams.name})`,
  lastSignIn: profiles.lastSignInAt,
  created: users.createdAt,
} as const;

/** One page of people matching the filters (search, role, status, team), sorted, and the total. */
export async function listUsersPage(
  db: Db,
  query: Required<Pick<ListUsersQuery, 'sort' | 'direction'>> &
    Omit<ListUsersQuery, 'page' | 'pageSize'> & { limit: number; offset: number },
  onlyTeamIds: string[] | null,
): Promise<{ users: UserSummary[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      sql`(${users.email} ilike ${pattern} or ${profiles.fullName} ilike ${pattern})`,
    );
  }
  if (query.role)
    conditions.push(sql`coalesce(${userRoles.role}::text, 'employee') = ${query.role}`);
  if (query.status) conditions.push(eq(profiles.isSuspended, query.status === 'suspended'));
  if (query.teamId) conditions.push(eq(profiles.teamId, query.teamId));
  conditions.push(inTeams(onlyTeamIds));
  const where = and(...conditions);
  const sortColumn = SORT_COLUMNS[query.sort];
  const order = query.direction === 'desc' ? desc(sortColumn) : asc(sortColumn);
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(sql`${order} nulls last`, asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .leftJoin(teams, eq(teams.id, profiles.teamId))
      .where(where),
  ]);
  return { users: rows.map(toSummary), total: totals[0]?.total ?? 0 };
}

export async function listDirectory(db: Db): Promise<DirectoryEntry[]> {
  const rows = await selectSummaries(db).orderBy(
    asc(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`),
  );
  return rows.map(({ id, email, name, role, teamId, isSuspended }) => ({
    id,
    email,
    name,
    role,
    teamId,
    isSuspended,
  }));
}

export async function findUserSummaryById(db: Db, id: string): Promise<UserSummary | null> {
  const [row] = await selectSummaries(db).where(eq(users.id, id));
  return row ? toSummary(row) : null;
}

export async function updateUserRecord(
  db: Db,
  id: string,
  values: {
    email: string;
    name: string;
    teamId: string | null;
    hireDate?: string | null;
    ssoOnly?: boolean;
    positions?: string[];
    minWeekMinutes?: number | null;
    maxWeekMinutes?: number | null;
    managerId?: string | null;
  },
): Promise<void> {
  await db.update(users).set({ email: values.email }).where(eq(users.id, id));
  await db
    .update(profiles)
    .set({
      fullName: values.name,
      teamId: values.teamId,
      ...(values.hireDate === undefined ? {} : { hireDate: values.hireDate }),
      ...(values.ssoOnly === undefined ? {} : { passwordSignInOff: values.ssoOnly }),
      ...(values.positions === undefined ? {} : { positions: values.positions }),
      ...(values.minWeekMinutes === undefined ? {} : { minWeekMinutes: values.minWeekMinutes }),
      ...(values.maxWeekMinutes === undefined ? {} : { maxWeekMinutes: values.maxWeekMinutes }),
      ...(values.managerId === undefined ? {} : { managerId: values.managerId }),
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, id));
}

/** A null hash takes the password away: nobody can sign in until a one-time link is used. */
export async function updatePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string | null,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/**
 * The admins who can sign in (not suspended, a password set), locked, so two demotions at once
 * cannot remove the last one. An admin still waiting for their one-time link does not count:
 * nobody could sign in as them if the last working admin left.
 */
export async function lockActiveAdminIds(db: Db): Promise<string[]> {
  const activeAdmins = () =>
    db
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          eq(userRoles.role, 'admin'),
          eq(profiles.isSuspended, false),
          isNotNull(users.passwordHash),
        ),
      )
      .orderBy(asc(profiles.id));
  await activeAdmins().for('update', { of: profiles });
  // Read again once the locks are held: a statement that waited for them re-checks only the
  // locked profiles rows, so it would still see a role another transaction changed meanwhile
  // (two admins demoting each other at once would both pass and leave none).
  const rows = await activeAdmins();
  return rows.map((row) => row.id);
}

/** Admins who are not suspended: whom a warning for "the admins" goes to. */
export async function listAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(and(eq(userRoles.role, 'admin'), eq(profiles.isSuspended, false)));
  return rows.map((row) => row.id);
}

export async function insertPasswordToken(
  db: Db,
  values: {
    id: string;
    userId: string;
    purpose: string;
    createdBy: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(passwordTokens).values(values);
}

/** Earlier unused links of a user stop working when a new one is made or a password is set. */
export async function expirePasswordTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/**
 * A link that is unused and unexpired. With `lock`, the token row stays locked until the
 * transaction ends, so the same link used twice at once works only once.
 */
export async function findUsablePasswordToken(
  db: Db,
  tokenHash: string,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = db
    .select({
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
      email: users.email,
      isSuspended: profiles.isSuspended,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .innerJoin(profiles, eq(profiles.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.id, tokenHash),
        isNull(passwordTokens.usedAt),
        sql`${passwordTokens.expiresAt} > now()`,
      ),
    );
  const [row] = lock ? await query.for('update', { of: passwordTokens }) : await query;
  return row ?? null;
}

/** Some people's summaries, in one read (unknown ids are left out). */
export async function listUserSummariesByIds(
  db: Db,
  ids: readonly string[],
): Promise<UserSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectSummaries(db).where(inArray(users.id, [...ids]));
  return rows.map(toSummary);
}

export async function listUserSummaries(db: Db): Promise<UserSummary[]> {
  const rows = await selectSummaries(db).orderBy(asc(sql`lower(${users.email})`));
  return rows.map(toSummary);
}

export async function findUserSummaryByEmail(db: Db, email: string): Promise<UserSummary | null> {
  const [row] = await selectSummaries(db).where(sql`lower(${users.email}) = lower(${email})`);
  return row ? toSummary(row) : null;
}

export async function findCredentialsByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      name: profiles.fullName,
      role: userRoles.role,
      isSuspended: sql<boolean>`coalesce(${profiles.isSuspended}, false)`,
      language: profiles.language,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function insertUser(
  db: Db,
  input: {
    email: string;
    passwordHash: string | null;
    name: string | null;
    role: Role;
    teamId?: string | null;
    hireDate?: string | null;
  },
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, passwordHash: input.passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  await db.insert(profiles).values({
    id: user.id,
    fullName: input.name,
    teamId: input.teamId ?? null,
    hireDate: input.hireDate ?? null,
  });
  await db.insert(userRoles).values({ userId: user.id, role: input.role });
  return user.id;
}

export async function updateSuspended(db: Db, userId: string, isSuspended: boolean): Promise<void> {
  await db
    .update(profiles)
    .set({ isSuspended, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

export async function upsertRole(db: Db, userId: string, role: Role): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

export async function updateLastSignIn(db: Db, userId: string): Promise<void> {
  await db
    .update(profiles)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

export async function setNameIfMissing(db: Db, userId: string, name: string): Promise<void> {
  await db
    .update(profiles)
    .set({ fullName: name, updatedAt: sql`now()` })
    .where(sql`${profiles.id} = ${userId} and ${profiles.fullName} is null`);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** A person's display name (name, else email) for a user-id column, as a SQL subquery. */
export function personNameOf(userIdColumn: AnyColumn) {
  return sql<
    string | null
  >`(select coalesce(np.full_name, nu.email) from ${users} nu left join ${profiles} np on np.id = nu.id where nu.id = ${userIdColumn})`;
}

/**
 * Whether `personId` would report to themselves through `managerId`: the manager is them, or
 * is somewhere below them in the reporting chain.
 */
export async function wouldCloseReportingCircle(
  db: Db,
  personId: string,
  managerId: string,
): Promise<boolean> {
  if (personId === managerId) return true;
  const result = (await db.execute(sql`
    with recursive chain(id) as (
      select ${profiles.managerId} from ${profiles} where ${profiles.id} = ${managerId}
      union
      select p.manager_id from ${profiles} p join chain on p.id = chain.id
    )
    select exists (select 1 from chain where id = ${personId}) as "closes"`)) as unknown as {
    rows: { closes: boolean }[];
  };
  return result.rows[0]?.closes === true;
}
