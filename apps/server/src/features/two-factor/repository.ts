// The SQL of two-step verification: factors, recovery codes, passkeys, sign-in steps, the setting.
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TwoFactorRequirement } from '@punchclock/shared/contracts/two-factor';
import type { Db } from '../../db/client.ts';
import {
  appSettings,
  authChallenges,
  passkeys,
  profiles,
  recoveryCodes,
  totpFactors,
  userRoles,
  users,
} from '../../db/schema.ts';

const TWO_FACTOR_REQUIRED = 'two_factor_required';

export async function readTwoFactorRequirement(db: Db): Promise<TwoFactorRequirement> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, TWO_FACTOR_REQUIRED));
  return row?.value === 'admins' || row?.value === 'everyone' ? row.value : 'off';
}

export async function writeTwoFactorRequirement(
  db: Db,
  value: TwoFactorRequirement,
): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: TWO_FACTOR_REQUIRED, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** The person as two-step verification needs them. */
export async function findPerson(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: profiles.fullName,
      passwordHash: users.passwordHash,
      role: userRoles.role,
      isSuspended: sql<boolean>`coalesce(${profiles.isSuspended}, false)`,
      language: profiles.language,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

// ---- Authenticator app (TOTP) ------------------------------------------------------------------

export async function findTotpFactor(db: Db, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row ?? null;
}

/** A new, unconfirmed secret (replacing an unconfirmed one). */
export async function putPendingTotp(db: Db, userId: string, secret: string): Promise<void> {
  await db
    .insert(totpFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret, confirmedAt: null, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(totpFactors.confirmedAt),
    });
}

export async function confirmTotp(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ confirmedAt: sql`now()`, lastUsedStep: step })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

/**
 * Records that a code of `step` was used, unless that step or a later one already was: two
 * requests racing with the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function deleteTotp(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

// ---- Recovery codes ----------------------------------------------------------------------------

export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}

/** Uses a recovery code, once: false if there is no such unused code. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

// ---- Passkeys ----------------------------------------------------------------------------------

export async function listPasskeys(db: Db, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function findPasskey(db: Db, id: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row ?? null;
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteAllPasskeys(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return rows.length;
}

/** A use moves the signature counter on; a counter that went back is refused before this. */
export async function recordPasskeyUse(db: Db, id: string, counter: number): Promise<void> {
  await db
    .update(passkeys)
    // Never backwards: of two sign-ins at once, the lower counter must not overwrite the higher.
    .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, id));
}

// ---- Sign-in steps (auth_challenges) -----------------------------------------------------------

export type ChallengePurpose = 'second_factor' | 'passkey_sign_in' | 'passkey_registration';

const LIFETIME_MINUTES = 5;

export async function insertChallenge(
  db: Db,
  values: { id: string; purpose: ChallengePurpose; userId: string | null; challenge?: string },
): Promise<void> {
  // Old steps are swept as new ones start, so the table stays small without a job.
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, sql`now()`));
  await db.insert(authChallenges).values({
    ...values,
    expiresAt: sql`now() + make_interval(mins => ${LIFETIME_MINUTES})`,
  });
}

export async function findChallenge(db: Db, id: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** The newest live step of this purpose of a signed-in person (adding a passkey). */
export async function findLatestChallengeOf(db: Db, userId: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, userId),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

export async function deleteChallengesOf(
  db: Db,
  userId: string,
  purpose: ChallengePurpose,
): Promise<void> {
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, purpose)));
}

export async function setChallengeValue(db: Db, id: string, challenge: string): Promise<void> {
  await db.update(authChallenges).set({ challenge }).where(eq(authChallenges.id, id));
}

/** Takes a step for its one use: false when another request took it first. */
/**
 * The person's factor rows, locked until the transaction ends (the app's row, then the
 * passkeys', always in that order): two removals at once are answered one after the other.
 */
export async function lockFactorsOf(db: Db, userId: string) {
  const [totp] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .for('update');
  const keys = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id))
    .for('update');
  return { totp: totp?.confirmedAt != null, passkeyIds: keys.map((key) => key.id) };
}

/** The live step, its row locked until the transaction ends: one answer at a time. */
export async function lockChallenge(db: Db, id: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.purpose, purpose),
        gt(authChallenges.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function takeChallenge(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(authChallenges)
    .where(eq(authChallenges.id, id))
    .returning({ id: authChallenges.id });
  return rows.length === 1;
}

/** One more wrong try; answers how many there have been. */
export async function countChallengeAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}
