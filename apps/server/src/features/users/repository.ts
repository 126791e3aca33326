import { asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@punchclock/shared/domain/roles';
import type { UserSummary } from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { profiles, userRoles, users } from '../../db/schema.ts';

const summaryColumns = {
  id: users.id,
  email: users.email,
  name: profiles.fullName,
  role: userRoles.role,
  isSuspended: sql<boolean>`coalesce(${profiles.isSuspended}, false)`,
  lastSignInAt: profiles.lastSignInAt,
  createdAt: users.createdAt,
};

function toSummary(row: {
  id: string;
  email: string;
  name: string | null;
  role: Role | null;
  isSuspended: boolean;
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
    .leftJoin(userRoles, eq(userRoles.userId, users.id));
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
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function insertUser(
  db: Db,
  input: { email: string; passwordHash: string; name: string | null; role: Role },
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, passwordHash: input.passwordHash })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  await db.insert(profiles).values({ id: user.id, fullName: input.name });
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
