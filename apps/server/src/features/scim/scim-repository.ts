// The SQL of SCIM provisioning: people as SCIM shows them, pushed groups and their members.
import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { profiles, scimGroupMembers, scimGroups, teams, users } from '../../db/schema.ts';
import type { ScimUserRecord } from './user-attributes.ts';

export interface ScimGroupRecord {
  id: string;
  displayName: string;
  externalId: string | null;
  teamId: string | null;
  role: Role | null;
  createdAt: Date;
  updatedAt: Date;
  members: { id: string; display: string }[];
}

/** A new updated_at at least a millisecond after the old: the ETag (epoch ms) always moves. */
const laterThan = (column: typeof profiles.updatedAt | typeof scimGroups.updatedAt) =>
  sql`greatest(now(), ${column} + interval '1 millisecond')`;

const userColumns = {
  id: users.id,
  email: users.email,
  fullName: profiles.fullName,
  isSuspended: profiles.isSuspended,
  externalId: profiles.scimExternalId,
  employeeNumber: profiles.employeeNumber,
  managerId: profiles.managerId,
  language: profiles.language,
  createdAt: users.createdAt,
  updatedAt: profiles.updatedAt,
};

/** People as SCIM shows them, oldest first, each with their pushed groups. */
export async function selectScimUsers(db: Db, where?: SQL): Promise<ScimUserRecord[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id));
  if (rows.length === 0) return [];
  const memberships = await db
    .select({
      userId: scimGroupMembers.userId,
      id: scimGroups.id,
      displayName: scimGroups.displayName,
    })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(
      rows.length <= 500
        ? inArray(
            scimGroupMembers.userId,
            rows.map((row) => row.id),
          )
        : undefined,
    )
    .orderBy(asc(sql`lower(${scimGroups.displayName})`));
  const groupsOf = new Map<string, { id: string; displayName: string }[]>();
  for (const { userId, id, displayName } of memberships) {
    groupsOf.set(userId, [...(groupsOf.get(userId) ?? []), { id, displayName }]);
  }
  return rows.map((row) => ({ ...row, groups: groupsOf.get(row.id) ?? [] }));
}

export async function findScimUser(db: Db, id: string): Promise<ScimUserRecord | null> {
  const [user] = await selectScimUsers(db, eq(users.id, id));
  return user ?? null;
}

/** The narrowing of a list whose filter is one `eq` on a column SCIM looks people up by. */
export function scimUserLookup(attribute: string, value: string): SQL | undefined {
  switch (attribute) {
    case 'username':
      return sql`lower(${users.email}) = lower(${value})`;
    case 'externalid':
      return eq(profiles.scimExternalId, value);
    case 'id':
      return /^[0-9a-f-]{36}$/i.test(value) ? eq(users.id, value) : sql`false`;
    default:
      return undefined;
  }
}

/** The attributes SCIM keeps beside the account's (name, email): one update, updated_at bumped. */
export async function updateScimProfile(
  db: Db,
  userId: string,
  values: {
    externalId: string | null;
    employeeNumber: string | null;
    managerId: string | null;
    language: string | null;
  },
): Promise<void> {
  await db
    .update(profiles)
    .set({
      scimExternalId: values.externalId,
      employeeNumber: values.employeeNumber,
      managerId: values.managerId,
      language: values.language,
      updatedAt: laterThan(profiles.updatedAt),
    })
    .where(eq(profiles.id, userId));
}

/** Marks people changed (their ETag moves) when something SCIM shows of them changed. */
export async function touchProfiles(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(profiles)
    .set({ updatedAt: laterThan(profiles.updatedAt) })
    .where(inArray(profiles.id, [...userIds]));
}

export async function updateTeamOf(db: Db, userId: string, teamId: string | null): Promise<void> {
  await db
    .update(profiles)
    .set({ teamId, updatedAt: laterThan(profiles.updatedAt) })
    .where(eq(profiles.id, userId));
}

/** Someone else holding this employee number in any case, if anyone (as payroll's check). */
export async function findEmployeeNumberHolder(
  db: Db,
  employeeNumber: string,
  exceptUserId: string | null,
): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`lower(${profiles.employeeNumber}) = lower(${employeeNumber})`,
        exceptUserId ? ne(profiles.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

export async function existingUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

// ---- Groups --------------------------------------------------------------------------------

/** Pushed groups, by name, each with its members. */
export async function selectScimGroups(db: Db, where?: SQL): Promise<ScimGroupRecord[]> {
  const rows = await db
    .select({
      id: scimGroups.id,
      displayName: scimGroups.displayName,
      externalId: scimGroups.externalId,
      teamId: scimGroups.teamId,
      role: scimGroups.role,
      createdAt: scimGroups.createdAt,
      updatedAt: scimGroups.updatedAt,
    })
    .from(scimGroups)
    .where(where)
    .orderBy(asc(sql`lower(${scimGroups.displayName})`), asc(scimGroups.id));
  if (rows.length === 0) return [];
  const members = await db
    .select({
      groupId: scimGroupMembers.groupId,
      id: users.id,
      display: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
    })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      rows.length <= 500
        ? inArray(
            scimGroupMembers.groupId,
            rows.map((row) => row.id),
          )
        : undefined,
    )
    .orderBy(asc(users.createdAt), asc(users.id));
  const membersOf = new Map<string, { id: string; display: string }[]>();
  for (const { groupId, id, display } of members) {
    membersOf.set(groupId, [...(membersOf.get(groupId) ?? []), { id, display }]);
  }
  return rows.map((row) => ({ ...row, members: membersOf.get(row.id) ?? [] }));
}

