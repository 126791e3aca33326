// Who may sign in with a password (#19, decision 0035): per person, and for the whole company.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { PasswordSignInScope, SignInSettings } from '@punchclock/shared/contracts/sso';
import type { Db } from '../../db/client.ts';
import { appSettings, profiles, userRoles, users } from '../../db/schema.ts';

const PASSWORD_SIGN_IN = 'password_sign_in';

export async function readPasswordSignInScope(db: Db): Promise<PasswordSignInScope> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PASSWORD_SIGN_IN));
  return row?.value === 'first_admin_only' ? 'first_admin_only' : 'everyone';
}

export async function writePasswordSignInScope(db: Db, value: PasswordSignInScope): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: PASSWORD_SIGN_IN, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * The break-glass account: the earliest-made admin who is active and has a password. When
 * password sign-in is off for everyone else, they still have one, so a broken identity
 * provider cannot lock the company out; suspending or demoting them passes it on.
 */
export async function findFirstAdmin(db: Db): Promise<SignInSettings['firstAdmin']> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: profiles.fullName })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(profiles.isSuspended, false), isNotNull(users.passwordHash)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row ?? null;
}

export async function readSignInSettings(db: Db): Promise<SignInSettings> {
  const [passwordSignIn, firstAdmin] = await Promise.all([
    readPasswordSignInScope(db),
    findFirstAdmin(db),
  ]);
  return { passwordSignIn, firstAdmin };
}

/** Whether this person may sign in with their password: the first admin always may. */
export async function mayUsePassword(db: Db, userId: string): Promise<boolean> {
  if ((await findFirstAdmin(db))?.id === userId) return true;
  const [row] = await db
    .select({ off: profiles.passwordSignInOff })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (row?.off) return false;
  return (await readPasswordSignInScope(db)) === 'everyone';
}
