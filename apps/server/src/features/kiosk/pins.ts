import { t } from '@lingui/core/macro';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  setMyKioskPinRequestSchema,
  type KioskCardResponse,
  type KioskPinStatus,
} from '@punchclock/shared/contracts/kiosk';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import type { Actor } from '../people/index.ts';

/*
 * A person's kiosk PIN (decision 0026): set by the person (with their password), reset or
 * unlocked by an admin. Stored as argon2id, like passwords; never logged or audited.
 */

const statusColumns = {
  isSet: sql<boolean>`${profiles.kioskPinHash} is not null`,
  isLocked: sql<boolean>`${profiles.kioskPinLockedAt} is not null`,
};

async function statusOf(db: Db, userId: string): Promise<KioskPinStatus | null> {
  const [row] = await db.select(statusColumns).from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

export async function getMyKioskPinStatus(db: Db, userId: string): Promise<KioskPinStatus> {
  return (await statusOf(db, userId)) ?? { isSet: false, isLocked: false };
}

/** Sets the person's own PIN; a new PIN also clears a lock and the count of wrong ones. */
export async function setMyKioskPin(
  db: Db,
  userId: string,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<KioskPinStatus> {
  const input = parseInput(setMyKioskPinRequestSchema, rawInput);
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!(await verifyPassword(account?.passwordHash ?? null, input.currentPassword))) {
    throw new Invalid(t`Your current password is not correct`, 'wrong_password');
  }
  const pinHash = await hashPassword(input.pin);
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ kioskPinHash: pinHash, kioskPinFailures: 0, kioskPinLockedAt: null })
      .where(eq(profiles.id, userId));
    await writeAudit(tx, {
      actorId: userId,
      action: 'kiosk_pin.set_own',
      entityType: 'user',
      entityId: userId,
      meta,
    });
  });
  return { isSet: true, isLocked: false };
}

/** The person's badge details and PIN status, for an admin (no PIN or hash, ever). */
export async function getKioskCard(db: Db, rawUserId: string): Promise<KioskCardResponse> {
  const userId = z.uuid().safeParse(rawUserId);
  if (!userId.success) throw new NotFound(t`User not found`);
  const [row] = await db
    .select({
      name: sql<string>`coalesce(${profiles.fullName}, ${users.email})`,
      employeeNumber: profiles.employeeNumber,
      ...statusColumns,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId.data));
  if (!row) throw new NotFound(t`User not found`);
  const { isSet, isLocked, ...card } = row;
  return { ...card, pin: { isSet, isLocked } };
}

/**
 * An admin's change to someone's PIN: `reset` removes it (the person sets a new one before
 * using a kiosk again), `unlock` lifts a lock after too many wrong PINs and keeps the PIN.
 */
export async function changeKioskPinAsAdmin(
  db: Db,
  rawUserId: string,
  change: 'reset' | 'unlock',
  actor: Actor,
): Promise<KioskPinStatus> {
  const userId = z.uuid().safeParse(rawUserId);
  if (!userId.success) throw new NotFound(t`User not found`);
  return db.transaction(async (tx) => {
    const before = await statusOf(tx, userId.data);
    if (!before) throw new NotFound(t`User not found`);
    const [after] = await tx
      .update(profiles)
      .set({
        kioskPinFailures: 0,
        kioskPinLockedAt: null,
        ...(change === 'reset' ? { kioskPinHash: null } : {}),
      })
      .where(eq(profiles.id, userId.data))
      .returning(statusColumns);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: change === 'reset' ? 'kiosk_pin.reset' : 'kiosk_pin.unlock',
      entityType: 'user',
      entityId: userId.data,
      before,
      after: after ?? null,
      meta: actor.meta,
    });
    return after ?? { isSet: false, isLocked: false };
  });
}
