import { t } from '@lingui/core/macro';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  setMyKioskPinRequestSchema,
  type KioskCardResponse,
  type KioskPinStatus,
  type MyKioskPinResponse,
} from '@punchclock/shared/contracts/kiosk';
import type { Db } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import type { Actor } from '../people/index.ts';

/*
 * A person's kiosk PIN (decision 0026): set by the person (with their password), reset by an
 * admin. Stored as argon2id, like passwords; never logged or audited. Wrong PINs slow the next
 * try at that kiosk; they never lock it (decision 0042).
 */

const statusColumns = {
  isSet: sql<boolean>`${profiles.kioskPinHash} is not null`,
};

async function statusOf(db: Db, userId: string): Promise<KioskPinStatus | null> {
  const [row] = await db.select(statusColumns).from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

/** The caller's PIN status and the employee number they type at a kiosk (read-only here). */
export async function getMyKioskPin(db: Db, userId: string): Promise<MyKioskPinResponse> {
  const [row] = await db
    .select({ ...statusColumns, employeeNumber: profiles.employeeNumber })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { pin: { isSet: row?.isSet ?? false }, employeeNumber: row?.employeeNumber ?? null };
}

/** Sets the person's own PIN. */
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
    await tx.update(profiles).set({ kioskPinHash: pinHash }).where(eq(profiles.id, userId));
    await writeAudit(tx, {
      actorId: userId,
      action: 'kiosk_pin.set_own',
      entityType: 'user',
      entityId: userId,
      meta,
    });
  });
  return { isSet: true };
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
  const { isSet, ...card } = row;
  return { ...card, pin: { isSet } };
}

/** An admin removes someone's PIN: they set a new one before using a kiosk again. */
export async function resetKioskPinAsAdmin(
  db: Db,
  rawUserId: string,
  actor: Actor,
): Promise<KioskPinStatus> {
  const userId = z.uuid().safeParse(rawUserId);
  if (!userId.success) throw new NotFound(t`User not found`);
  return db.transaction(async (tx) => {
    const before = await statusOf(tx, userId.data);
    if (!before) throw new NotFound(t`User not found`);
    const [after] = await tx
      .update(profiles)
      .set({ kioskPinHash: null })
      .where(eq(profiles.id, userId.data))
      .returning(statusColumns);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'kiosk_pin.reset',
      entityType: 'user',
      entityId: userId.data,
      before,
      after: after ?? null,
      meta: actor.meta,
    });
    return after ?? { isSet: false };
  });
}