export async function findScimGroup(db: Db, id: string): Promise<ScimGroupRecord | null> {
  const [group] = await selectScimGroups(db, eq(scimGroups.id, id));
  return group ?? null;
}

export function scimGroupLookup(attribute: string, value: string): SQL | undefined {
  switch (attribute) {
    case 'displayname':
      return sql`lower(${scimGroups.displayName}) = lower(${value})`;
    case 'externalid':
      return eq(scimGroups.externalId, value);
    case 'id':
      return /^[0-9a-f-]{36}$/i.test(value) ? eq(scimGroups.id, value) : sql`false`;
    default:
      return undefined;
  }
}

export async function lockScimGroup(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(eq(scimGroups.id, id))
    .for('update');
  return rows.length > 0;
}

export async function findGroupByName(
  db: Db,
  displayName: string,
  exceptId: string | null,
): Promise<string | null> {
  const [row] = await db
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(
      and(
        sql`lower(${scimGroups.displayName}) = lower(${displayName})`,
        exceptId ? ne(scimGroups.id, exceptId) : undefined,
      ),
    );
  return row?.id ?? null;
}

export async function insertScimGroup(
  db: Db,
  values: { displayName: string; externalId: string | null },
): Promise<string> {
  const [row] = await db.insert(scimGroups).values(values).returning({ id: scimGroups.id });
  if (!row) throw new Error('insert into scim_groups returned no row');
  return row.id;
}

export async function updateScimGroup(
  db: Db,
  id: string,
  values: {
    displayName?: string;
    externalId?: string | null;
    teamId?: string | null;
    role?: Role | null;
  },
): Promise<void> {
  await db
    .update(scimGroups)
    .set({
      ...values,
      updatedAt: laterThan(scimGroups.updatedAt),
    })
    .where(eq(scimGroups.id, id));
}

export async function deleteScimGroup(db: Db, id: string): Promise<void> {
  await db.delete(scimGroups).where(eq(scimGroups.id, id));
}

export async function addGroupMembers(
  db: Db,
  groupId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const added = await db
    .insert(scimGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing()
    .returning({ userId: scimGroupMembers.userId });
  return added.map((row) => row.userId);
}

export async function removeGroupMembers(
  db: Db,
  groupId: string,
  userIds: readonly string[] | 'all',
): Promise<string[]> {
  if (userIds !== 'all' && userIds.length === 0) return [];
  const removed = await db
    .delete(scimGroupMembers)
    .where(
      and(
        eq(scimGroupMembers.groupId, groupId),
        userIds === 'all' ? undefined : inArray(scimGroupMembers.userId, [...userIds]),
      ),
    )
    .returning({ userId: scimGroupMembers.userId });
  return removed.map((row) => row.userId);
}

/** A person's pushed groups that map to a team or a role. */
export interface MappedGroup {
  id: string;
  displayName: string;
  teamId: string | null;
  role: Role | null;
}

export async function listMappedGroups(db: Db): Promise<MappedGroup[]> {
  return db
    .select({
      id: scimGroups.id,
      displayName: scimGroups.displayName,
      teamId: scimGroups.teamId,
      role: scimGroups.role,
    })
    .from(scimGroups)
    .where(or(isNotNull(scimGroups.teamId), isNotNull(scimGroups.role)))
    .orderBy(asc(sql`lower(${scimGroups.displayName})`), asc(scimGroups.id));
}

export async function listMembershipsOf(
  db: Db,
  userIds: readonly string[],
): Promise<{ userId: string; groupId: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: scimGroupMembers.userId, groupId: scimGroupMembers.groupId })
    .from(scimGroupMembers)
    .where(inArray(scimGroupMembers.userId, [...userIds]));
}

export async function listMemberIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .where(eq(scimGroupMembers.groupId, groupId));
  return rows.map((row) => row.userId);
}

/** The admin's list: every pushed group with its member count and mapping. */
export async function listGroupMappings(db: Db) {
  return db
    .select({
      id: scimGroups.id,
      displayName: scimGroups.displayName,
      externalId: scimGroups.externalId,
      memberCount: sql<number>`(select count(*)::int from ${scimGroupMembers} where ${scimGroupMembers.groupId} = ${scimGroups.id})`,
      teamId: scimGroups.teamId,
      role: scimGroups.role,
      updatedAt: scimGroups.updatedAt,
    })
    .from(scimGroups)
    .orderBy(asc(sql`lower(${scimGroups.displayName})`), asc(scimGroups.id));
}

export async function teamExists(db: Db, teamId: string): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  return row !== undefined;
}

/** Holds the person's row until the transaction ends, so two SCIM writes do not interleave. */
export async function lockProfile(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return rows.length > 0;
}

/** The sign-in email and the full name, as a directory renames someone. */
export async function updateEmailAndName(
  db: Db,
  userId: string,
  values: { email: string; fullName: string },
): Promise<void> {
  await db.update(users).set({ email: values.email }).where(eq(users.id, userId));
  await db
    .update(profiles)
    .set({ fullName: values.fullName, updatedAt: laterThan(profiles.updatedAt) })
    .where(eq(profiles.id, userId));
}
